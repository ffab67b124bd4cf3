"""Othello's positions as text: the board as it prints (the ``a b c ...`` header and row
numbers optional, ``X`` black, ``O`` white), with a last line ``X to move`` or not, or the
compact line (rows from the top joined by ``/``, then who is to move). Passes make the
turn unknowable from the board: unsaid, it is black's after an even number of moves.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...position import PositionError
from ..notation import grid_line, read_grid

if TYPE_CHECKING:
    from .shape import OthelloBoard, OthelloState

__all__ = ["read_position", "write_position"]

_READ = {".": 0, "X": 1, "x": 1, "O": 2, "o": 2}
_LETTERS = "abcdefgh"


def read_position(game: OthelloBoard, text: str) -> OthelloState:
    """The state ``text`` describes, refused when a centre square is empty."""
    n = game.size
    grid, side = read_grid(text, n, n, _READ, _drop_labels)
    for r in (n // 2 - 1, n // 2):
        for c in (n // 2 - 1, n // 2):
            if not grid[r][c]:
                raise PositionError(
                    f"{_LETTERS[c]}{r + 1} is empty: the four centre squares hold discs "
                    "from the start"
                )
    black = sum(1 << (r * n + c) for r in range(n) for c in range(n) if grid[r][c] == 1)
    white = sum(1 << (r * n + c) for r in range(n) for c in range(n) if grid[r][c] == 2)
    if side is None:
        side = 1 if (black | white).bit_count() % 2 == 0 else 2
    return (black, white, side)


def write_position(game: OthelloBoard, state: OthelloState) -> str:
    """The compact line of ``state``."""
    black, white, side = state
    n = game.size
    grid = [[(black >> (r * n + c) & 1) + 2 * (white >> (r * n + c) & 1) for c in range(n)]
            for r in range(n)]  # fmt: skip
    return grid_line(grid, ".XO", side)


def _drop_labels(lines: list[str]) -> list[str]:
    """The rows without the printout's column letters and row numbers."""
    if lines and set(lines[0].split()) <= set(_LETTERS):
        lines = lines[1:]
    return [re.sub(r"^\d+\s+", "", line) for line in lines]
