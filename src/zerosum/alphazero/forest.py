"""AlphaZero's tree search compiled, for games with compiled rules: a forest of trees, one per
self-play game, searched together so that one network call values a leaf of each.

It mirrors :func:`zerosum.alphazero.mcts.search` step for step (the same PUCT choice, the
same values, sign changes only where the mover changes, terminal leaves valued by their
result) and ``tests/learn/test_forest.py`` checks that both give every move the same
visits. What differs is where the tree lives: in arrays, a node's children made all at
once when it is expanded (their masks and results found by the game's compiled ``play``
and ``outcome``), so the Python side only encodes leaves (:func:`encode_masks`) and asks
the network.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

import numpy as np
import numpy.typing as npt
from numba import njit

from ..kernels.rules import OPEN, moves, outcome, play
from ..records.rules import MAX_MOVES
from .mcts import Settings

__all__ = [
    "Forest",
    "new_forest",
    "plant",
    "select",
    "expand",
    "root_children",
    "step",
    "encode_masks",
    "search_forest",
]

#: Codes of a compiled game's moves: the 64 cells and the pass.
CODES = 65


class Forest(NamedTuple):
    """The nodes of every tree, a field an array (tree ``t`` owns nodes ``t * size`` up to
    its ``free`` pointer); a node's edge statistics (prior, visits, total for the parent's
    mover) live on the child."""

    a: npt.NDArray[np.uint64]
    b: npt.NDArray[np.uint64]
    player: npt.NDArray[np.int8]
    terminal: npt.NDArray[np.bool_]
    result: npt.NDArray[np.float64]  # a terminal node's result for player 1
    first: npt.NDArray[np.int32]  # -1: not expanded
    children: npt.NDArray[np.int32]  # how many
    code: npt.NDArray[np.int16]
    prior: npt.NDArray[np.float64]
    visits: npt.NDArray[np.float64]
    total: npt.NDArray[np.float64]
    below: npt.NDArray[np.float64]  # the visits of a node's children, summed
    free: npt.NDArray[np.int64]  # per tree: its next unused node
    size: int


def new_forest(trees: int, simulations: int, most_moves: int = MAX_MOVES) -> Forest:
    """Room for ``trees`` trees of ``simulations`` simulations each (each simulation
    expands at most one node, of at most ``most_moves`` children)."""
    size = (simulations + 1) * most_moves + 1
    n = trees * size
    return Forest(
        np.zeros(n, np.uint64), np.zeros(n, np.uint64), np.zeros(n, np.int8),
        np.zeros(n, np.bool_), np.zeros(n), np.full(n, -1, np.int32), np.zeros(n, np.int32),
        np.zeros(n, np.int16), np.zeros(n), np.zeros(n), np.zeros(n), np.zeros(n),
        np.zeros(trees, np.int64), size,
    )  # fmt: skip


@njit(cache=True)
def plant(forest, trees, a, b, player):  # type: ignore[no-untyped-def]
    """Empty each tree of ``trees`` and root ``trees[i]`` at ``(a[i], b[i], player[i])``."""
    for i in range(len(trees)):
        t = trees[i]
        root = t * forest.size
        forest.a[root], forest.b[root], forest.player[root] = a[i], b[i], player[i]
        forest.terminal[root] = False
        forest.first[root], forest.children[root], forest.below[root] = -1, 0, 0.0
        forest.free[t] = root + 1


@njit(cache=True)
def select(forest, trees, exploration, path, depth, leaves):  # type: ignore[no-untyped-def]
    """Walk each tree of ``trees`` down by PUCT to a node not yet expanded; a terminal node
    reached is backed up at once (``leaves[i]`` -1), another is a leaf to value."""
    for i in range(len(trees)):
        node = trees[i] * forest.size
        d = 0
        path[i, 0] = node
        while forest.first[node] >= 0 and not forest.terminal[node]:
            scale = exploration * math.sqrt(forest.below[node] + 1.0)
            best, best_score = -1, -np.inf
            f = forest.first[node]
            for c in range(f, f + forest.children[node]):
                n = forest.visits[c]
                mean = forest.total[c] / n if n > 0 else 0.0
                score = mean + scale * forest.prior[c] / (1.0 + n)
                if score > best_score:
                    best, best_score = c, score
            node = best
            d += 1
            path[i, d] = node
        depth[i] = d
        if forest.terminal[node]:
            _backup(forest, path[i], d, 0.0)
            leaves[i] = -1
        else:
            leaves[i] = node


@njit(cache=True)
def expand(rules, forest, trees, leaves, logits, values, path, depth):  # type: ignore[no-untyped-def]
    """Expand each leaf (``leaves[i] >= 0``): its children, with priors from ``logits[i]``
    (softmax over the legal codes), then back its ``values[i]`` (for its mover) up."""
    codes = np.empty(MAX_MOVES + 1, np.int64)
    for i in range(len(trees)):
        leaf = leaves[i]
        if leaf < 0:
            continue
        a, b, mover = forest.a[leaf], forest.b[leaf], int(forest.player[leaf])
        n = moves(rules, a, b, mover, codes)
        start = forest.free[trees[i]]
        forest.free[trees[i]] = start + n
        top = -np.inf
        for k in range(n):
            top = max(top, logits[i, codes[k]])
        weight = 0.0
        for k in range(n):
            weight += math.exp(logits[i, codes[k]] - top)
        for k in range(n):
            c = start + k
            code = codes[k]
            child_a, child_b = play(rules, a, b, mover, code)
            ended = outcome(rules, child_a, child_b, mover, code)
            forest.a[c], forest.b[c], forest.player[c] = child_a, child_b, 3 - mover
            forest.terminal[c] = ended != OPEN
            forest.result[c] = (ended if mover == 1 else -ended) if ended != OPEN else 0.0
            forest.first[c], forest.children[c], forest.code[c] = -1, 0, code
            forest.prior[c] = math.exp(logits[i, code] - top) / weight
            forest.visits[c], forest.total[c], forest.below[c] = 0.0, 0.0, 0.0
        forest.first[leaf], forest.children[leaf] = start, n
        _backup(forest, path[i], depth[i], values[i])


@njit(cache=True, inline="always")
def _backup(forest, path, depth, value):  # type: ignore[no-untyped-def]
    """Add the leaf's value (for its mover; a terminal leaf's comes from its result) to
    every edge of the path, each for its parent's mover."""
    for d in range(depth, 0, -1):
        child, parent = path[d], path[d - 1]
        mover = forest.player[parent]
        if forest.terminal[child]:
            value = forest.result[child] if mover == 1 else -forest.result[child]
        elif forest.player[child] != mover:
            value = -value
        forest.visits[child] += 1.0
        forest.total[child] += value
        forest.below[parent] += 1.0


