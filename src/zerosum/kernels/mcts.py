"""MCTS compiled whole, for every game with compiled rules (``kernels/rules.py``): the tree
lives in numpy arrays and one compiled call runs a batch of iterations (selection,
expansion, rollout, backpropagation).

It is the same algorithm as the generic tree in ``agents/uct.py`` (UCT with exploration
constant ``c``, unvisited children first in random order, exact terminal nodes, optional
MCTS-Solver, subtree reuse) with its own random stream, so the two paths play alike but not
move for move. Children are listed in the order of the game's ``moves``; rollouts are
``kernels/playouts.py``'s.

The tree is a structure of arrays, one per field of a node (:data:`_FIELDS`), rather than
one array of records: the selection loop reads one field of many siblings at a time.
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np
from numba import njit

from .bits import HOT
from .playouts import play_out
from .rng import below, new_rng
from .rules import MAX_MOVES, MAX_PLIES, OPEN, Rules, moves, outcome, play

__all__ = ["CompiledTree"]

#: The search's helpers are inlined into it: a call passes each of the tree's arrays as a
#: struct of several words, which cost the search a third of its time (12.6 ms inlined
#: against 18.7 ms called, 20,000 simulations of Connect Four).
_INLINE: dict[str, Any] = {"cache": True, "inline": "always"}
#: A node's fields, one array each: its first child's index (-1: not expanded) and how many
#: children it has, the move code that led to it, its visits, the total of its results,
#: and bounds on its value (both for the player who moved into it; equal once exact).
_FIELDS = (("first", np.int32), ("count", np.int32), ("action", np.int8), ("visits", np.int64),
           ("total", np.float64), ("lo", np.int8), ("hi", np.int8))  # fmt: skip


@njit(**_INLINE)
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


@njit(**_INLINE)
def _bound(node, first, count, lo, hi):  # type: ignore[no-untyped-def]
    """Recompute ``node``'s bounds from its children; returns whether it is newly proven."""
    if lo[node] == hi[node]:
        return False
    best_lo, best_hi = -1, -1
    for i in range(first[node], first[node] + count[node]):
        best_lo, best_hi = max(best_lo, lo[i]), max(best_hi, hi[i])
    lo[node], hi[node] = -best_hi, -best_lo
    return best_lo == best_hi


@njit(**_INLINE)
def _expand(node, first, count, action, visits, total, lo, hi, size, rules, a, b, me, buffer):  # type: ignore[no-untyped-def]
    """Give ``node`` (position ``(a, b)``, ``me`` to move) its children, unvisited, at the
    end of the arrays."""
    f = size[0]
    n = moves(rules, a, b, me, buffer)
    for j in range(n):
        i = f + j
        first[i], count[i], action[i], visits[i] = -1, 0, buffer[j], 0
        total[i], lo[i], hi[i] = 0.0, -1, 1
    first[node], count[node], size[0] = f, n, f + n


@njit(**HOT, nogil=True)  # other threads run while it searches
def _search(  # type: ignore[no-untyped-def]
    first, count, action, visits, total, lo, hi, size,
    rules, a0, b0, player, c, solver, iterations, rng, path, buffer, no_trace,
):  # fmt: skip
    """Run up to ``iterations`` from root 0 (position ``a0, b0``, ``player`` to move);
    returns how many ran.

    ``total`` and the bounds ``lo <= value <= hi`` are for the player who moved into each
    node; terminal nodes (and, with ``solver``, solved ones) have ``lo == hi``."""
    done = 0
    while done < iterations and not (solver and lo[0] == hi[0]):
        node, a, b, me = 0, a0, b0, player
        path[0], depth = 0, 1
        while lo[node] != hi[node]:
            if first[node] < 0:
                if visits[node] == 0 and node != 0:
                    break
                _expand(node, first, count, action, visits, total, lo, hi, size, rules, a, b,
                        me, buffer)  # fmt: skip
            node = _select(node, first, count, visits, total, lo, hi, c, solver, rng)
            code = np.int64(action[node])  # (int8 in the tree)
            a, b = play(rules, a, b, me, code)  # type: ignore[arg-type]
            path[depth] = node
            depth += 1
            if visits[node] == 0:
                final = outcome(rules, a, b, me, code)  # type: ignore[arg-type]
                if final != OPEN:
                    lo[node] = hi[node] = np.int8(final)
            me = 3 - me
        if lo[node] == hi[node]:
            v = float(lo[node])
        else:  # a rollout, scored for the player who moved into the node
            winner = play_out(rules, a, b, me, rng, buffer, no_trace)
            v = 0.0 if winner == 0 else (-1.0 if winner == me else 1.0)
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


