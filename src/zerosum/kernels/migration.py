"""Who wins a Migration position (boards up to 8x8): a compiled win/loss search.

Migration cannot be drawn, so the outcome of a position is one bit, whether the player
to move wins, and finding it is an AND/OR search: a position is won when some move
leads to a lost one. That is far cheaper than the exact distances ``zs.solve`` finds by
default, and it settles Migration 7x7 (``docs/solved.md``). What keeps the search small:

- once the armies can no longer block each other (``heuristics.migration_apart``), each
  makes exactly its reserve of moves, so the mover wins if and only if its reserve is
  the larger (the game's ``settled``): no search;
- a move that leaves the opponent stuck wins at once, and so does a move into a
  position the table knows to be lost (enhanced transposition cutoff), before any
  subtree is entered;
- the other moves go in the order of the history heuristic: moves that won elsewhere,
  weighted by the size of the subtree they settled, first;
- the table is a fixed array of two-slot buckets keyed by both masks, one slot keeping
  the position whose subtree was larger and the other the latest, so its memory is
  bounded whatever the size of the search.

The rules, masks and reserves are the game's compiled rules (``games/migration_rules.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, types

from ..budget import OutOfTime
from ..games.migration import Migration
from ..games.migration_rules import movable, reserves, step
from .alphabeta import HISTORY as _HISTORY
from .alphabeta import SCORES as _SCORES
from .alphabeta import STATS as _STATS
from .alphabeta import SearchKernel, search_kernel
from .alphabeta import slot as _slot
from .bits import HOT, lowest
from .clock import passed

# Shims between this search's calls and the public Migration rules (games/migration_rules.py),
# so that the search's body is untouched until its rewrite moves to the rules record.
_MIGRATION = 1


@njit(**HOT)
def _movable(kind, n, masks, a, b, player):  # type: ignore[no-untyped-def]
    return movable(n, masks, a, b, player)


@njit(**HOT)
def _play(kind, n, masks, a, b, player, code):  # type: ignore[no-untyped-def]
    return step(n, a, b, player, code)


class _Flat:
    """``(kind, n, masks, _, _)`` of the game's rules, as the old kernel's ``args`` were."""

    def __init__(self, kernel: SearchKernel) -> None:
        self.args = (_MIGRATION, kernel.record.n, kernel.record.masks, None, 0.0)
        self.workspace = kernel.workspace


def compiled(game: Migration) -> _Flat | None:
    kernel = search_kernel(game)
    return None if kernel is None else _Flat(kernel)


__all__ = ["outcomes", "default_slots"]

_ONE = np.uint64(1)
_WON, _LOST = 1, 2  # an entry's low two bits; the log2 of its subtree's size above them


def default_slots(n: int) -> int:
    """Table slots for an n x n board: 2**24 from 7x7 on (17 bytes each: about 290 MB)."""
    return 1 << min(24, 2 * n + 10)


@njit(**HOT)
def _apart(n, masks, a, b):  # type: ignore[no-untyped-def]
    """``heuristics.migration_apart``: no player-2 stone at or below and at or right of a
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


@njit(**HOT)
def _probe(keys, info, a, b):  # type: ignore[no-untyped-def]
    """``_WON`` or ``_LOST`` for the mover of ``(a, b)`` if the table holds it, else 0."""
    i = _slot(a, b, keys.shape[0]) & -2
    for j in range(i, i + 2):
        if keys[j, 0] == a and keys[j, 1] == b:
            return info[j] & 3
    return 0


@njit(**HOT)
def _store(keys, info, a, b, result, size):  # type: ignore[no-untyped-def]
    """Keep ``result`` for ``(a, b)``, whose search took ``size`` nodes: in the bucket's
    first slot if its subtree is at least as large as the one held there, else in the
    second."""
    weight = 0
    while size > 1 and weight < 63:
        size >>= 1
        weight += 1
    i = _slot(a, b, keys.shape[0]) & -2
    if not (keys[i, 0] == a and keys[i, 1] == b) and info[i] >> 2 > weight:
        i += 1
    keys[i, 0], keys[i, 1] = a, b
    info[i] = result | weight << 2


