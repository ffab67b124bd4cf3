"""The compiled rules of Othello: the worked example of writing a game in the compiled style.

The same rules as :mod:`othello` (the plain version), as numba functions over two 64-bit
masks, which is all the compiled alpha-beta, playouts and MCTS need (see
``kernels/rules.py`` and ``docs/compiled_games.md``). Bit ``row * size + col`` is a
cell, as in the plain version; a move code is the cell, or :data:`~zerosum.kernels.rules.PASS`.

Moves are found for all cells at once: shifting the mover's discs one step in a
direction and keeping what lands on the opponent's, ``size - 2`` times, leaves the
opponent's lines that start next to a mover's disc; one more step onto an empty cell is
a legal move. Each direction is a shift by a fixed amount plus a mask that drops the bits
that would wrap around the board's edge (a step east from the last column lands in the
next row's first column otherwise).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numba import njit

from ..kernels.bits import HOT, lowest, popcount
from ..kernels.rules import OPEN, PASS, Rules, compiled_rules
from .othello import DIRECTIONS, SCALE
from .othello import PASS as PASS_ACTION

__all__ = ["OthelloRules", "OthelloCodec", "othello_rules"]

_ONE = np.uint64(1)


@njit(**HOT)
def _step(rules, x, d):  # type: ignore[no-untyped-def]
    """Every disc of ``x`` moved one cell in direction ``d``; what leaves the board drops."""
    amount = rules.shifts[d]
    moved = x << np.uint64(amount) if amount > 0 else x >> np.uint64(-amount)
    return moved & rules.keep[d]


@njit(**HOT)
def _legal(rules, own, other):  # type: ignore[no-untyped-def]
    """The mask of cells where ``own`` may play."""
    empty = rules.board & ~(own | other)
    legal = np.uint64(0)
    for d in range(8):
        line = _step(rules, own, d) & other
        for _ in range(rules.size - 3):  # lines of up to size - 2 of the opponent's discs
            line |= _step(rules, line, d) & other
        legal |= _step(rules, line, d) & empty
    return legal


@njit(**HOT)
def _flips(rules, own, other, move):  # type: ignore[no-untyped-def]
    """The opponent's discs a disc of ``own`` on the cell ``move`` (a one-bit mask) turns."""
    flips = np.uint64(0)
    for d in range(8):
        line = np.uint64(0)
        x = _step(rules, move, d)
        while x & other:
            line |= x
            x = _step(rules, x, d)
        if x & own:
            flips |= line
    return flips


@njit(**HOT)
def _sides(a, b, player):  # type: ignore[no-untyped-def]
    return (a, b) if player == 1 else (b, a)


@njit(**HOT)
def _moves(rules, a, b, player, out):  # type: ignore[no-untyped-def]
    own, other = _sides(a, b, player)
    legal = _legal(rules, own, other)
    if not legal:  # the position is not over (the kernels' precondition): a pass
        out[0] = PASS
        return 1
    count = 0
    while legal:
        out[count] = lowest(legal)
        legal &= legal - _ONE
        count += 1
    return count


@njit(**HOT)
def _play(rules, a, b, player, code):  # type: ignore[no-untyped-def]
    if code == PASS:
        return a, b
    own, other = _sides(a, b, player)
    move = _ONE << np.uint64(code)
    flips = _flips(rules, own, other, move)
    own |= flips | move
    other &= ~flips
    return _sides(own, other, player)


@njit(**HOT)
def _outcome(rules, a, b, mover, code):  # type: ignore[no-untyped-def]
    if _legal(rules, a, b) or _legal(rules, b, a):
        return OPEN
    own, other = _sides(a, b, mover)
    diff = popcount(own) - popcount(other)
    return 1.0 if diff > 0 else -1.0 if diff < 0 else 0.0


@njit(**HOT)
def _evaluate(rules, a, b, to_move, player):  # type: ignore[no-untyped-def]
    raw = 4 * (popcount(a & rules.corners) - popcount(b & rules.corners))
    raw += popcount(_legal(rules, a, b)) - popcount(_legal(rules, b, a))
    value = raw / (abs(raw) + rules.scale)
    return value if player == 1 else -value


@njit(**HOT)
def _key(rules, a, b, player):  # type: ignore[no-untyped-def]
    # The masks do not say whose turn it is (after a pass), but the rules are the same for
    # both colours: the mover's discs first identify the position for the mover.
    return _sides(a, b, player)


@compiled_rules(moves=_moves, play=_play, outcome=_outcome, evaluate=_evaluate, key=_key)
class OthelloRules(NamedTuple):
    """Othello's record: the board, its corners, and per direction the shift (positive:
    left) and the mask of cells a step may land on."""

    board: np.uint64
    corners: np.uint64
    shifts: np.ndarray  # int64, 8
    keep: np.ndarray  # uint64, 8
    size: int
    scale: float


def othello_rules(size: int) -> OthelloRules:
    """The record of a ``size`` x ``size`` board (``size <= 8``)."""
    cells = [(r, c) for r in range(size) for c in range(size)]
    board = sum(1 << (r * size + c) for r, c in cells)
    last = size - 1
    corners = sum(1 << (r * size + c) for r in (0, last) for c in (0, last))
    shifts, keep = [], []
    for dr, dc in DIRECTIONS:
        shifts.append(dr * size + dc)
        # the cells a step in this direction can reach: not those it would wrap into
        keep.append(sum(1 << (r * size + c) for r, c in cells
                        if 0 <= r - dr < size and 0 <= c - dc < size))  # fmt: skip
    return OthelloRules(np.uint64(board), np.uint64(corners), np.array(shifts, dtype=np.int64),
                        np.array(keep, dtype=np.uint64), size, SCALE)  # fmt: skip


class OthelloCodec(Rules):
    """Othello's states ``(black, white, player)``; actions are cells, or the pass."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.record = othello_rules(game.size)
        self.most_moves = game.size * game.size - 4  # at most the empty cells

    def unpack(self, state: Any) -> tuple[int, int, int]:
        return state  # type: ignore[no-any-return]

    def action(self, code: int, player: int) -> Any:
        return PASS_ACTION if code == PASS else code

    def code(self, action: Any, player: int) -> int:
        return PASS if action == PASS_ACTION else int(action)
