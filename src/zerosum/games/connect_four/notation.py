"""Connect Four positions as text: the moves (Pons' benchmark notation, 1-based column
digits ``4453``, optionally followed by a score as in his test files; or column numbers
apart, ``4 4 5 3``, for boards wider than 9), the board as it prints, or the compact line
(rows from the top joined by ``/``, then who is to move). A board that cannot occur is
refused with the reason: floating discs, disc counts the turn cannot have, two winners,
play after a win.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...position import PositionError
from ..notation import check_side, grid_line, read_grid, turn_of_counts

if TYPE_CHECKING:
    from .shape import ConnectFourBoard, ConnectFourState

__all__ = ["read_position", "write_position"]

MARKS = ".XO"
_READ = {".": 0, "X": 1, "O": 2, "x": 1, "o": 2}


def read_position(game: ConnectFourBoard, text: str) -> ConnectFourState:
    """The state ``text`` describes (moves, a printed board or the compact line)."""
    tokens = text.split()
    scored = len(tokens) == 2 and len(tokens[0]) > 1 and re.fullmatch(r"-?\d+", tokens[1])
    if tokens and tokens[0].isdigit() and (len(tokens) == 1 or scored):
        return _play(game, list(tokens[0]))
    if tokens and all(t.isdigit() for t in tokens):
        return _play(game, tokens)
    grid, side = read_grid(text, game.height, game.width, _READ, _drop_column_numbers)
    return _from_grid(game, grid, side)


def write_position(game: ConnectFourBoard, state: ConnectFourState) -> str:
    """The compact line of ``state``."""
    grid = [
        [game.cell(state, c, r) for c in range(game.width)] for r in reversed(range(game.height))
    ]
    return grid_line(grid, MARKS, game.player(state))


def _drop_column_numbers(lines: list[str]) -> list[str]:
    return lines[:-1] if lines and lines[-1].replace(" ", "").isdigit() else lines


def _play(game: ConnectFourBoard, columns: list[str]) -> ConnectFourState:
    state = game.initial_state
    for i, word in enumerate(columns):
        column = int(word)
        if not 1 <= column <= game.width:
            raise PositionError(
                f"move {i + 1}: column {column} is not on the board (1-{game.width})"
            )
        if state[3]:
            raise PositionError(f"move {i + 1} ({column}): the game was already won")
        if column - 1 not in game.actions(state):
            raise PositionError(f"move {i + 1}: column {column} is full")
        state = game.result(state, column - 1)
    return state


def _from_grid(game: ConnectFourBoard, grid: list[list[int]], side: int | None) -> ConnectFourState:
    stones = [0, 0, 0]
    for c in range(game.width):
        empty_below = None
        for r in range(game.height):
            cell = grid[game.height - 1 - r][c]
            if cell and empty_below is not None:
                raise PositionError(
                    f"column {c + 1}: a disc floats over the empty row {empty_below + 1}"
                )
            if not cell and empty_below is None:
                empty_below = r
            stones[cell] |= 1 << (c * game.column_height + r)
    p1, p2 = stones[1], stones[2]
    n1, n2 = p1.bit_count(), p2.bit_count()
    turn = turn_of_counts(n1, n2, ("X", "O"), " discs")
    check_side(side, turn, ("X", "O"), f"{n1 + n2} discs")
    winner = _winner(game, p1, p2, last=3 - turn)
    return (p1, p2, n1 + n2, winner)


def _winner(game: ConnectFourBoard, p1: int, p2: int, last: int) -> int:
    """Who has k in a row (0: nobody), checked to be the one who moved last, by one disc."""
    won = [game.has_line(p1), game.has_line(p2)]
    if all(won):
        raise PositionError(f"both X and O have {game.k} in a row")
    if not any(won):
        return 0
    winner = 1 if won[0] else 2
    if winner != last:
        raise PositionError(
            f"{MARKS[winner]} has {game.k} in a row but {MARKS[3 - winner]} moved after it"
        )
    own = p1 if winner == 1 else p2
    mask = p1 | p2
    for c in range(game.width):
        top = game.drop(mask, c) >> 1 if game.drop(mask, c) else game._top[c]
        if top & game._column[c] and own & top and not game.has_line(own ^ top):
            return winner
    raise PositionError(f"{MARKS[winner]} has lines that no single last disc made")