@njit(cache=True)
def step(rules, a, b, player, code):  # type: ignore[no-untyped-def]
    """Play ``code`` in each position: the new masks and each game's result for player 1
    (:data:`OPEN` while it goes on)."""
    n = len(a)
    new_a, new_b = np.empty(n, np.uint64), np.empty(n, np.uint64)
    result = np.empty(n)
    for i in range(n):
        new_a[i], new_b[i] = play(rules, a[i], b[i], int(player[i]), int(code[i]))
        ended = outcome(rules, new_a[i], new_b[i], int(player[i]), int(code[i]))
        result[i] = ended if ended == OPEN or player[i] == 1 else -ended
    return new_a, new_b, result


def root_children(
    forest: Forest, tree: int
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.float64]]:
    """The move codes of tree ``tree``'s root and their visits."""
    root = tree * forest.size
    f, n = int(forest.first[root]), int(forest.children[root])
    return forest.code[f : f + n].copy(), forest.visits[f : f + n].copy()


_BITS = np.arange(64, dtype=np.uint64)


def encode_masks(
    a: npt.NDArray[np.uint64], b: npt.NDArray[np.uint64], player: npt.NDArray[np.int8]
) -> npt.NDArray[np.float32]:
    """Positions of a compiled game as the network reads them: the mover's cells, the
    opponent's, and +1 or -1 for player 1 or 2 to move (:mod:`.encoding`)."""
    first = player == 1
    own, other = np.where(first, a, b), np.where(first, b, a)
    out = np.empty((len(a), 129), np.float32)
    out[:, :64] = (own[:, None] >> _BITS) & np.uint64(1)
    out[:, 64:128] = (other[:, None] >> _BITS) & np.uint64(1)
    out[:, 128] = np.where(first, 1.0, -1.0)
    return out


def search_forest(
    record: object,
    forest: Forest,
    trees: npt.NDArray[np.int64],
    positions: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64], npt.NDArray[np.int8]],
    evaluate: Callable[
        [npt.NDArray[np.float32]], tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]
    ],
    settings: Settings,
    rng: np.random.Generator,
) -> None:
    """Search each tree of ``trees`` from its position in ``positions`` (masks and
    movers), as :func:`zerosum.alphazero.mcts.search` searches fresh roots."""
    a, b, player = positions
    plant(forest, trees, a, b, player)
    count = len(trees)
    path = np.zeros((count, 1024), np.int64)
    depth = np.zeros(count, np.int64)
    leaves = trees * forest.size
    logits, values = evaluate(encode_masks(a, b, player))
    expand(record, forest, trees, leaves, logits, values.astype(np.float64), path, depth)
    if settings.noise:
        for t in trees:
            root = int(t) * forest.size
            f, n = int(forest.first[root]), int(forest.children[root])
            mix = rng.dirichlet(np.full(n, settings.alpha))
            forest.prior[f : f + n] = (1 - settings.noise) * forest.prior[f : f + n] + (
                settings.noise * mix
            )
    full_logits = np.zeros((count, CODES), np.float32)
    full_values = np.zeros(count)
    for _ in range(settings.simulations):
        select(forest, trees, settings.exploration, path, depth, leaves)
        live = leaves >= 0
        if not live.any():
            continue
        chosen = leaves[live]
        encoded = encode_masks(forest.a[chosen], forest.b[chosen], forest.player[chosen])
        logits, values = evaluate(encoded)
        full_logits[live] = logits
        full_values[live] = values
        expand(record, forest, trees, leaves, full_logits, full_values, path, depth)
