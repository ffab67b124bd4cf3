"""Exact Connect Four solver: a compiled (numba) bitboard negamax, and its Python API.

Positions are bitboards (:mod:`.positions`): ``(current, mask)``, the stones of the player
to move and all stones, bit ``col * (height + 1) + row`` for column ``col`` and row ``row``,
``(height + 1) * width <= 64``. Only four-in-a-row (k = 4) is supported.

Scores follow the public benchmark convention: 0 for a draw; positive when the
side to move wins, ``(width * height + 1 - n) // 2`` where ``n`` is the number
of stones on the board just before the winner plays its winning stone;
negative, by the same rule, when the side to move loses.

The search (:mod:`.search`) is a null-window negamax with alpha-beta pruning, driven by
a bisection of the score window towards 0, over an explicit stack; nodes share a
transposition table (:mod:`.table`); a whole batch of positions is solved in one compiled
call. Here: the checks, the threads that share a batch, and :class:`Solver`, the table and
threads that a caller passes in (``zerosum solve`` builds one from ``--tt-mb`` and
``--workers``).

Example (an End-Easy benchmark position; None marks full columns):
    >>> moves = "7422341735647741166133573473242566"
    >>> solve_moves(moves)[0]
    1
    >>> analyze(*parse_moves(moves))
    [-3, 1, None, None, -4, 1, None]
"""

from __future__ import annotations

import queue
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from operator import index
from typing import Any, SupportsIndex

import numpy as np

from ...budget import OutOfTime
from ...notices import while_compiling
from .positions import check_board, check_position, has_four, parse_moves
from .search import STOPPED, first_invalid, keeping_column, new_stack, solve_all, solve_share
from .table import DEFAULT_MEGABYTES, TranspositionTable

__all__ = [
    "DEFAULT_MEGABYTES",
    "ENTRY_POINTS",
    "STOPPED",
    "Solver",
    "TranspositionTable",
    "analyze",
    "analyze_counted",
    "batch_kernel",
    "ensure_compiled",
    "is_compiled",
    "keeping_move",
    "kept_table",
    "parse_moves",
    "prepare_tables",
    "shared_solver",
    "solve",
    "solve_batch",
    "solve_moves",
    "solve_timed",
]


@dataclass
class Solver:
    """The table and threads the solver works with, passed to whatever solves: ``zerosum
    solve`` builds one from ``--tt-mb`` and ``--workers``; a game uses
    :func:`shared_solver` unless given its own (``ConnectFour.solver``).

    ``table`` is kept from one call to the next where what a search learns serves the
    next (a game's successive moves); the positions of a batch (:meth:`solve_batch`) each
    start from an empty table of its size, one per thread when ``workers`` threads solve
    at once."""

    table: TranspositionTable = field(default_factory=TranspositionTable)
    workers: int = 1

    def prepare(self, width: int = 7, height: int = 6) -> None:
        """Allocate the tables (and start the threads) now, so that no batch's first
        positions wait for them."""
        self.table.arrays(width, height)
        if self.workers > 1:
            _crew(self.workers, width, height, None, self.table)

    def solve_batch(
        self,
        positions: Iterable[tuple[SupportsIndex, SupportsIndex]],
        width: int = 7,
        height: int = 6,
        *,
        weak: bool = False,
        deadline: float | None = None,
    ) -> tuple[np.ndarray, np.ndarray]:
        """Scores and node counts of many positions, each from an empty table (see the
        function :func:`solve_batch`)."""
        cur, msk = _checked_arrays(positions, width, height)
        return _solve_arrays(
            cur, msk, width, height, weak, self.table, True, deadline, self.workers
        )


@cache
def shared_solver() -> Solver:
    """The process's solver: one table of :data:`DEFAULT_MEGABYTES`, one thread; what a game
    uses unless given its own, and what calls without a table start from."""
    return Solver()


def kept_table() -> TranspositionTable:
    """The process's table (:func:`shared_solver`'s), to pass as ``tt`` where what one
    search learns should serve the next: its entries are exact bounds of positions, valid
    for any later search (a game's next move finds much of its subtree there). Calls
    without a table reset it."""
    return shared_solver().table


#: Positions up to which a batch is checked in Python rather than by the compiled check (a
#: position and its moves: compiling the check would take longer than checking them).
PYTHON_CHECKS = 16


