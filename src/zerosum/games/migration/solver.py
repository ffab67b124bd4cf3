"""Who wins a Migration position (boards up to 8x8): a compiled win/loss search.

Migration cannot be drawn, so the outcome of a position is one bit, whether the player
to move wins, and finding it is an AND/OR search: a position is won when some move
leads to a lost one. That is far cheaper than the exact distances ``zs.solve`` finds by
default, and it settles Migration 7x7 in seconds (``docs/solved.md``). What keeps the
search small:

- once the armies can no longer block each other (``heuristic.migration_apart``), each
  makes exactly its reserve of moves, so the mover wins if and only if its reserve is
  the larger (the game's ``settled``): no search;
- before any subtree is entered, every move is looked at one ply ahead: one that leaves
  the opponent stuck, in a settled position it loses, or in a position the table knows
  to be lost (enhanced transposition cutoff) wins at once, and one into a position known
  to be won for the opponent (settled, or from the table) is dropped unsearched;
- the others go fewest replies first: the moves that leave the opponent the fewest
  moves of its own (a popcount of its movable stones), which are the quickest to refute
  when they lose and the likeliest to win; among equals, the history heuristic (moves
  that won elsewhere, weighted by the size of the subtree they settled) decides. On
  random 7x7 positions 10 to 16 plies in this searches over 100x fewer positions than
  the history heuristic alone (``benchmarks/migration_solver.py``), and 7x7 from the
  start 250x fewer;
- the table is a fixed array of two-slot buckets keyed by both masks, one slot keeping
  the position whose subtree was larger and the other the latest, so its memory is
  bounded whatever the size of the search.

The rules, masks and reserves are the game's compiled rules (``games/migration/rules.py``);
the table and the work array are this module's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
from numba import njit, types

from ...budget import OutOfTime
from ...kernels.alphabeta import search_kernel
from ...kernels.alphabeta import slot as _slot
from ...kernels.bits import HOT, lowest, popcount
from ...kernels.clock import passed
from .rules import movable as _movable
from .rules import reserves
from .rules import step as _step

if TYPE_CHECKING:  # the game imports this module: its shape only, for annotations
    from .shape import MigrationBoard

__all__ = ["VERSION", "outcomes", "position_wins", "table_outcome", "default_slots", "new_table"]

#: Names the search for the journals of split runs (``split.py``): a journal of another
#: version is refused. Raise it when a change could alter what a job finds.
VERSION = "migration-andor-1"

_ONE = np.uint64(1)
_INLINE: dict[str, Any] = {**HOT, "inline": "always"}

# A table entry is the position's two masks in ``keys[slot]`` and one byte in
# ``info[slot]``: the outcome for the mover in the low two bits (0: an empty slot), and
# above them the log2 of the positions its search took, which decides what a full
# bucket keeps.
_WON, _LOST = 1, 2
_OUTCOME_BITS = 3
_WEIGHT_SHIFT = 2
_MAX_WEIGHT = 63  # the byte's six upper bits

# The work array, one per search: int64 rows of _MAX_MOVES columns (a move is its stone's
# cell, below 64 up to 8x8). Everything the recursion keeps outside its locals lives in
# this one array because every call copies its arguments: fewer of them are faster.
_MAX_MOVES = 64
_MAX_PLY = 256  # more plies than any game up to 8x8 lasts (both reserves: under 2 * 84)
_MOVES = 0  # row _MOVES + ply: the moves of the position searched at that ply
_SCORES = _MAX_PLY  # row _SCORES + ply: their order scores, larger first
_HISTORY = 2 * _MAX_PLY  # row _HISTORY + player (1, 2): each move's history score
_STATS = _HISTORY + 3  # the counters:
_NODES, _STOPPED = 0, 1  # positions entered; 1 once the deadline has passed
#: Order scores: the replies left to the opponent count above the history, which is a
#: sum of subtree sizes: below 2**48 unless a search visits some 10**12 positions.
_REPLIES_SHIFT = 48


def default_slots(n: int) -> int:
    """Table slots for an n x n board: 2**24 from 7x7 on (17 bytes each: about 290 MB)."""
    return 1 << min(24, 2 * n + 10)


def new_table(slots: int) -> tuple[np.ndarray, np.ndarray]:
    """An empty table of ``slots`` slots (rounded down to a power of two, at least 2): the
    positions' masks and a byte each, the outcome and weight apart from the masks (17
    bytes a slot, not 24)."""
    keys = np.zeros((1 << (max(2, slots).bit_length() - 1), 2), dtype=np.uint64)
    return keys, np.zeros(len(keys), dtype=np.uint8)


def workspace() -> np.ndarray:
    """A fresh work array (see ``_MOVES`` to ``_STATS``)."""
    return np.zeros((_STATS + 1, _MAX_MOVES), dtype=np.int64)


@njit(**HOT)
def _apart(n, masks, a, b):  # type: ignore[no-untyped-def]
    """``heuristic.migration_apart``: no player-2 stone at or below and at or right of a
    player-1 stone, so the armies can never block each other again."""
    reach = np.uint64(0)  # cells at or right of a player-1 stone in this row or one above
    for r in range(n):
        row = masks[2 + r]
        line = a & row
        if line:
            reach |= row & ~((line & -line) - _ONE)
        if b & row & reach:
            return False
        reach |= (reach & row) << np.uint64(n)  # (past the last row: off the board)
    return True


@njit(**_INLINE)
def _settled(n, masks, a, b, me):  # type: ignore[no-untyped-def]
    """``_WON`` or ``_LOST`` for ``me``, to move in ``(a, b)``, if the armies are apart
    (the larger reserve wins; on equal reserves the mover runs out first), else 0."""
    if not _apart(n, masks, a, b):
        return 0
    r1, r2 = reserves(n, masks, a, b)
    mine, theirs = (r1, r2) if me == 1 else (r2, r1)
    return _WON if mine > theirs else _LOST


@njit(**HOT)
def _probe(keys, info, a, b):  # type: ignore[no-untyped-def]
    """``_WON`` or ``_LOST`` for the mover of ``(a, b)`` if the table holds it, else 0."""
    i = _slot(a, b, keys.shape[0]) & -2  # the bucket: an even slot and the next
    for j in range(i, i + 2):
        if keys[j, 0] == a and keys[j, 1] == b:
            return info[j] & _OUTCOME_BITS
    return 0


@njit(**HOT)
def _store(keys, info, a, b, outcome, size):  # type: ignore[no-untyped-def]
    """Keep ``outcome`` for ``(a, b)``, whose search took ``size`` positions: in the
    bucket's first slot if its subtree is at least as large as the one held there (or it
    is the same position), else in the second, which always takes the latest. The first
    keeps what was expensive to find; the second what is likely to recur soon."""
    weight = 0
    while size > 1 and weight < _MAX_WEIGHT:
        size >>= 1
        weight += 1
    i = _slot(a, b, keys.shape[0]) & -2
    if not (keys[i, 0] == a and keys[i, 1] == b) and info[i] >> _WEIGHT_SHIFT > weight:
        i += 1
    keys[i, 0], keys[i, 1] = a, b
    info[i] = outcome | weight << _WEIGHT_SHIFT


@njit(**_INLINE)
def _expand(a, b, me, ply, n, masks, keys, info, work):  # type: ignore[no-untyped-def]
    """Lists ``me``'s moves in ``(a, b)`` worth searching in row ``_MOVES + ply``, their
    order scores in row ``_SCORES + ply``, and returns how many; -1 as soon as one wins
    without search (see the module's docstring). Moves known to lose are left out, so
    0 means the position is lost."""
    them = 3 - me
    movable = _movable(n, masks, a, b, me)
    count = 0
    while movable:
        code = lowest(movable)
        movable &= movable - _ONE
        a2, b2 = _step(n, a, b, me, code)
        replies = _movable(n, masks, a2, b2, them)
        if replies == 0:
            return -1
        known = _settled(n, masks, a2, b2, them)
        if not known:
            known = _probe(keys, info, a2, b2)
        if known == _LOST:
            return -1
        if known == _WON:
            continue
        work[_MOVES + ply, count] = code
        order = (_MAX_MOVES - popcount(replies)) << _REPLIES_SHIFT
        work[_SCORES + ply, count] = order + work[_HISTORY + me, code]
        count += 1
    return count


@njit(**_INLINE)
def _take_best(work, ply, i, count):  # type: ignore[no-untyped-def]
    """Swap the best-scored of ply ``ply``'s moves ``i:count`` into place ``i`` and return
    it. (A swap, not a shift that keeps the rest in order: that cost 7x7 half again the
    positions under the history heuristic alone.)"""
    moves, scores = work[_MOVES + ply], work[_SCORES + ply]
    best = i
    for j in range(i + 1, count):
        if scores[j] > scores[best]:
            best = j
    code = moves[best]
    moves[best], scores[best] = moves[i], scores[i]
    return code


# The recursion has an explicit signature: numba's cache reloads an inferred recursive
# function broken (see ``kernels/alphabeta.py``).
_SIGNATURE = types.boolean(
    types.uint64, types.uint64, types.int64, types.int64, types.int64, types.uint64[::1],
    types.uint64[:, ::1], types.uint8[::1], types.int64[:, ::1], types.float64,
)  # fmt: skip


@njit(_SIGNATURE, nogil=True, **HOT)
def _wins(a, b, me, ply, n, masks, keys, info, work, deadline):  # type: ignore[no-untyped-def]
    """Whether ``me``, to move in ``(a, b)``, wins against any defence. The position must
    not be settled (its parent's :func:`_expand` saw to that). Once ``deadline`` passes
    (read every 4096 positions) it sets the stop flag and unwinds without storing
    anything more, so the table keeps only proven outcomes."""
    stats = work[_STATS]
    stats[_NODES] += 1
    if stats[_STOPPED] or (stats[_NODES] & 4095 == 0 and passed(deadline)):
        stats[_STOPPED] = 1
        return False
    # the parent probed this position too, but a sibling's subtree may have stored it since
    known = _probe(keys, info, a, b)
    if known:
        return known == _WON
    count = _expand(a, b, me, ply, n, masks, keys, info, work)
    if count < 0:
        _store(keys, info, a, b, _WON, 1)
        return True
    before = stats[_NODES]
    for i in range(count):
        code = _take_best(work, ply, i, count)
        a2, b2 = _step(n, a, b, me, code)
        won = not _wins(a2, b2, 3 - me, ply + 1, n, masks, keys, info, work, deadline)
        if stats[_STOPPED]:
            return False
        if won:
            size = stats[_NODES] - before
            work[_HISTORY + me, code] += size
            _store(keys, info, a, b, _WON, size)
            return True
    _store(keys, info, a, b, _LOST, stats[_NODES] - before)
    return False


@njit(cache=True, nogil=True)  # other threads (the web server's) run meanwhile
def _outcome(a, b, me, n, masks, keys, info, work, deadline):  # type: ignore[no-untyped-def]
    """Whether ``me``, to move in the non-terminal ``(a, b)``, wins: :func:`_wins` for any
    position, settled ones included (a root's child has no parent to check it)."""
    settled = _settled(n, masks, a, b, me)
    if settled:
        return settled == _WON
    return _wins(a, b, me, 1, n, masks, keys, info, work, deadline)


def outcomes(
    game: MigrationBoard,
    state: Any,
    slots: int | None = None,
    deadline: float | None = None,
    *,
    actions: list[Any] | None = None,
    report: Callable[[Any, int, int], None] | None = None,
) -> tuple[dict[Any, int], int]:
    """Each legal action's outcome for the player to move in ``state`` (1: it wins, -1: it
    loses against best play), and the positions searched. One table serves all the
    actions: ``slots`` slots (rounded down to a power of two; default
    :func:`default_slots`). Boards up to 8x8. Raises :class:`~zerosum.budget.OutOfTime`
    when ``deadline`` (``perf_counter`` seconds) passes first.

    ``actions`` (legal ones; default: all, in the game's order) are searched in that order;
    ``report(action, outcome, positions so far)`` is called as each is settled, so a long
    search shows its progress and keeps what it found before a deadline."""
    kernel = search_kernel(game)
    if kernel is None:
        raise ValueError(f"the compiled Migration solver handles boards up to 8x8, not {game.n}")
    n, masks = kernel.record.n, kernel.record.masks
    keys, info = new_table(default_slots(n) if slots is None else slots)
    work = workspace()
    # to ``passed`` 0 or less means no deadline, so a real one is kept above 0
    stop = 0.0 if deadline is None else max(deadline, 1e-9)
    values = {}
    for action in game.actions(state) if actions is None else actions:
        a, b, them = game.result(state, action)
        won = game.is_terminal((a, b, them)) or not _outcome(
            np.uint64(a), np.uint64(b), them, n, masks, keys, info, work, stop
        )
        if work[_STATS, _STOPPED]:
            searched = int(work[_STATS, _NODES])
            raise OutOfTime(
                f"the Migration solver ran out of time on {game.n}x{game.n} after {searched:,} "
                "positions"
            )
        values[action] = 1 if won else -1
        if report is not None:
            report(action, values[action], int(work[_STATS, _NODES]))
    return values, int(work[_STATS, _NODES])


def position_wins(
    game: MigrationBoard,
    state: Any,
    slots: int,
    table: tuple[np.ndarray, np.ndarray] | None = None,
) -> tuple[bool, int, tuple[np.ndarray, np.ndarray]]:
    """Whether the mover of ``state`` wins, the positions searched, and the table used: ``table``
    (from an earlier call, to reuse what it found) or a new one of ``slots`` slots."""
    kernel = search_kernel(game)
    if kernel is None:
        raise ValueError(f"the compiled Migration solver handles boards up to 8x8, not {game.n}")
    keys, info = new_table(slots) if table is None else table
    if game.is_terminal(state):
        return False, 0, (keys, info)
    n, masks = kernel.record.n, kernel.record.masks
    work = workspace()
    a, b, me = state
    wins = _outcome(np.uint64(a), np.uint64(b), me, n, masks, keys, info, work, 0.0)
    return bool(wins), int(work[_STATS, _NODES]), (keys, info)


def table_outcome(state: Any, table: tuple[np.ndarray, np.ndarray]) -> bool | None:
    """Whether the mover of ``state`` wins, if ``table`` holds the position (no search),
    else None."""
    known = _probe(*table, np.uint64(state[0]), np.uint64(state[1]))
    return None if not known else bool(known == _WON)
