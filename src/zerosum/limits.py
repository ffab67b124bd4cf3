"""Named limits on sizes and parameters that would take gigabytes or days, checked up front.

Each check raises :class:`LimitError` (a :class:`~zerosum.game.ZerosumError`, so the command
line exits with status 2 and one line, and the web API answers 422) naming the limit, before
any work starts. The limits of the built-in games' boards live with the games
(``connect_four.MAX_WIDTH``, ``migration.MAX_N``, ``pick.MAX_N``); OpenSpiel's with
:mod:`zerosum.interop.openspiel`.
"""

from __future__ import annotations

import math
import os

from .game import ZerosumError

__all__ = [
    "LimitError",
    "MAX_GAMES",
    "MAX_GRADED",
    "MAX_MOVE_SECONDS",
    "MAX_POSITIONS",
    "MAX_PROBES",
    "MAX_TABLE_SIZE",
    "WORKERS_PER_CORE",
    "check_margin_seconds",
    "check_memory_megabytes",
    "check_move_seconds",
    "check_table_megabytes",
    "check_table_size",
    "check_workers",
    "machine_megabytes",
    "max_workers",
]

#: Entries of AlphaBeta's transposition table (``table_size``); a Python entry takes
#: a few hundred bytes, so this is a few gigabytes at most.
MAX_TABLE_SIZE = 10_000_000
#: Local worker processes per core for matches and tournaments.
WORKERS_PER_CORE = 4
#: The cap on one computer move, for the web server and the arena (an hour).
MAX_MOVE_SECONDS = 3600.0
#: Games per pair of agents in a match or tournament: each is planned up front (a few
#: hundred bytes), and at a millisecond a game this many take minutes.
MAX_GAMES = 100_000
#: Random games of ``analyze --probes``: two floats per probe and ply are kept (about
#: 100 MB at this many for a game of 60 plies).
MAX_PROBES = 100_000
#: Positions ``grade --positions`` grades, each by an exact solve.
MAX_GRADED = 100_000
#: Positions of one ply ``analyze --max-positions`` may count exactly: each is kept in a
#: dictionary (a few hundred bytes), so this many take gigabytes.
MAX_POSITIONS = 10_000_000


class LimitError(ZerosumError):
    """A size or parameter over a named limit, refused before any work."""


def machine_megabytes() -> float | None:
    """This machine's physical memory in MB (2**20 bytes), or None where it is not known."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (ValueError, OSError, AttributeError):
        return None


def check_table_size(table_size: int) -> int:
    """``table_size`` if it is a whole number from 1 to :data:`MAX_TABLE_SIZE`."""
    if isinstance(table_size, bool) or not isinstance(table_size, int) or table_size < 1:
        raise LimitError(f"table_size must be a positive integer, not {table_size!r}")
    if table_size > MAX_TABLE_SIZE:
        raise LimitError(
            f"table_size {table_size} is over the limit of {MAX_TABLE_SIZE} entries "
            "(MAX_TABLE_SIZE; a table that large would take gigabytes)"
        )
    return table_size


def check_table_megabytes(megabytes: float, option: str = "--tt-mb") -> float:
    """``megabytes`` if it is at least 1 and at most half of this machine's memory."""
    if not math.isfinite(megabytes) or megabytes < 1:
        raise LimitError(f"{option} must be a number of MB of at least 1, not {megabytes:g}")
    memory = machine_megabytes()
    if memory is not None and megabytes > memory / 2:
        raise LimitError(
            f"{option} {megabytes:g} is over the limit of half this machine's memory "
            f"({memory / 2:.0f} of {memory:.0f} MB)"
        )
    return megabytes


def max_workers() -> int:
    """The most local worker processes allowed: :data:`WORKERS_PER_CORE` per core."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def check_workers(workers: int) -> int:
    """``workers`` if it is a whole number from 1 to :func:`max_workers`."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise LimitError(f"workers must be a whole number of at least 1, not {workers!r}")
    if workers > max_workers():
        raise LimitError(
            f"workers {workers} is over the limit of {max_workers()} "
            f"({WORKERS_PER_CORE} per core, {os.cpu_count() or 1} cores here)"
        )
    return workers


def check_move_seconds(seconds: float) -> float:
    """``seconds`` if it is a number above 0 and at most :data:`MAX_MOVE_SECONDS`."""
    if not isinstance(seconds, int | float) or not 0 < seconds <= MAX_MOVE_SECONDS:
        raise LimitError(
            f"the move cap must be more than 0 and at most {MAX_MOVE_SECONDS:g} seconds "
            f"(MAX_MOVE_SECONDS), not {seconds!r}"
        )
    return float(seconds)


def check_margin_seconds(seconds: float, what: str = "time_margin") -> float:
    """``seconds`` of grace past a time limit if it is from 0 to :data:`MAX_MOVE_SECONDS`."""
    if not isinstance(seconds, int | float) or not 0 <= seconds <= MAX_MOVE_SECONDS:
        raise LimitError(
            f"{what} must be seconds from 0 to {MAX_MOVE_SECONDS:g} (MAX_MOVE_SECONDS), "
            f"not {seconds!r}"
        )
    return float(seconds)


def check_memory_megabytes(megabytes: int, what: str = "--memory-mb") -> int:
    """``megabytes`` if it is a whole number of at least 1 and at most this machine's memory."""
    if isinstance(megabytes, bool) or not isinstance(megabytes, int) or megabytes < 1:
        raise LimitError(f"{what} must be a whole number of MB of at least 1, not {megabytes!r}")
    memory = machine_megabytes()
    if memory is not None and megabytes > memory:
        raise LimitError(
            f"{what} {megabytes} is over the limit of this machine's memory ({memory:.0f} MB)"
        )
    return megabytes
