"""MCTS for the built-in Connect Four, compiled whole: the tree lives in numpy arrays and one
compiled call runs a batch of iterations (selection, expansion, rollout, backpropagation).

It is the same algorithm as the generic tree in ``agents/uct.py`` (UCT with exploration
constant ``c``, unvisited children first in random order, exact terminal nodes, optional
MCTS-Solver, subtree reuse) with its own random stream, so the two paths play alike but not
move for move. Boards must fit 64 bits with the spare row: ``width * (height + 1) <= 64``.
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np
from numba import njit

from ..games.connect_four import ConnectFour
from .playouts import c4_has_line, c4_play
from .rng import below, new_rng

__all__ = ["ConnectFourTree"]

_ONE = np.uint64(1)
_FIELDS = (("first", np.int32), ("count", np.int32), ("action", np.int8), ("visits", np.int64),
           ("total", np.float64), ("lo", np.int8), ("hi", np.int8))  # fmt: skip


@njit(cache=True)
def _select(node, first, count, visits, total, lo, hi, c, solver, rng):  # type: ignore[no-untyped-def]
    f, n = first[node], count[node]
    fresh = 0
    for i in range(f, f + n):
        if visits[i] == 0:
            fresh += 1
    if fresh:
        r = below(rng, fresh)
        for i in range(f, f + n):
            if visits[i] == 0:
                if r == 0:
                    return i
                r -= 1
    floor = -2  # with the solver: skip children that cannot beat the mover's sure value
    if solver:
        for i in range(f, f + n):
            floor = max(floor, lo[i])
    log_visits = math.log(visits[node])
    best, best_score = f, -np.inf
    for i in range(f, f + n):
        if hi[i] <= floor:
            continue
        mean = float(lo[i]) if lo[i] == hi[i] else total[i] / visits[i]
        score = mean + c * math.sqrt(log_visits / visits[i])
        if score > best_score:
            best, best_score = i, score
    return best


@njit(cache=True)
def _bound(node, first, count, lo, hi):  # type: ignore[no-untyped-def]
    """Recompute ``node``'s bounds from its children; returns whether it is newly proven."""
    if lo[node] == hi[node]:
        return False
    best_lo, best_hi = -1, -1
    for i in range(first[node], first[node] + count[node]):
        best_lo, best_hi = max(best_lo, lo[i]), max(best_hi, hi[i])
    lo[node], hi[node] = -best_hi, -best_lo
    return best_lo == best_hi


@njit(cache=True, nogil=True)  # other threads run while it searches
def _search(  # type: ignore[no-untyped-def]
    first, count, action, visits, total, lo, hi, size,
    p1, p2, moves, width, height, k, order, c, solver, iterations, rng,
):  # fmt: skip
    """Run up to ``iterations`` from root 0 (position ``p1, p2, moves``); returns how many ran.

    ``total`` and the bounds ``lo <= value <= hi`` are for the player who moved into each
    node; terminal nodes (and, with ``solver``, solved ones) have ``lo == hi``."""
    column_height = height + 1
    column = (_ONE << np.uint64(height)) - _ONE
    cells = width * height
    path = np.empty(cells + 1, dtype=np.int64)
    no_trace = np.empty(0, dtype=np.int64)
    done = 0
    while done < iterations and not (solver and lo[0] == hi[0]):
        node, a, b, m = 0, p1, p2, moves
        mask = a | b
        path[0], depth = 0, 1
        while lo[node] != hi[node]:
            if first[node] < 0:
                if visits[node] == 0 and node != 0:
                    break
                f, n = size[0], 0
                for j in range(width):
                    col = order[j]
                    if not (mask >> np.uint64(col * column_height + height - 1)) & _ONE:
                        i = f + n
                        first[i], count[i], action[i], visits[i] = -1, 0, col, 0
                        total[i], lo[i], hi[i] = 0.0, -1, 1
                        n += 1
                first[node], count[node], size[0] = f, n, f + n
            node = _select(node, first, count, visits, total, lo, hi, c, solver, rng)
            base = np.uint64(action[node] * column_height)
            bit = (mask + (_ONE << base)) & (column << base)
            mask |= bit
            if m % 2 == 0:
                a |= bit
                stones = a
            else:
                b |= bit
                stones = b
            m += 1
            path[depth] = node
            depth += 1
            if visits[node] == 0:
                if c4_has_line(stones, column_height, k):
                    lo[node], hi[node] = 1, 1
                elif m == cells:
                    lo[node], hi[node] = 0, 0
        if lo[node] == hi[node]:
            v = float(lo[node])
        else:
            winner = c4_play(a, b, m, width, height, k, rng, no_trace)
            v = 0.0 if winner == 0 else (1.0 if winner == 2 - m % 2 else -1.0)
        for i in range(depth - 1, -1, -1):
            node = path[i]
            visits[node] += 1
            total[node] += v
            v = -v
            if solver and i and _bound(path[i - 1], first, count, lo, hi):
                v = float(lo[path[i - 1]])
        done += 1
    return done


@njit(cache=True)
def _subtree(first, count, root):  # type: ignore[no-untyped-def]
    """The nodes of ``root``'s subtree in breadth-first order (blocks of siblings kept
    contiguous) and their ``first`` links renumbered to that order."""
    origin = np.empty(first.size, dtype=np.int64)
    links = np.empty(first.size, dtype=np.int32)
    origin[0], size, i = root, 1, 0
    while i < size:
        src = origin[i]
        links[i] = -1 if first[src] < 0 else size
        for j in range(count[src] if first[src] >= 0 else 0):
            origin[size + j] = first[src] + j
        size += count[src] if first[src] >= 0 else 0
        i += 1
    return origin[:size], links[:size]


