"""Moved to :mod:`zerosum.hosting.tether` (a fork server's preload); this path keeps working:
importing it imports that module, which does what this one did."""

from ..hosting import tether as _moved  # noqa: F401
