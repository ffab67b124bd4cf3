"""How long a Migration position lasts under perfect play (boards up to 8x8): a compiled
distance search.

The winner wins as fast as it can and the loser delays as long as it can, so a
position's value is the plies to the end, signed: ``WIN - d`` when the mover wins in d
plies, ``d - WIN`` when it loses in d. An integer alpha-beta (negamax) finds it, with
a table of lower and upper bounds per position and the win/loss search's tricks where
they carry over: a settled position (the armies apart) has a known length (each army
makes exactly its reserve of moves), a move that leaves the opponent stuck is the
fastest win there is, and moves go fewest replies first. Values in the search count
plies from the root; the table keeps them counted from its own position.

It mirrors the generic exact solver's search (``agents/solve.py``, ``Solver._build``,
with ``settled``); by design its order (fewest replies first) and its stuck-opponent
win differ, so the two agree on values and distances, not on nodes
(``tests/games/migration/test_distance.py``).
"""

from __future__ import annotations

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
from .solver import _apart

if TYPE_CHECKING:
    from .shape import MigrationBoard

__all__ = ["WIN", "distances"]

_ONE = np.uint64(1)
#: Above any game's length up to 8x8 (under 2 * 84 plies).
WIN = 1000
_INFINITY = WIN + 1
_MAX_MOVES = 64
_MAX_PLY = 256
_MOVES, _SCORES = 0, _MAX_PLY  # rows of the work array, as in the win/loss solver
_STATS = 2 * _MAX_PLY
_NODES, _STOPPED = 0, 1


@njit(**HOT)
def _settled_value(n, masks, a, b, me, ply):  # type: ignore[no-untyped-def]
    """The value of a settled position at ``ply`` for ``me``, to move, else 0."""
    if not _apart(n, masks, a, b):
        return 0
    r1, r2 = reserves(n, masks, a, b)
    mine, theirs = (r1, r2) if me == 1 else (r2, r1)
    if mine > theirs:
        return WIN - (ply + 2 * theirs + 1)
    return (ply + 2 * mine) - WIN


@njit(**HOT)
def _to_table(value, ply):  # type: ignore[no-untyped-def]
    """A value counted from the root, counted from its own position."""
    if abs(value) >= _INFINITY:
        return value
    return value + ply if value > 0 else value - ply


@njit(**HOT)
def _from_table(value, ply):  # type: ignore[no-untyped-def]
    """A value from the table, counted from the root (no bound stays no bound)."""
    if abs(value) >= _INFINITY:
        return value
    return value - ply if value > 0 else value + ply


_SIGNATURE = types.int64(
    types.uint64, types.uint64, types.int64, types.int64, types.int64, types.int64,
    types.int64, types.uint64[::1], types.uint64[:, ::1], types.int16[:, ::1],
    types.int64[:, ::1], types.float64,
)  # fmt: skip


