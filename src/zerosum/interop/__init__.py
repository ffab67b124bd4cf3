"""Games from other libraries behind zerosum's interface (``interop.openspiel``)."""

from . import openspiel

__all__ = ["openspiel"]
