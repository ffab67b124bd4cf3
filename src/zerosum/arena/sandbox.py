"""Moved to :mod:`zerosum.hosting.sandbox` (hosting agents in processes is the hosting floor's
job, below both the arena and the web); this path keeps working."""

from ..hosting import sandbox as _moved
from ..hosting.sandbox import *  # noqa: F403
from ..hosting.sandbox import __all__  # noqa: F401


def __getattr__(name: str) -> object:  # the module's other names, private ones included
    return getattr(_moved, name)
