"""Ctrl-C and SIGTERM on the command line: both stop a command the same way.

Outside compiled code, SIGTERM raises :class:`Terminated` (a ``KeyboardInterrupt``) as
Ctrl-C raises ``KeyboardInterrupt``, so one ``except`` cleans up after either and the
command exits with ``128 + signal`` (130 for Ctrl-C, 143 for SIGTERM). Compiled code does
not return to Python until it is done, so no Python handler can run meanwhile: work that
has nothing to clean up runs inside :func:`signals_end_process`, where either signal ends
the process at once by its default action (a shell sees the same 130 or 143).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

__all__ = ["Terminated", "exit_status", "sigterm_as_interrupt", "signals_end_process"]


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: stop as for Ctrl-C."""


def exit_status(exc: KeyboardInterrupt) -> int:
    """The exit status of a command stopped by ``exc``: 128 plus the signal's number."""
    number = signal.SIGTERM if isinstance(exc, Terminated) else signal.SIGINT
    return 128 + int(number)


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated()


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """While inside, SIGTERM raises :class:`Terminated` in the main thread (elsewhere: no
    change, since only the main thread may set handlers)."""
    if not _in_main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def signals_end_process() -> Iterator[None]:
    """While inside, Ctrl-C and SIGTERM end the process at once (their default action).

    For compiled work that cannot be interrupted and leaves nothing to clean up: flush
    every result before entering. Outside the main thread this changes nothing."""
    if not _in_main_thread():
        yield
        return
    watched = (signal.SIGINT, signal.SIGTERM)
    previous = {s: signal.signal(s, signal.SIG_DFL) for s in watched}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