class CompiledTree:
    """The compiled MCTS tree of one game with compiled rules, with the generic tree's
    interface (``run``, ``children``, ``pv``, ``reroot``, ``root_visits``)."""

    compiled = True

    def __init__(self, rules: Rules, state: Any, c: float, solver: bool, seed: int) -> None:
        self.rules, self.game, self.state, self.c, self.solver = rules, rules.game, state, c, solver
        self.rng = new_rng(seed)
        self.size = np.zeros(1, dtype=np.int64)
        # the search's path, move list and (empty) trace, allocated here so that the compiled
        # search allocates nothing and runs without reference counting (HOT): 10% faster
        self.work = (
            np.empty(MAX_PLIES + 1, dtype=np.int64),
            np.empty(MAX_MOVES, dtype=np.int64),
            np.empty(0, dtype=np.int64),
        )
        self.arrays = self._allocate(1024)
        self._clear_root()

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
        a, b, player = self.rules.unpack(self.state)
        position = (self.rules.record, np.uint64(a), np.uint64(b), player)
        # Batches bound the memory reserved ahead and let the deadline be read between them.
        done, batch = 0, 64 if deadline is not None else min(iterations or 64, _MAX_BATCH)
        while iterations is None or done < iterations:
            step = batch if iterations is None else min(batch, iterations - done)
            self._reserve(step * self.rules.most_moves)
            began = time.perf_counter()
            options = (self.c, self.solver, step, self.rng, *self.work)
            ran = _search(*self.arrays, self.size, *position, *options)  # type: ignore[call-arg]
            done += ran
            now = time.perf_counter()
            if ran < step or (deadline is not None and now >= deadline):
                break
            if now - began < 0.005 and batch < _MAX_BATCH:
                batch *= 2
        return done

    def children(self) -> list[tuple[Any, int, float, float, float]]:
        """``(action, visits, mean, lo, hi)`` of each root action, for the player to move."""
        first, count, action, visits, total, lo, hi = self.arrays
        if first[0] < 0:
            return []
        player = self.rules.unpack(self.state)[2]
        return [
            (
                self.rules.action(int(action[i]), player),
                int(visits[i]),
                float(total[i] / visits[i]) if visits[i] else 0.0,
                float(lo[i]),
                float(hi[i]),
            )
            for i in range(first[0], first[0] + count[0])
        ]

    def pv(self, limit: int = 20) -> list[Any]:
        """The most visited line from the root (at most ``limit`` actions)."""
        first, count, action, visits = self.arrays[:4]
        line: list[Any] = []
        player = self.rules.unpack(self.state)[2]
        node = 0
        while first[node] >= 0 and len(line) < limit:
            block = range(first[node], first[node] + count[node])
            node = max(block, key=lambda i: visits[i])
            if not visits[node]:
                break
            line.append(self.rules.action(int(action[node]), player))
            player = 3 - player
        return line

    def seen(self, handle: tuple[int, int] | None = None) -> tuple[Any, ...]:
        """A node as a search's trace reads it, straight from the arrays: the fields of
        ``agents/uct.py``'s ``Seen``, its handle ``(index, player to move)`` (the root by
        default) and no state (the arrays keep none)."""
        first, action, visits, total, lo, hi = (self.arrays[i] for i in (0, 2, 3, 4, 5, 6))
        node, to_move = (0, self.rules.unpack(self.state)[2]) if handle is None else handle
        mover = 3 - to_move
        move = None if node == 0 else self.rules.action(int(action[node]), mover)
        stats = (int(visits[node]), float(total[node]), float(lo[node]), float(hi[node]))
        return ((node, to_move), move, mover, to_move, *stats, bool(first[node] >= 0), None)

    def seen_children(self, handle: tuple[int, int]) -> list[tuple[Any, ...]]:
        """The visited children of the node ``handle``, in the game's order."""
        first, count, visits = self.arrays[0], self.arrays[1], self.arrays[3]
        node, to_move = handle
        block = range(first[node], first[node] + count[node]) if first[node] >= 0 else ()
        return [self.seen((i, 3 - to_move)) for i in block if visits[i]]

    def seen_count(self) -> int:
        """How many nodes of the tree the search visited (the arrays hold the root's
        subtree alone)."""
        return int(np.count_nonzero(self.arrays[3][: self.size[0]]))

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
        game, unpack, key = self.game, self.rules.unpack, self.rules.unpack(state)
        first, count, action = self.arrays[:3]
        level = [(0, self.state)]
        for _ in range(3):
            for node, position in level:
                if unpack(position) == key:
                    if node:
                        self._keep_subtree(node)
                    self.state = position
                    return True
            level = [
                (i, game.result(position, self.rules.action(int(action[i]), unpack(position)[2])))
                for node, position in level
                if first[node] >= 0
                for i in range(first[node], first[node] + count[node])
                if self.arrays[3][i]
            ]
        return False