_SIGNATURE = types.boolean(
    types.uint64, types.uint64, types.int64, types.int64, types.int64, types.uint64[::1],
    types.uint64[:, ::1], types.uint8[::1], types.int64[:, ::1], types.float64,
)  # fmt: skip
_NODES, _STOPPED = 0, 1  # the counters in the work array's stats row


@njit(_SIGNATURE, nogil=True, **HOT)
def _wins(a, b, me, ply, n, masks, keys, info, work, deadline):  # type: ignore[no-untyped-def]
    """Whether ``me``, to move in ``(a, b)``, wins against any defence. Once ``deadline``
    passes (read every 4096 positions) it sets the stats' stop flag and unwinds without
    storing anything more, so the table keeps only proven results."""
    stats = work[_STATS]
    stats[_NODES] += 1
    if stats[_STOPPED] or (stats[_NODES] & 4095 == 0 and passed(deadline)):
        stats[_STOPPED] = 1
        return False
    if _apart(n, masks, a, b):
        r1, r2 = reserves(n, masks, a, b)
        return r1 > r2 if me == 1 else r2 > r1
    known = _probe(keys, info, a, b)
    if known:
        return known == _WON
    them = 3 - me
    movable = _movable(_MIGRATION, n, masks, a, b, me)
    count = 0  # the compiled AlphaBeta's work array: moves, their scores, history, counters
    while movable:
        code = lowest(movable)
        movable &= movable - _ONE
        a2, b2 = _play(_MIGRATION, n, masks, a, b, me, code)
        stuck = _movable(_MIGRATION, n, masks, a2, b2, them) == 0
        if stuck or _probe(keys, info, a2, b2) == _LOST:
            _store(keys, info, a, b, _WON, 1)
            return True
        work[ply, count] = code
        work[_SCORES + ply, count] = work[_HISTORY + me, code]
        count += 1
    before = stats[_NODES]
    for i in range(count):
        # the best-scored of the moves left, swapped into place (the compiled AlphaBeta's
        # _next keeps the others in order instead, which costs 7x7 half again the nodes)
        best = i
        for j in range(i + 1, count):
            if work[_SCORES + ply, j] > work[_SCORES + ply, best]:
                best = j
        code = work[ply, best]
        work[ply, best], work[_SCORES + ply, best] = work[ply, i], work[_SCORES + ply, i]
        a2, b2 = _play(_MIGRATION, n, masks, a, b, me, code)
        won = not _wins(a2, b2, them, ply + 1, n, masks, keys, info, work, deadline)
        if stats[_STOPPED]:
            return False
        if won:
            work[_HISTORY + me, code] += stats[_NODES] - before
            _store(keys, info, a, b, _WON, stats[_NODES] - before)
            return True
    _store(keys, info, a, b, _LOST, stats[_NODES] - before)
    return False


def outcomes(
    game: Migration, state: Any, slots: int | None = None, deadline: float | None = None
) -> tuple[dict[Any, int], int]:
    """Each legal action's outcome for the player to move in ``state`` (1: it wins, -1: it
    loses against best play), and the positions searched. One table serves all the
    actions: ``slots`` slots (rounded down to a power of two; default
    :func:`default_slots`). Boards up to 8x8. Raises :class:`~zerosum.budget.OutOfTime`
    when ``deadline`` (``perf_counter`` seconds) passes first."""
    kernel = compiled(game)
    if kernel is None:
        raise ValueError(f"the compiled Migration solver handles boards up to 8x8, not {game.n}")
    _, n, masks, _, _ = kernel.args
    size = max(2, default_slots(n) if slots is None else slots)
    keys = np.zeros((1 << (size.bit_length() - 1), 2), dtype=np.uint64)
    info = np.zeros(len(keys), dtype=np.uint8)
    work = kernel.workspace().search
    stop = 0.0 if deadline is None else max(deadline, 1e-9)
    values = {}
    for action in game.actions(state):
        a, b, them = game.result(state, action)
        won = game.is_terminal((a, b, them)) or not _wins(
            np.uint64(a), np.uint64(b), them, 1, n, masks, keys, info, work, stop
        )
        if work[_STATS, _STOPPED]:
            raise OutOfTime(f"the Migration solver ran out of time on {game.n}x{game.n}")
        values[action] = 1 if won else -1
    return values, int(work[_STATS, _NODES])
