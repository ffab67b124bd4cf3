"""The compiled rules of Othello: the worked example of writing a game in the compiled style.

The same rules as :mod:`.game` (the plain version), as numba functions over two 64-bit
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

from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numba import njit

from ...kernels.bits import HOT, lowest, popcount
from ...kernels.rules import OPEN, PASS, Rules, compiled_rules
from .constants import DIRECTIONS, SCALE
from .constants import PASS as PASS_ACTION

if TYPE_CHECKING:
    from .shape import OthelloBoard

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


# The symmetries. The rules keep all 8 maps of the square, but the start only four: the
# half turn and the reflections in the two diagonals. Under these four the image of a
# position of the game is a position of the game, the same distance from the start; under
# the other four it is one reached from the start with its colours swapped, which need
# not be reachable at all, so those are left out. The maps are bit operations on whole
# masks, with no tables: tables in the record are passed with it on every recursive
# call, which made Othello's alpha-beta 1.16x-1.19x slower (measured).
_M1, _M2 = np.uint64(0x5555555555555555), np.uint64(0x3333333333333333)
_M4, _M8 = np.uint64(0x0F0F0F0F0F0F0F0F), np.uint64(0x00FF00FF00FF00FF)
_M16 = np.uint64(0x0000FFFF0000FFFF)
# Images are looked for only in positions of at most this many discs (two plies from the
# start). Discs never leave the board, so a search from later on seldom reaches both a
# position and its image, and there the maps are pure cost: with images looked for
# everywhere, exact solves of 6x6 endgames took 1.12x-1.14x the time, for no fewer
# positions. At the start they pay: 4x4 solved from the start visits 3,606 positions
# with this limit, 4,615 to 9,272 with limits of 8 to 16 discs, 5,343 with none, and
# 11,145 without symmetries (the table's order shifts with the keys, hence no trend).
_SYMMETRIC_DISCS = 6


@njit(**HOT)
def _half_turn(rules, x):  # type: ignore[no-untyped-def]
    """The cells ``x`` turned by 180 degrees: cell i goes to cells - 1 - i, which is the
    cells' bits reversed (swaps of ever larger blocks reverse all 64, then a shift)."""
    x = ((x >> np.uint64(1)) & _M1) | ((x & _M1) << np.uint64(1))
    x = ((x >> np.uint64(2)) & _M2) | ((x & _M2) << np.uint64(2))
    x = ((x >> np.uint64(4)) & _M4) | ((x & _M4) << np.uint64(4))
    x = ((x >> np.uint64(8)) & _M8) | ((x & _M8) << np.uint64(8))
    x = ((x >> np.uint64(16)) & _M16) | ((x & _M16) << np.uint64(16))
    x = (x >> np.uint64(32)) | (x << np.uint64(32))
    return x >> np.uint64(64 - rules.size * rules.size)


@njit(**HOT)
def _transpose(rules, x):  # type: ignore[no-untyped-def]
    """The cells ``x`` reflected in the main diagonal: (r, c) goes to (c, r). The cells
    k columns right of the diagonal move k * (size - 1) bits up, those k columns left of
    it as many down; each such diagonal is the main one shifted by k, less the cells the
    shift wrapped into the wrong columns."""
    n = rules.size
    row = (_ONE << np.uint64(n)) - _ONE
    out = x & rules.diagonal
    for k in range(1, n):
        shift, uk = np.uint64(k * (n - 1)), np.uint64(k)
        right = (rules.diagonal << uk) & (((row >> uk) << uk) * rules.column)
        left = (rules.diagonal >> uk) & ((row >> uk) * rules.column)
        out |= ((x & right) << shift) | ((x & left) >> shift)
    return out


@njit(**HOT)
def _image(rules, x, t):  # type: ignore[no-untyped-def]
    """The cells ``x`` under symmetry ``t`` (see :func:`_canonical`)."""
    if t == 0:
        return x
    if t >= 2:
        x = _transpose(rules, x)
    return _half_turn(rules, x) if t != 2 else x


@njit(**HOT)
def _canonical(rules, a, b, player):  # type: ignore[no-untyped-def]
    """The smallest of the position's images under the four symmetries of the start, by
    ``a`` and then ``b``: t = 0 itself, 1 the half turn, 2 the reflection in the main
    diagonal, 3 that in the other. Only ``a``'s images are made, and ``b``'s where they
    tie, as they seldom do past the start."""
    if popcount(a | b) > _SYMMETRIC_DISCS:
        return a, b, 0
    ta = _transpose(rules, a)
    images = (a, _half_turn(rules, a), ta, _half_turn(rules, ta))
    best, best_t, tied = a, 0, False
    for t in range(1, 4):
        if images[t] < best:
            best, best_t, tied = images[t], t, False
        elif images[t] == best:
            tied = True
    if not tied:
        return best, _image(rules, b, best_t), best_t
    best_b = np.uint64(0)
    for t in range(4):
        if images[t] == best:
            image = _image(rules, b, t)
            if t == best_t or image < best_b:
                best_b, best_t = image, t
    return best, best_b, best_t


@njit(**HOT)
def _mapped_move(rules, code, t):  # type: ignore[no-untyped-def]
    """Cell ``code``'s image under symmetry ``t``; each is its own inverse."""
    if t == 0 or code == PASS:
        return code
    n = rules.size
    if t >= 2:  # the reflection in the main diagonal, then for t = 3 the half turn
        code = (code % n) * n + code // n
    return n * n - 1 - code if t != 2 else code


@compiled_rules(moves=_moves, play=_play, outcome=_outcome, evaluate=_evaluate, key=_key,
                canonical=_canonical, canonical_move=_mapped_move,
                original_move=_mapped_move)  # fmt: skip
class OthelloRules(NamedTuple):
    """Othello's record: the board, its corners, its main diagonal and first column (for
    the symmetries), and per direction the shift (positive: left) and the mask of cells a
    step may land on."""

    board: np.uint64
    corners: np.uint64
    diagonal: np.uint64
    column: np.uint64
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
    diagonal = sum(1 << (r * size + r) for r in range(size))
    column = sum(1 << (r * size) for r in range(size))
    return OthelloRules(np.uint64(board), np.uint64(corners), np.uint64(diagonal),
                        np.uint64(column), np.array(shifts, dtype=np.int64),
                        np.array(keep, dtype=np.uint64), size, SCALE)  # fmt: skip


class OthelloCodec(Rules):
    """Othello's states ``(black, white, player)``; actions are cells, or the pass."""

    def __init__(self, game: OthelloBoard) -> None:
        super().__init__(game)
        self.record = othello_rules(game.size)
        self.most_moves = game.size * game.size - 4  # at most the empty cells

    def unpack(self, state: Any) -> tuple[int, int, int]:
        return state  # type: ignore[no-any-return]

    def action(self, code: int, player: int) -> Any:
        return PASS_ACTION if code == PASS else code

    def code(self, action: Any, player: int) -> int:
        return PASS if action == PASS_ACTION else int(action)
