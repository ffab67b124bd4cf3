"""Notices of slow one-time work, for a person at a terminal.

Some work is slow only the first time on a machine: numba compiles a game's search into
its on-disk cache (seconds), and later processes load it in a fraction of that. The code
doing such work runs it inside :func:`while_slow`; when it is still running after half a
second, the listener (set by :func:`listen`; the ``zerosum`` command prints to stderr)
hears the message, and then how long the work took. A warm start stays silent, and the
library stays silent unless someone listens.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["listen", "while_slow"]

_listener: Callable[[str], None] | None = None


def listen(listener: Callable[[str], None] | None) -> Callable[[str], None] | None:
    """Send notices to ``listener`` from now on (None: to nobody); returns the one before."""
    global _listener
    previous, _listener = _listener, listener
    return previous


@contextmanager
def while_slow(message: str, after: float = 0.5) -> Iterator[None]:
    """Run the block; if it lasts over ``after`` seconds, tell the listener ``message``
    then, and how long it took at the end."""
    listener = _listener
    if listener is None:
        yield
        return
    start = time.perf_counter()
    told = threading.Event()

    def tell() -> None:
        told.set()
        listener(f"{message}...")

    timer = threading.Timer(after, tell)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        timer.join()  # a notice being told finishes first
        if told.is_set():
            listener(f"{message}: done in {time.perf_counter() - start:.1f} s")
