"""Moved to :mod:`zerosum.hosting.warm` (hosting agents in processes is the hosting floor's
job, below both the arena and the web); this path keeps working."""

from ..hosting import warm as _moved
from ..hosting.warm import *  # noqa: F403
from ..hosting.warm import __all__  # noqa: F401


def __getattr__(name: str) -> object:  # the module's other names, private ones included
    return getattr(_moved, name)
