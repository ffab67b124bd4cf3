"""The compiled rules of Migration (boards up to 8x8), for the kernels and the weak solver.

Bit ``row * n + col`` is cell (row, col), row 0 at the top, as in :mod:`.game`. A
move code is the bit index of the stone that moves (right for player 1, up for player
2); a player who cannot move loses. The heuristic is ``Migration.evaluate`` (reserves
and mobility).

The masks live in one flat array, read at the offsets named below, because the weak
solver (``games/migration/solver.py``) passes that array down its recursion as one argument.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numba import njit

from ...kernels.bits import HOT, lowest, popcount
from ...kernels.rules import OPEN, Rules, compiled_rules
from .constants import SCALE
from .heuristic import line_masks

if TYPE_CHECKING:
    from .shape import MigrationBoard

__all__ = ["MigrationRules", "MigrationCodec", "movable", "step", "reserves", "migration_masks"]

_ONE = np.uint64(1)
#: Offsets in the flat masks array: the board, the cells whose stone may step right (not
#: the last column), then the n rows, the n columns, and the bit planes of the distance
#: to the far edge (3 for player 1, then 3 for player 2).
FULL, STEPS_RIGHT, ROWS = 0, 1, 2


@njit(**HOT)
def movable(n, masks, a, b, player):  # type: ignore[no-untyped-def]
    """The mask of ``player``'s stones with an empty cell ahead (its move codes)."""
    empty = masks[FULL] & ~(a | b)
    if player == 1:
        return a & masks[STEPS_RIGHT] & (empty >> _ONE)
    return b & (empty << np.uint64(n))


@njit(**HOT)
def step(n, a, b, player, code):  # type: ignore[no-untyped-def]
    """The masks after ``player`` steps its stone on bit ``code`` forward."""
    bit = _ONE << np.uint64(code)
    if player == 1:
        return a ^ (bit | (bit << _ONE)), b
    return a, b ^ (bit | (bit >> np.uint64(n)))


@njit(**HOT)
def reserves(n, masks, a, b):  # type: ignore[no-untyped-def]
    """``heuristic.migration_reserves``. The distances to the far edge are summed by bit
    planes: plane j holds the cells whose distance has bit j set."""
    r1 = r2 = 0
    for j in range(3):
        r1 += popcount(a & masks[ROWS + 2 * n + j]) << j
        r2 += popcount(b & masks[ROWS + 2 * n + 3 + j]) << j
    for i in range(n):  # less k(k-1)/2 for k stones in one line
        in_row, in_col = popcount(a & masks[ROWS + i]), popcount(b & masks[ROWS + n + i])
        r1 -= (in_row * (in_row - 1)) >> 1
        r2 -= (in_col * (in_col - 1)) >> 1
    return r1, r2


@njit(**HOT)
def _moves(rules, a, b, player, out):  # type: ignore[no-untyped-def]
    stones = movable(rules.n, rules.masks, a, b, player)
    count = 0
    while stones:
        out[count] = lowest(stones)
        stones &= stones - _ONE
        count += 1
    return count


@njit(**HOT)
def _play(rules, a, b, player, code):  # type: ignore[no-untyped-def]
    return step(rules.n, a, b, player, code)


@njit(**HOT)
def _outcome(rules, a, b, mover, code):  # type: ignore[no-untyped-def]
    return 1.0 if movable(rules.n, rules.masks, a, b, 3 - mover) == 0 else OPEN


@njit(**HOT)
def _evaluate(rules, a, b, to_move, player):  # type: ignore[no-untyped-def]
    n, masks = rules.n, rules.masks
    r1, r2 = reserves(n, masks, a, b)
    mobile1 = popcount(movable(n, masks, a, b, 1))
    mobile2 = popcount(movable(n, masks, a, b, 2))
    raw = r1 - r2 + 2 * (mobile1 - mobile2) + (-1 if to_move == 1 else 1)
    value = raw / (abs(raw) + rules.scale)
    return value if player == 1 else -value


@compiled_rules(moves=_moves, play=_play, outcome=_outcome, evaluate=_evaluate)
class MigrationRules(NamedTuple):
    """Migration's record: the flat masks (offsets above), the board's side, the
    heuristic's scale."""

    masks: np.ndarray  # uint64
    n: int
    scale: float


def migration_masks(n: int, full: int, steps_right: int) -> np.ndarray:
    """The flat masks array of an n x n board (n <= 8)."""
    rows, cols = line_masks(n)
    # bit planes of the distance to the far edge: n - 1 - column for 1, the row for 2
    last = n - 1
    to_right = [sum(c for i, c in enumerate(cols) if (last - i) >> j & 1) for j in range(3)]
    to_top = [sum(r for i, r in enumerate(rows) if i >> j & 1) for j in range(3)]
    return np.array([full, steps_right, *rows, *cols, *to_right, *to_top], dtype=np.uint64)


class MigrationCodec(Rules):
    """Migration's states ``(p1, p2, player)``; an action ``(row, col, new_row, new_col)``
    is the code ``row * n + col``."""

    def __init__(self, game: MigrationBoard) -> None:
        super().__init__(game)
        n = game.n
        masks = migration_masks(n, game.full, game.steps_right)
        self.record = MigrationRules(masks, n, float(SCALE))
        self.most_moves = n * n // 2
        cells = [divmod(code, n) for code in range(n * n)]
        self._actions = ([(r, c, r, c + 1) for r, c in cells], [(r, c, r - 1, c) for r, c in cells])

    def unpack(self, state: Any) -> tuple[int, int, int]:
        return state  # type: ignore[no-any-return]

    def action(self, code: int, player: int) -> Any:
        return self._actions[player - 1][code]

    def code(self, action: Any, player: int) -> int:
        return int(action[0] * self.record.n + action[1])