def _checked_arrays(
    positions: Iterable[tuple[SupportsIndex, SupportsIndex]], width: int, height: int
) -> tuple[np.ndarray, np.ndarray]:
    """The positions' ``current`` and ``mask`` as int64 arrays (the kernels' bit patterns),
    each position checked: a few (up to :data:`PYTHON_CHECKS`) in Python, which spares a
    first run compiling the check; a batch compiled first, as the checks cost more than
    solving an easy position in Python. A position they reject gets
    :func:`~.positions.check_position`'s precise error."""
    pos = list(positions)
    check_board(width, height)
    try:
        cur = np.array([p[0] for p in pos], dtype=np.uint64).view(np.int64)
        msk = np.array([p[1] for p in pos], dtype=np.uint64).view(np.int64)
    except OverflowError:  # a negative or huge int: the full check names it
        for current, mask in pos:
            check_position(current, mask, width, height)
        raise
    if len(pos) <= PYTHON_CHECKS:
        for current, mask in pos:
            check_position(current, mask, width, height)
        return cur, msk
    bad = first_invalid(cur, msk, width, height)
    if bad >= 0:  # the full check raises the precise error
        current, mask = pos[bad]
        check_position(current, mask, width, height)
    return cur, msk


def solve_batch(
    positions: Iterable[tuple[SupportsIndex, SupportsIndex]],
    width: int = 7,
    height: int = 6,
    *,
    weak: bool = False,
    tt: TranspositionTable | None = None,
    deadline: float | None = None,
    workers: int = 1,
) -> tuple[np.ndarray, np.ndarray]:
    """Scores and node counts (int64 arrays) of many ``(current, mask)`` positions.

    Compiled calls without the interpreter lock, so ``workers`` threads solve parts of
    the batch at once (each position still by one thread). With ``tt=None`` every
    position starts from a fresh table (the benchmark convention), each thread its own;
    with a table, the positions and threads share it and what it already holds (an entry
    is one aligned 64-bit word that names its position, so threads may race on it: one
    of two writes is lost, and no entry is ever wrong). ``weak`` gives only the sign of
    the score (-1, 0, 1), which is much faster. Positions not solved when ``deadline``
    (``perf_counter`` seconds) passes score :data:`STOPPED`.
    """
    cur, msk = _checked_arrays(positions, width, height)
    table = kept_table() if tt is None else tt
    return _solve_arrays(cur, msk, width, height, weak, table, tt is None, deadline, workers)


