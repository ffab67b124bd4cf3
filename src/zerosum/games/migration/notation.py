"""Migration's positions as text: the board as it prints (``_ ○ ●``) or the compact line
(rows from the top joined by ``/``, ``.`` empty, ``X`` player 1's ○, ``O`` player 2's ●,
then who is to move). Stones only step forward, one a move, so the board alone says how
many moves were made and whose turn it is; a board they cannot reach is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...position import PositionError
from ..notation import check_side, grid_line, read_grid

if TYPE_CHECKING:
    from .shape import MigrationBoard, MigrationState

__all__ = ["read_position", "write_position"]

_READ = {"_": 0, ".": 0, "○": 1, "X": 1, "x": 1, "●": 2, "O": 2, "o": 2}


def read_position(game: MigrationBoard, text: str) -> MigrationState:
    """The state ``text`` describes, refused when the stones cannot get there."""
    n = game.n
    grid, side = read_grid(text, n, n, _READ)
    start = game.initial_state
    moves = 0
    for line in range(n):  # player 1 steps right along its row, player 2 up its column
        now = [c for c in range(n) if grid[line][c] == 1]
        was = [c for c in range(n) if game.cell(start, line, c) == 1]
        moves += _steps(now, was, f"row {line + 1}", "X (○)")
        now = [n - 1 - r for r in range(n) if grid[r][line] == 2]
        was = [n - 1 - r for r in range(n) if game.cell(start, r, line) == 2]
        moves += _steps(now, was, f"column {line + 1}", "O (●)")
    turn = 1 if moves % 2 == 0 else 2
    check_side(side, turn, ("X", "O"), f"{moves} steps")
    p1 = sum(1 << (r * n + c) for r in range(n) for c in range(n) if grid[r][c] == 1)
    p2 = sum(1 << (r * n + c) for r in range(n) for c in range(n) if grid[r][c] == 2)
    return (p1, p2, turn)


def write_position(game: MigrationBoard, state: MigrationState) -> str:
    """The compact line of ``state``."""
    n = game.n
    grid = [[game.cell(state, r, c) for c in range(n)] for r in range(n)]
    return grid_line(grid, ".XO", game.player(state))


def _steps(now: list[int], was: list[int], line: str, who: str) -> int:
    """The steps forward from ``was`` to ``now`` (places along a line): stones never
    leave their line, so a count that changed cannot occur."""
    if len(now) != len(was):
        raise PositionError(f"{line}: {who} has {len(now)} stones, it starts with {len(was)}")
    return sum(now) - sum(was)