@njit(_SIGNATURE, nogil=True, **HOT)
def _negamax(a, b, me, alpha, beta, ply, n, masks, keys, bounds, work, deadline):  # type: ignore[no-untyped-def]
    """The value of the unsettled ``(a, b)`` for ``me`` at ``ply``, fail-soft in
    ``(alpha, beta)``. A table entry is both masks in ``keys`` and the lower bound, upper
    bound and ply in ``bounds``; a bucket's first slot keeps the position nearer the root,
    the second the latest."""
    stats = work[_STATS]
    stats[_NODES] += 1
    if stats[_STOPPED] or (stats[_NODES] & 4095 == 0 and passed(deadline)):
        stats[_STOPPED] = 1
        return 0
    them = 3 - me
    fastest = WIN - (ply + 1)
    if alpha >= fastest:
        return fastest
    i = _slot(a, b, keys.shape[0]) & -2
    lower, upper = -_INFINITY, _INFINITY
    for j in range(i, i + 2):
        if keys[j, 0] == a and keys[j, 1] == b:
            lower = _from_table(np.int64(bounds[j, 0]), ply)
            upper = _from_table(np.int64(bounds[j, 1]), ply)
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            alpha, beta = max(alpha, lower), min(beta, upper)
    movable = _movable(n, masks, a, b, me)
    count = 0
    moves, scores = work[_MOVES + ply], work[_SCORES + ply]
    while movable:
        code = lowest(movable)
        movable &= movable - _ONE
        a2, b2 = _step(n, a, b, me, code)
        replies = _movable(n, masks, a2, b2, them)
        if replies == 0:
            return fastest
        moves[count] = code
        scores[count] = _MAX_MOVES - popcount(replies)
        count += 1
    if count == 0:
        return ply - WIN
    best = -_INFINITY
    original = alpha
    for k in range(count):
        top = k
        for m in range(k + 1, count):
            if scores[m] > scores[top]:
                top = m
        code = moves[top]
        moves[top], scores[top] = moves[k], scores[k]
        a2, b2 = _step(n, a, b, me, code)
        value = _settled_value(n, masks, a2, b2, them, ply + 1)
        if value == 0:
            value = _negamax(
                a2,
                b2,
                them,
                -beta,
                -max(alpha, best),
                ply + 1,
                n,
                masks,
                keys,
                bounds,
                work,
                deadline,
            )
        if stats[_STOPPED]:
            return 0
        value = -value
        if value > best:
            best = value
            if best >= beta:
                break
    if best <= original:
        lower, upper = -_INFINITY, best
    elif best >= beta:
        lower, upper = best, _INFINITY
    else:
        lower, upper = best, best
    j = i + 1  # the first slot if it holds this position, or one at this ply or deeper
    if keys[i, 0] == a and keys[i, 1] == b or ply <= bounds[i, 2] or keys[i, 0] == 0:
        j = i
    if keys[j, 0] == a and keys[j, 1] == b:  # narrow what was known
        lower = max(lower, _from_table(np.int64(bounds[j, 0]), ply))
        upper = min(upper, _from_table(np.int64(bounds[j, 1]), ply))
    keys[j, 0], keys[j, 1] = a, b
    bounds[j, 0], bounds[j, 1], bounds[j, 2] = _to_table(lower, ply), _to_table(upper, ply), ply
    return best


def distances(
    game: MigrationBoard,
    state: Any,
    slots: int = 1 << 22,
    deadline: float | None = None,
    guess: int = 0,
) -> tuple[int, int]:
    """``(value, positions)``: the value of ``state`` for its mover (``WIN - d``: it wins in
    d plies, ``d - WIN``: it loses in d) and the positions searched. Raises
    :class:`~zerosum.budget.OutOfTime` once ``deadline`` passes."""
    kernel = search_kernel(game)
    if kernel is None:
        raise ValueError(f"the Migration distance search handles boards up to 8x8, not {game.n}")
    n, masks = kernel.record.n, kernel.record.masks
    a, b, me = state
    if game.is_terminal(state):
        return -WIN, 0
    settled = game.settled(state)
    if settled is not None:
        value, plies = settled
        return value * (WIN - plies), 0
    keys = np.zeros((1 << (max(2, slots).bit_length() - 1), 2), dtype=np.uint64)
    bounds = np.zeros((len(keys), 3), dtype=np.int16)
    work = np.zeros((_STATS + 1, _MAX_MOVES), dtype=np.int64)
    stop = 0.0 if deadline is None else max(deadline, 1e-9)
    lower, upper, guess = -_INFINITY, _INFINITY, guess
    while lower < upper:  # MTD(f): null-window tests, each narrowing the bounds
        beta = guess + 1 if guess == lower else guess
        guess = _negamax(
            np.uint64(a), np.uint64(b), me, beta - 1, beta, 0, n, masks, keys, bounds, work, stop
        )
        if work[_STATS, _STOPPED]:
            raise OutOfTime(f"the Migration distance search ran out of time on {n}x{n}")
        if guess < beta:
            upper = guess
        else:
            lower = guess
    return int(guess), int(work[_STATS, _NODES])
