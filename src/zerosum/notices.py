"""Notices of slow one-time work, for a person at a terminal.

Some work is slow only the first time on a machine: numba compiles a game's search into
its on-disk cache (seconds), and later processes load it in a fraction of that. The code
doing such work runs it inside :func:`while_compiling`; when numba is compiling and the
work has run for half a second, the listener (set by :func:`listen`; the ``zerosum``
command prints to stderr) hears the message, and then how long the work took. A warm
start stays silent however slow the machine (a load from the cache is not a compile), and
the library stays silent unless someone listens. Other long work says what it does with
:func:`while_slow`. A compile is told by the thread that compiles: a block that only waits
for another thread's compile of the same code says nothing, so each compile is told once.
Notices told while a person types (:func:`held`: ``Human``'s prompt) wait until the
answer, so that none lands on the prompt's line.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["held", "listen", "while_compiling", "while_slow"]

_listener: Callable[[str], None] | None = None
_lock = threading.Lock()
_holding = 0  # how many held() blocks are running
_waiting: list[tuple[Callable[[str], None], str]] = []  # notices told meanwhile


def listen(listener: Callable[[str], None] | None) -> Callable[[str], None] | None:
    """Send notices to ``listener`` from now on (None: to nobody); returns the one before."""
    global _listener
    previous, _listener = _listener, listener
    return previous


@contextmanager
def held() -> Iterator[None]:
    """Run the block with every notice told meanwhile (by any thread) waiting until its
    end, then told in order: a person's prompt, so that a notice neither lands on the
    prompt's line nor mixes with what the person types."""
    global _holding
    with _lock:
        _holding += 1
    try:
        yield
    finally:
        with _lock:
            _holding -= 1
            due = [] if _holding else _waiting[:]
            if not _holding:
                _waiting.clear()
        for listener, message in due:
            listener(message)


def _tell(listener: Callable[[str], None], message: str) -> None:
    """Tell ``listener`` the message now, or at the end of the running :func:`held`."""
    with _lock:
        if _holding:
            _waiting.append((listener, message))
            return
    listener(message)


@contextmanager
def while_slow(message: str, after: float = 0.5) -> Iterator[None]:
    """Run the block; if it lasts over ``after`` seconds, tell the listener ``message``
    then, and how long it took at the end."""
    always = threading.Event()
    always.set()
    with _told_if(message, after, always):
        yield


@contextmanager
def while_compiling(message: str, after: float = 0.5) -> Iterator[None]:
    """Run the block; if numba compiles in it (in this thread: numba's events reach every
    thread's listeners) and it lasts over ``after`` seconds, tell the listener ``message``
    then, and how long it took at the end."""
    if _listener is None:
        yield
        return
    from numba.core import event

    compiling = threading.Event()
    ours = threading.get_ident()

    class Compiles(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            if threading.get_ident() == ours:
                compiling.set()

        def on_end(self, ev: event.Event) -> None:
            pass

    with _told_if(message, after, compiling), event.install_listener("numba:compile", Compiles()):
        yield


@contextmanager
def _told_if(message: str, after: float, begun: threading.Event) -> Iterator[None]:
    """Run the block; once it has lasted ``after`` seconds and ``begun`` is set, tell the
    listener ``message``, and how long the block took at its end."""
    listener = _listener
    if listener is None:
        yield
        return
    start = time.perf_counter()
    told = threading.Event()
    over = threading.Event()

    def tell() -> None:
        while not begun.wait(0.05):
            if over.is_set():
                return
        told.set()
        _tell(listener, f"{message}...")

    timer = threading.Timer(after, tell)
    timer.daemon = True
    timer.start()
    finished = False
    try:
        yield
        finished = True
    finally:
        over.set()
        timer.cancel()
        timer.join()  # a notice being told finishes first
        if told.is_set():
            ended = "done in" if finished else "stopped after"  # an error, a time limit
            _tell(listener, f"{message}: {ended} {time.perf_counter() - start:.1f} s")
