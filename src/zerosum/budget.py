"""The time a move may take: one deadline contract for every agent.

Whoever asks for a move (``zs.play``, the arena, the web page, the command line) says how
long it may take with :func:`limit`; every agent reads it with :func:`deadline_for` (its own
``time_limit`` and the caller's, whichever ends first) or :func:`remaining`, and answers
with its best move so far when time is up. Deadlines are ``time.perf_counter()`` seconds,
which on Linux is the ``CLOCK_MONOTONIC`` clock the compiled kernels read
(``kernels/clock.py``), so the same number stops Python and compiled searches alike.

The deadline lives in a context variable: it holds in the thread (or task) that set it
and in the calls made from there, and no other move sees it.

>>> with limit(2.0):
...     0 < remaining() <= 2.0
True
>>> remaining() is None
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = [
    "OutOfTime",
    "Overrun",
    "limit",
    "deadline",
    "remaining",
    "deadline_for",
    "imposed",
    "soft_share",
    "not_counted",
]

_DEADLINE: ContextVar[float | None] = ContextVar("zerosum_deadline", default=None)


class OutOfTime(Exception):
    """A search reached its deadline before it had an answer it could stand by."""


class Overrun(Exception):
    """An agent did not answer within its hard limit and was stopped for certain (its
    process killed): the move is lost, and whoever asked for it decides what follows."""


def deadline() -> float | None:
    """The current move's deadline (``perf_counter`` seconds), or None when unbounded."""
    return _DEADLINE.get()


def remaining() -> float | None:
    """Seconds left for the current move (never negative), or None when unbounded."""
    at = _DEADLINE.get()
    return None if at is None else max(0.0, at - time.perf_counter())


@contextmanager
def limit(seconds: float | None) -> Iterator[float | None]:
    """Bound the moves asked for inside the block to ``seconds`` from now (None: no new
    bound); an enclosing limit that ends sooner still holds. Yields the deadline."""
    if seconds is not None and not (seconds >= 0 and not math.isnan(seconds)):
        raise ValueError(f"a time limit must be a number of seconds of at least 0, not {seconds!r}")
    at = _DEADLINE.get()
    if seconds is not None:
        mine = time.perf_counter() + seconds
        at = mine if at is None else min(at, mine)
    token = _DEADLINE.set(at)
    try:
        yield at
    finally:
        _DEADLINE.reset(token)


@contextmanager
def not_counted() -> Iterator[None]:
    """Run the block off the current move's clock: the deadline moves back by the time the
    block took (compiling code a move needs, which is no part of its thinking)."""
    start = time.perf_counter()
    try:
        yield
    finally:
        at = _DEADLINE.get()
        if at is not None:
            _DEADLINE.set(at + (time.perf_counter() - start))


def deadline_for(time_limit: float | None, start: float) -> float | None:
    """An agent's deadline for a move begun at ``start``: its own ``time_limit`` or the
    caller's deadline, whichever ends first (None when neither is set)."""
    at = _DEADLINE.get()
    if time_limit is not None:
        own = start + time_limit
        at = own if at is None else min(at, own)
    return at


def imposed(time_limit: float | None, start: float) -> bool:
    """Whether the caller's deadline, not the agent's own ``time_limit``, ends a move begun
    at ``start``: an agent stopped by it was cut short of what it was asked to do."""
    at = _DEADLINE.get()
    return at is not None and (time_limit is None or at < start + time_limit)


def soft_share(cap: float) -> float:
    """The time to tell an agent held to ``cap`` seconds: agents answer within 5% + 20 ms
    of their deadline, so this leaves room for that and for handing the answer back."""
    return max(0.0, min(cap * 0.9, (cap - 0.05) / 1.05))
