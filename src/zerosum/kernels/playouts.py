"""Uniformly random playouts: compiled kernels for the built-in games, a loop for any game.

A playout plays uniformly random legal actions from a state to the end. The built-in games
offer ``game.playouts(state, n, seed)``, which lands here: the compiled kernel when the
board fits in 64 bits, :func:`random_playouts` otherwise. Tic-tac-toe and Pick share one
kernel: both are "claim a free item; holding a whole winning set wins" games.

:func:`trace` returns a kernel playout's actions too, so tests can replay it through the
game's Python rules and check the kernel agrees with them.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Protocol

import numpy as np
from numba import njit

from ..games.connect_four import ConnectFour
from ..games.migration import Migration
from ..games.pick import Pick
from ..games.tictactoe import LINES, TicTacToe
from .bits import popcount
from .generic import random_playouts
from .rng import below, new_rng

__all__ = ["playouts", "trace", "compiled", "c4_has_line", "c4_play"]

_ONE = np.uint64(1)


@njit(cache=True)
def _nth_bit(mask: np.uint64, r: int) -> int:
    """The index of the ``r``-th (0-based, from the lowest) set bit of ``mask``."""
    for _ in range(r):
        mask &= mask - _ONE
    index = 0
    while not (mask >> np.uint64(index)) & _ONE:
        index += 1
    return index


@njit(cache=True)
def c4_has_line(stones: np.uint64, column_height: int, k: int) -> bool:
    """Whether ``stones`` (Connect Four bitboard) hold ``k`` in a row in any direction."""
    for shift in (1, column_height, column_height - 1, column_height + 1):
        run = stones
        step = np.uint64(shift)
        for _ in range(k - 1):
            run &= run >> step
            if not run:
                break
        if run:
            return True
    return False


@njit(cache=True)
def c4_play(
    p1: np.uint64,
    p2: np.uint64,
    moves: int,
    width: int,
    height: int,
    k: int,
    rng: np.ndarray,
    trace: np.ndarray,
) -> int:
    """Random Connect Four from a non-terminal position to the end; returns the winner (0: a
    draw). Writes the columns played to ``trace`` (then -1) unless it is empty."""
    column_height = height + 1
    column = (_ONE << np.uint64(height)) - _ONE
    cells = width * height
    mask = p1 | p2
    free = np.empty(width, dtype=np.int64)
    plies = 0
    while moves < cells:
        n = 0
        for col in range(width):
            if not (mask >> np.uint64(col * column_height + height - 1)) & _ONE:
                free[n] = col
                n += 1
        col = free[below(rng, n)]
        base = np.uint64(col * column_height)
        bit = (mask + (_ONE << base)) & (column << base)
        mask |= bit
        if trace.size:
            trace[plies] = col
            trace[plies + 1] = -1
        plies += 1
        moves += 1
        if moves % 2 == 1:
            p1 |= bit
            if c4_has_line(p1, column_height, k):
                return 1
        else:
            p2 |= bit
            if c4_has_line(p2, column_height, k):
                return 2
    return 0


@njit(cache=True)
def _migration_play(
    p1: np.uint64, p2: np.uint64, player: int, n: int, rng: np.ndarray, trace: np.ndarray
) -> int:
    """Random Migration (n <= 8) to the end; returns the winner. Writes the bit index of each
    moved stone to ``trace`` (then -1) unless it is empty."""
    full = ~np.uint64(0) if n * n == 64 else (_ONE << np.uint64(n * n)) - _ONE
    steps_right = full
    for row in range(n):
        steps_right &= ~(_ONE << np.uint64(row * n + n - 1))
    shift = np.uint64(n)
    plies = 0
    while True:
        empty = full & ~(p1 | p2)
        if player == 1:
            movable = p1 & steps_right & (empty >> _ONE)
        else:
            movable = p2 & (empty << shift)
        if not movable:
            return 3 - player
        index = _nth_bit(movable, below(rng, popcount(movable)))
        stone = _ONE << np.uint64(index)
        if player == 1:
            p1 ^= stone | (stone << _ONE)
        else:
            p2 ^= stone | (stone >> shift)
        if trace.size:
            trace[plies] = index
            trace[plies + 1] = -1
        plies += 1
        player = 3 - player


@njit(cache=True)
def _claim_play(
    held1: np.uint64,
    held2: np.uint64,
    items: np.uint64,
    offsets: np.ndarray,
    sets: np.ndarray,
    rng: np.ndarray,
    trace: np.ndarray,
) -> int:
    """Random claiming game (tic-tac-toe, Pick) to the end; returns the winner (0: a draw).

    ``items`` has a bit per item; ``sets[offsets[x]:offsets[x + 1]]`` are the winning sets
    containing item ``x``. Writes the items claimed to ``trace`` (then -1) unless it is empty.
    """
    count1, count2 = popcount(held1), popcount(held2)
    plies = 0
    while True:
        free = items & ~(held1 | held2)
        if not free:
            return 0
        item = _nth_bit(free, below(rng, popcount(free)))
        bit = _ONE << np.uint64(item)
        if trace.size:
            trace[plies] = item
            trace[plies + 1] = -1
        plies += 1
        if count1 == count2:
            held1 |= bit
            count1 += 1
            held, player = held1, 1
        else:
            held2 |= bit
            count2 += 1
            held, player = held2, 2
        for j in range(offsets[item], offsets[item + 1]):
            if held & sets[j] == sets[j]:
                return player


@njit(cache=True, nogil=True)
def _c4_total(p1, p2, moves, width, height, k, n, rng):  # type: ignore[no-untyped-def]
    total, no_trace = 0, np.empty(0, dtype=np.int64)
    for _ in range(n):
        winner = c4_play(p1, p2, moves, width, height, k, rng, no_trace)
        total += 1 if winner == 1 else -1 if winner == 2 else 0
    return total


@njit(cache=True, nogil=True)
def _migration_total(p1, p2, player, size, n, rng):  # type: ignore[no-untyped-def]
    total, no_trace = 0, np.empty(0, dtype=np.int64)
    for _ in range(n):
        total += 1 if _migration_play(p1, p2, player, size, rng, no_trace) == 1 else -1
    return total


@njit(cache=True, nogil=True)
def _claim_total(held1, held2, items, offsets, sets, n, rng):  # type: ignore[no-untyped-def]
    total, no_trace = 0, np.empty(0, dtype=np.int64)
    for _ in range(n):
        winner = _claim_play(held1, held2, items, offsets, sets, rng, no_trace)
        total += 1 if winner == 1 else -1 if winner == 2 else 0
    return total


class _Kernel(Protocol):
    """A compiled playout kernel bound to one game (states must be non-terminal)."""

    def total(self, state: Any, n: int, rng: np.ndarray) -> float: ...

    def trace(self, state: Any, rng: np.ndarray) -> list[Any]: ...


def _traced(cells: int) -> np.ndarray:
    return np.full(cells + 1, -1, dtype=np.int64)


def _actions(trace: np.ndarray) -> list[int]:
    return [int(x) for x in trace[: int(np.argmin(trace))]] if trace[0] >= 0 else []


class _ConnectFourKernel:
    def __init__(self, game: ConnectFour) -> None:
        self.args = (game.width, game.height, game.k)
        self.cells = game.cells

    def total(self, state: Any, n: int, rng: np.ndarray) -> float:
        p1, p2, moves, _ = state
        return float(_c4_total(np.uint64(p1), np.uint64(p2), moves, *self.args, n, rng))

    def trace(self, state: Any, rng: np.ndarray) -> list[Any]:
        p1, p2, moves, _ = state
        out = _traced(self.cells)
        c4_play(np.uint64(p1), np.uint64(p2), moves, *self.args, rng, out)
        return _actions(out)


class _MigrationKernel:
    def __init__(self, game: Migration) -> None:
        self.n = game.n

    def total(self, state: Any, n: int, rng: np.ndarray) -> float:
        p1, p2, player = state
        return float(_migration_total(np.uint64(p1), np.uint64(p2), player, self.n, n, rng))

    def trace(self, state: Any, rng: np.ndarray) -> list[Any]:
        p1, p2, player = state
        out = _traced(self.n * self.n * self.n)
        _migration_play(np.uint64(p1), np.uint64(p2), player, self.n, rng, out)
        actions = []
        for index in _actions(out):
            r, c = divmod(index, self.n)
            actions.append((r, c, r, c + 1) if player == 1 else (r, c, r - 1, c))
            player = 3 - player
        return actions


class _ClaimKernel:
    def __init__(self, items: range, sets: list[int]) -> None:
        self.items = np.uint64(sum(1 << x for x in items))
        per_item = [[m for m in sets if m >> x & 1] for x in range(items.stop)]
        self.offsets = np.cumsum([0] + [len(s) for s in per_item]).astype(np.int64)
        self.sets = np.array([m for s in per_item for m in s], dtype=np.uint64)
        self.cells = len(items)

    def total(self, state: Any, n: int, rng: np.ndarray) -> float:
        held1, held2, _ = state
        args = (self.items, self.offsets, self.sets)
        return float(_claim_total(np.uint64(held1), np.uint64(held2), *args, n, rng))

    def trace(self, state: Any, rng: np.ndarray) -> list[Any]:
        held1, held2, _ = state
        out = _traced(self.cells)
        args = (self.items, self.offsets, self.sets)
        _claim_play(np.uint64(held1), np.uint64(held2), *args, rng, out)
        return _actions(out)


@lru_cache(maxsize=64)
def compiled(game: Any) -> _Kernel | None:
    """The compiled playout kernel for a built-in game, or None when there is none (a user
    game, or a board too large for 64-bit masks: Connect Four beyond 64 cells with the spare
    row, Migration beyond 8x8)."""
    if isinstance(game, ConnectFour) and game.width * game.column_height <= 64:
        return _ConnectFourKernel(game)
    if isinstance(game, Migration) and game.n <= 8:
        return _MigrationKernel(game)
    if isinstance(game, TicTacToe):
        return _ClaimKernel(range(9), list(LINES))
    if isinstance(game, Pick):
        return _ClaimKernel(range(1, game.numbers + 1), game.sets)
    return None


def playouts(game: Any, state: Any, n: int, seed: int) -> float:
    """Total utility for player 1 of ``n`` uniformly random playouts from ``state``.

    Compiled for the built-in games where :func:`compiled` has a kernel, else through
    :func:`random_playouts`; the same ``seed`` gives the same total.

    >>> from zerosum.games import TicTacToe
    >>> game = TicTacToe()
    >>> start = game.initial_state
    >>> playouts(game, start, 100, seed=1) == playouts(game, start, 100, seed=1)
    True
    """
    if n < 0:
        raise ValueError(f"the number of playouts must be at least 0, not {n}")
    if game.is_terminal(state):
        return n * float(game.utility(state, 1))
    kernel = compiled(game)
    if kernel is None:
        return random_playouts(game, state, n, random.Random(seed))
    return kernel.total(state, n, new_rng(seed))


def trace(game: Any, state: Any, seed: int) -> list[Any]:
    """The actions of one compiled random playout from ``state`` (a built-in game whose
    :func:`compiled` kernel exists), in the game's own action format, for replaying."""
    kernel = compiled(game)
    if kernel is None:
        raise ValueError(f"{game!r} has no compiled playout kernel")
    return [] if game.is_terminal(state) else kernel.trace(state, new_rng(seed))
