"""Moved to :mod:`zerosum.hosting.isolation` (hosting agents in processes is the hosting floor's
job, below both the arena and the web); this path keeps working."""

from ..hosting import isolation as _moved
from ..hosting.isolation import *  # noqa: F403
from ..hosting.isolation import __all__  # noqa: F401


def __getattr__(name: str) -> object:  # the module's other names, private ones included
    return getattr(_moved, name)