#: Iterations per compiled call at most: the nodes reserved ahead stay bounded.
_MAX_BATCH = 1 << 14


class ConnectFourTree:
    """The compiled MCTS tree of one built-in Connect Four game, with the generic tree's
    interface (``run``, ``children``, ``pv``, ``reroot``, ``root_visits``)."""

    compiled = True

    def __init__(self, game: ConnectFour, state: Any, c: float, solver: bool, seed: int) -> None:
        self.game, self.state, self.c, self.solver = game, state, c, solver
        self.rng = new_rng(seed)
        self.order = np.array(game.actions(game.initial_state), dtype=np.int64)
        self.size = np.zeros(1, dtype=np.int64)
        self.arrays = self._allocate(1024)
        self._clear_root()

    @staticmethod
    def supports(game: Any) -> bool:
        """Whether ``game`` is a built-in Connect Four whose board fits the 64-bit kernel."""
        return isinstance(game, ConnectFour) and game.width * game.column_height <= 64

    @staticmethod
    def _allocate(capacity: int) -> tuple[np.ndarray, ...]:
        return tuple(np.zeros(capacity, dtype=dtype) for _, dtype in _FIELDS)

    def _clear_root(self) -> None:
        for array, initial in zip(self.arrays, (-1, 0, 0, 0, 0.0, -1, 1), strict=True):
            array[0] = initial
        self.size[0] = 1

    def _reserve(self, nodes: int) -> None:
        capacity = self.arrays[0].size
        if self.size[0] + nodes > capacity:
            bigger = self._allocate(max(2 * capacity, int(self.size[0]) + nodes))
            for old, new in zip(self.arrays, bigger, strict=True):
                new[: old.size] = old
            self.arrays = bigger

    @property
    def root_visits(self) -> int:
        return int(self.arrays[3][0])

    def run(self, iterations: int | None, deadline: float | None) -> int:
        """Search until ``iterations`` are done or ``deadline`` (perf_counter seconds) passes,
        but at least one iteration; stops early once the solver proves the root. Compiled
        calls run without the interpreter lock, in batches of about 5 ms under a deadline
        (else of :data:`_MAX_BATCH` iterations)."""
        p1, p2, moves, _ = self.state
        args = (np.uint64(p1), np.uint64(p2), moves, self.game.width, self.game.height)
        # Batches bound the memory reserved ahead and let the deadline be read between them.
        done, batch = 0, 64 if deadline is not None else min(iterations or 64, _MAX_BATCH)
        while iterations is None or done < iterations:
            step = batch if iterations is None else min(batch, iterations - done)
            self._reserve(step * self.game.width)
            began = time.perf_counter()
            ran = _search(  # type: ignore[call-arg]
                *self.arrays, self.size, *args, self.game.k, self.order,
                self.c, self.solver, step, self.rng,
            )  # fmt: skip
            done += ran
            now = time.perf_counter()
            if ran < step or (deadline is not None and now >= deadline):
                break
            if now - began < 0.005 and batch < _MAX_BATCH:
                batch *= 2
        return done

    def children(self) -> list[tuple[int, int, float, float, float]]:
        """``(action, visits, mean, lo, hi)`` of each root action, for the player to move."""
        first, count, action, visits, total, lo, hi = self.arrays
        if first[0] < 0:
            return []
        return [
            (
                int(action[i]),
                int(visits[i]),
                float(total[i] / visits[i]) if visits[i] else 0.0,
                float(lo[i]),
                float(hi[i]),
            )
            for i in range(first[0], first[0] + count[0])
        ]

    def pv(self, limit: int = 20) -> list[int]:
        """The most visited line from the root (at most ``limit`` columns)."""
        first, count, action, visits = self.arrays[:4]
        line: list[int] = []
        node = 0
        while first[node] >= 0 and len(line) < limit:
            block = range(first[node], first[node] + count[node])
            node = max(block, key=lambda i: visits[i])
            if not visits[node]:
                break
            line.append(int(action[node]))
        return line

    def _keep_subtree(self, root: int) -> None:
        origin, links = _subtree(self.arrays[0], self.arrays[1], root)
        new = self._allocate(self.arrays[0].size)
        new[0][: origin.size] = links
        for old, array in zip(self.arrays[1:], new[1:], strict=True):
            array[: origin.size] = old[origin]
        self.arrays, self.size[0] = new, origin.size

    def reroot(self, state: Any) -> bool:
        """Make the node of ``state`` the root if it is at most two plies below the current
        root, dropping the rest of the tree; returns False when it is not in the tree."""
        game, key = self.game, (state[0], state[1])
        first, count, action = self.arrays[:3]
        level = [(0, self.state)]
        for _ in range(3):
            for node, position in level:
                if (position[0], position[1]) == key:
                    if node:
                        self._keep_subtree(node)
                    self.state = position
                    return True
            level = [
                (i, game.result(position, int(action[i])))
                for node, position in level
                if first[node] >= 0
                for i in range(first[node], first[node] + count[node])
                if self.arrays[3][i]
            ]
        return False