def _solve_arrays(
    cur: np.ndarray,
    msk: np.ndarray,
    width: int,
    height: int,
    weak: bool,
    table: TranspositionTable,
    fresh: bool,
    deadline: float | None,
    workers: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Solve checked positions with ``table`` (if ``fresh``, each position from empty:
    with several threads, each from an empty table of its own of the same size)."""
    stop = 0.0 if deadline is None else max(deadline, 1e-9)
    scores = np.full(len(cur), STOPPED, dtype=np.int64)
    nodes = np.zeros(len(cur), dtype=np.int64)
    if batch_kernel(workers if len(cur) > 1 else 1) is solve_all:
        entries, cfg = table.arrays(width, height)
        stack = new_stack(width, height)
        solve_all(
            cur, msk, width, height, weak, fresh, entries, cfg, stop, _NO_TIMES, False, stack,
            scores, nodes,
        )  # fmt: skip
        return scores, nodes
    crew = _crew(workers, width, height, None if fresh else table, table)
    taken = np.zeros(1, dtype=np.int64)

    def share() -> None:
        mine = crew.tables.get()  # each thread has a table of its own while it runs
        try:
            entries, cfg = mine.arrays(width, height)
            solve_share(
                cur, msk, width, height, weak, fresh, entries, cfg, stop, taken, scores, nodes,
                new_stack(width, height),
            )  # fmt: skip
        finally:
            crew.tables.put(mine)

    helpers = [crew.pool.submit(share) for _ in range(workers - 1)]
    share()  # this thread takes a share too (the kernel releases the interpreter lock)
    for done in helpers:
        done.result()
    return scores, nodes


def solve_timed(
    positions: Iterable[tuple[SupportsIndex, SupportsIndex]],
    width: int = 7,
    height: int = 6,
    *,
    cpu: bool = False,
    tt: TranspositionTable | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Scores, nodes and seconds of each position, one thread, the table (``tt``, else the
    process's) fresh for each position, timed inside the compiled loop (for benchmarks):
    wall-clock seconds, or the thread's CPU seconds if ``cpu``. Positions are checked as in
    :func:`solve_batch`."""
    cur, msk = _checked_arrays(positions, width, height)
    entries, cfg = (kept_table() if tt is None else tt).arrays(width, height)
    seconds = np.zeros(len(cur))
    scores = np.full(len(cur), STOPPED, dtype=np.int64)
    nodes = np.zeros(len(cur), dtype=np.int64)
    stack = new_stack(width, height)
    solve_all(
        cur, msk, width, height, False, True, entries, cfg, 0.0, seconds, cpu, stack, scores, nodes
    )
    return scores, nodes, seconds


_NO_TIMES = np.zeros(0)


@dataclass
class _Crew:
    """Threads that solve at once, the tables they take turns with, and the tables of
    their own (kept for the next batch)."""

    pool: ThreadPoolExecutor
    tables: queue.Queue[TranspositionTable]
    own: list[TranspositionTable]


#: The crews of threads started so far, by their number: kept between batches.
_crews: dict[int, _Crew] = {}


def _crew(
    workers: int,
    width: int,
    height: int,
    tt: TranspositionTable | None,
    size: TranspositionTable,
) -> _Crew:
    """The crew of ``workers`` threads, kept between batches. With ``tt`` they all use it;
    else each part takes one of ``workers`` tables the size of ``size``, allocated and
    touched here, once (tens of milliseconds each), rather than inside a batch."""
    crew = _crews.get(workers)
    if crew is None:
        pool = ThreadPoolExecutor(workers, thread_name_prefix="zerosum-solve")
        crew = _crews[workers] = _Crew(pool, queue.Queue(), [])
    if any(t.requested_log_size != size.requested_log_size for t in crew.own):
        crew.own.clear()  # another size (--tt-mb)
    while len(crew.own) < workers:
        table = TranspositionTable(1)
        table.requested_log_size = size.requested_log_size
        crew.own.append(table)
    crew.tables = queue.Queue()
    for table in [tt] * workers if tt is not None else crew.own:
        table.arrays(width, height)  # sized before the threads use it
        crew.tables.put(table)
    return crew


def prepare_tables(workers: int = 1, width: int = 7, height: int = 6) -> None:
    """Allocate the process's table (and start ``workers`` solving threads with theirs)
    now, so that no batch's first positions wait for it."""
    Solver(kept_table(), workers).prepare(width, height)


def solve(
    current: SupportsIndex,
    mask: SupportsIndex,
    width: int = 7,
    height: int = 6,
    *,
    weak: bool = False,
    tt: TranspositionTable | None = None,
    deadline: float | None = None,
) -> tuple[int, int]:
    """``(score, nodes)`` of one position for the player to move.

    ``weak`` gives only -1, 0 or 1; ``tt`` and ``deadline`` as in :func:`solve_batch`;
    raises :class:`~zerosum.budget.OutOfTime` when the deadline passes first.

    >>> solve(*parse_moves("2252576253462244111563365343671351441"))[0]
    -1
    """
    scores, nodes = solve_batch(
        [(current, mask)], width, height, weak=weak, tt=tt, deadline=deadline
    )
    _check_finished(scores)
    return int(scores[0]), int(nodes[0])


def _check_finished(scores: np.ndarray) -> None:
    if (scores == STOPPED).any():
        raise OutOfTime("the Connect Four solver ran out of time")


def solve_moves(
    moves: str,
    width: int = 7,
    height: int = 6,
    *,
    weak: bool = False,
    tt: TranspositionTable | None = None,
) -> tuple[int, int]:
    """:func:`solve` of the position reached by ``moves`` (1-based column digits)."""
    return solve(*parse_moves(moves, width, height), width, height, weak=weak, tt=tt)


def analyze(
    current: SupportsIndex,
    mask: SupportsIndex,
    width: int = 7,
    height: int = 6,
    *,
    weak: bool = False,
    tt: TranspositionTable | None = None,
    deadline: float | None = None,
    workers: int = 1,
) -> list[int | None]:
    """The score of every column (index 0 = column 1) for the player to move.

    ``None`` marks a full column. A move that wins at once scores
    ``(width * height + 1 - n) // 2`` with ``n`` the stones before it; other
    moves score minus the value of the position they lead to. The children
    share one table (a fresh one unless ``tt`` is given). Raises
    :class:`~zerosum.budget.OutOfTime` when ``deadline`` passes first.
    """
    return analyze_counted(
        current, mask, width, height, weak=weak, tt=tt, deadline=deadline, workers=workers
    )[0]


def analyze_counted(
    current: SupportsIndex,
    mask: SupportsIndex,
    width: int = 7,
    height: int = 6,
    *,
    weak: bool = False,
    tt: TranspositionTable | None = None,
    deadline: float | None = None,
    workers: int = 1,
) -> tuple[list[int | None], int]:
    """:func:`analyze` and the number of positions it searched; ``workers`` threads solve
    the columns at once, sharing the table (``zerosum solve``: the machine's cores; agents
    keep one, as matches run many)."""
    check_position(current, mask, width, height)
    current, mask = index(current), index(mask)
    h1 = height + 1
    bottom = sum(1 << (c * h1) for c in range(width))
    n = mask.bit_count()
    result: list[int | None] = [None] * width
    children: list[tuple[int, int]] = []
    cols: list[int] = []
    for col in range(width):
        colbits = ((1 << height) - 1) << (col * h1)
        if mask & (1 << (col * h1 + height - 1)):
            continue
        move = (mask + bottom) & colbits
        if has_four(current | move, height):
            result[col] = 1 if weak else (width * height + 1 - n) // 2
        else:
            children.append((current ^ mask, mask | move))
            cols.append(col)
    if children:
        if tt is None:
            tt = kept_table()
            tt.reset()
        scores, nodes = solve_batch(
            children, width, height, weak=weak, tt=tt, deadline=deadline, workers=workers
        )
        _check_finished(scores)
        for col, s in zip(cols, scores, strict=True):
            result[col] = -int(s)
        return result, int(nodes.sum())
    return result, 0


def keeping_move(
    current: SupportsIndex,
    mask: SupportsIndex,
    value: int,
    width: int = 7,
    height: int = 6,
    *,
    tt: TranspositionTable | None = None,
    deadline: float | None = None,
) -> tuple[int, int]:
    """``(column, nodes)``: a move (0-based column, centre first) that keeps ``value``,
    the position's known value for the player to move (1 win, 0 draw, -1 loss), proved
    with one null-window search per column tried: a safe move for a fraction of the cost
    of every move's score (:func:`analyze`). Raises ``ValueError`` when no move keeps it
    (the value was wrong) and :class:`~zerosum.budget.OutOfTime` when ``deadline``
    (``perf_counter`` seconds) passes first."""
    check_position(current, mask, width, height)
    if value not in (-1, 0, 1):
        raise ValueError(f"a value is 1, 0 or -1, not {value!r}")
    table = kept_table() if tt is None else tt
    if tt is None:
        table.reset()
    entries, cfg = table.arrays(width, height)
    stop = 0.0 if deadline is None else max(deadline, 1e-9)
    col, nodes = keeping_column(
        np.int64(np.uint64(index(current))),
        np.int64(np.uint64(index(mask))),
        value,
        width,
        height,
        entries,
        cfg,
        stop,
        new_stack(width, height),
    )
    if col == STOPPED:
        raise OutOfTime("the Connect Four solver ran out of time")
    if col < 0:
        raise ValueError(f"no move keeps the value {value} of this position")
    return int(col), int(nodes)


#: The solver's compiled entry points: one position (or a batch) in one thread, a batch's
#: share of one of several threads, and a move that keeps a value.
ENTRY_POINTS = (solve_all, solve_share, keeping_column)


def is_compiled(kernels: Iterable[Any] = ENTRY_POINTS) -> bool:
    """Whether the solver's compiled entry points ``kernels`` (all by default) are loaded in
    this process."""
    return all(kernel.signatures for kernel in kernels)


def batch_kernel(workers: int) -> Any:
    """The entry point a batch of several positions is solved by with ``workers`` threads
    (one position is always :func:`solve_all`'s)."""
    return solve_all if workers <= 1 else solve_share


def ensure_compiled(kernels: Iterable[Any] = ENTRY_POINTS) -> float:
    """Compile (or load from numba's cache) the solver's entry points ``kernels`` now (all by
    default: a player's moves may take any); seconds taken. Compiling takes a while (the
    first several seconds, each other one under a second more), and a listener of
    :mod:`zerosum.notices` hears of it."""
    wanted = tuple(kernels)
    if is_compiled(wanted):
        return 0.0
    start = time.perf_counter()
    with while_compiling("compiling the Connect Four solver, once"):
        _compile_entry_points(wanted)
    return time.perf_counter() - start


def _compile_entry_points(kernels: tuple[Any, ...]) -> None:
    """Call each of the compiled entry points ``kernels`` once on the 4x4 board, with the
    argument types the 7x6 board's calls use. Loading one from numba's cache takes a tenth
    of a second or more, which no move's clock should pay."""
    table = TranspositionTable(1)
    start = parse_moves("", 4, 4)
    cur, msk = _checked_arrays([start], 4, 4)
    if solve_all in kernels:
        _solve_arrays(cur, msk, 4, 4, True, table, True, None, 1)
    if solve_share in kernels:
        # called here: no crew of threads started (a process with threads must start its
        # agent hosts from the fork server, slower)
        entries, cfg = table.arrays(4, 4)
        out = np.zeros(1, np.int64), np.zeros(1, np.int64), np.zeros(1, np.int64)
        solve_share(cur, msk, 4, 4, True, False, entries, cfg, 0.0, *out, new_stack(4, 4))
    if keeping_column in kernels:
        keeping_move(*start, 0, 4, 4, tt=table)  # 4x4 is a draw
