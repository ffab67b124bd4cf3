"""The compiled rules of Connect Four (boards of at most 64 bits in its layout).

The layout is :mod:`connect_four`'s: bit ``col * (height + 1) + row``, a spare bit on top
of each column so that shifted lines never wrap into the next column. A move code is the
column itself; ``moves`` lists the free columns center-first, the game's own order. The
heuristic is ``heuristic.connect_four_lines`` (open lines and threats).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numba import njit

from ...kernels.bits import HOT, popcount
from ...kernels.rules import OPEN, Rules, compiled_rules
from .heuristic import board_mask

if TYPE_CHECKING:
    from .shape import ConnectFourBoard

__all__ = ["ConnectFourRules", "ConnectFourCodec", "has_line", "drop"]

_ONE = np.uint64(1)


@njit(**HOT)
def has_line(stones, column_height, k):  # type: ignore[no-untyped-def]
    """Whether ``stones`` hold ``k`` in a row in any direction."""
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


@njit(**HOT)
def drop(rules, filled, col):  # type: ignore[no-untyped-def]
    """The cell a stone dropped into ``col`` lands on: adding the column's bottom bit to
    the filled cells carries up through the column's stones to its first free cell."""
    column = rules.columns[col]
    return (filled + (rules.bottoms[col])) & column


@njit(**HOT)
def _moves(rules, a, b, player, out):  # type: ignore[no-untyped-def]
    filled = a | b
    count = 0
    for col in rules.order:
        if not filled & rules.tops[col]:
            out[count] = col
            count += 1
    return count


@njit(**HOT)
def _play(rules, a, b, player, code):  # type: ignore[no-untyped-def]
    bit = drop(rules, a | b, code)
    return (a | bit, b) if player == 1 else (a, b | bit)


@njit(**HOT)
def _outcome(rules, a, b, mover, code):  # type: ignore[no-untyped-def]
    if has_line(a if mover == 1 else b, rules.column_height, rules.k):
        return 1.0
    return 0.0 if (a | b) == rules.board else OPEN


@njit(**HOT)
def _shift_up(x, by):  # type: ignore[no-untyped-def]
    """``x << by`` with the bits past 64 dropped, as the AND with a board drops them in
    Python (LLVM leaves shifts by 64 or more undefined)."""
    return x << np.uint64(by) if by < 64 else np.uint64(0)


@njit(**HOT)
def _shift_down(x, by):  # type: ignore[no-untyped-def]
    return x >> np.uint64(by) if by < 64 else np.uint64(0)


@njit(**HOT)
def lines(board, n, k, own, other):  # type: ignore[no-untyped-def]
    """``heuristic.connect_four_lines`` (columns of ``n`` bits, the top one spare)."""
    free = board & ~other
    empty = free & ~own
    score = 0
    threats = np.uint64(0)
    for shift in (1, n, n - 1, n + 1):
        windows = free
        for i in range(1, k):
            windows &= _shift_down(free, i * shift)
        for i in range(k):
            score += popcount(windows & _shift_down(own, i * shift))
        # cells with j own stones just before them and k-1-j just after them
        for j in range(k):
            run = board
            for i in range(1, j + 1):
                run &= _shift_up(own, i * shift)
            for i in range(1, k - j):
                run &= _shift_down(own, i * shift)
            threats |= run
    return score + 4 * popcount(threats & empty)


@njit(**HOT)
def _evaluate(rules, a, b, to_move, player):  # type: ignore[no-untyped-def]
    n, k = rules.column_height, rules.k
    raw = lines(rules.board, n, k, a, b) - lines(rules.board, n, k, b, a)
    value = raw / (abs(raw) + rules.scale)
    return value if player == 1 else -value


@njit(**HOT)
def _mirror(rules, x):  # type: ignore[no-untyped-def]
    """The cells ``x`` reflected left-right (column c goes to width - 1 - c)."""
    width, n = rules.order.size, np.uint64(rules.column_height)
    full = (_ONE << n) - _ONE  # a column's cells, with its spare one
    out = np.uint64(0)
    for c in range(width):
        out |= ((x >> (np.uint64(c) * n)) & full) << (np.uint64(width - 1 - c) * n)
    return out


@njit(**HOT)
def _canonical(rules, a, b, player):  # type: ignore[no-untyped-def]
    """The smaller of the position and its mirror image (t = 1)."""
    ma, mb = _mirror(rules, a), _mirror(rules, b)
    if ma < a or (ma == a and mb < b):
        return ma, mb, 1
    return a, b, 0


@njit(**HOT)
def _mirrored_move(rules, code, t):  # type: ignore[no-untyped-def]
    """A column's image under the mirror (t = 1), which is its own inverse."""
    return rules.order.size - 1 - code if t else code


@compiled_rules(moves=_moves, play=_play, outcome=_outcome, evaluate=_evaluate,
                canonical=_canonical, canonical_move=_mirrored_move,
                original_move=_mirrored_move)  # fmt: skip
class ConnectFourRules(NamedTuple):
    """Connect Four's record: the real cells, per column its bottom cell, top cell and
    all its cells, the columns center-first, and the sizes."""

    board: np.uint64
    bottoms: np.ndarray  # uint64 per column
    tops: np.ndarray  # uint64 per column
    columns: np.ndarray  # uint64 per column
    order: np.ndarray  # int64: the columns, center-first
    column_height: int
    k: int
    scale: float


def connect_four_rules(
    width: int, height: int, k: int, order: list[int], scale: float
) -> ConnectFourRules:
    """The record of a ``width`` x ``height`` board (``width * (height + 1) <= 64``), its
    heuristic squashed with ``scale`` (the game's ``SCALE``)."""
    h1 = height + 1
    return ConnectFourRules(
        np.uint64(board_mask(width, height)),
        np.array([1 << (c * h1) for c in range(width)], dtype=np.uint64),
        np.array([1 << (c * h1 + height - 1) for c in range(width)], dtype=np.uint64),
        np.array([((1 << height) - 1) << (c * h1) for c in range(width)], dtype=np.uint64),
        np.array(order, dtype=np.int64),
        h1,
        k,
        float(scale),
    )


class ConnectFourCodec(Rules):
    """Connect Four's states ``(p1, p2, moves, winner)``; actions are columns, as codes. The
    game passes itself and its heuristic's ``scale`` in: the rules import no game module."""

    ordered = True  # center-first is better than what a searcher would learn

    def __init__(self, game: ConnectFourBoard, scale: float) -> None:
        super().__init__(game)
        self.most_moves = game.width
        self.record = connect_four_rules(game.width, game.height, game.k,
                                         game.actions(game.initial_state), scale)  # fmt: skip

    def unpack(self, state: Any) -> tuple[int, int, int]:
        return state[0], state[1], 1 if state[2] % 2 == 0 else 2

    def action(self, code: int, player: int) -> Any:
        return code

    def code(self, action: Any, player: int) -> int:
        return int(action)
