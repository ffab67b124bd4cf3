"""Reading and writing the built-in grid games' positions as text: a board as it prints
(one line per row, cells apart) or a compact line (rows joined by ``/``, then the mark of
the side to move), the reading checked cell by cell with where a bad one is.

>>> read_grid(".X/O. X", 2, 2, {".": 0, "X": 1, "O": 2})
([[0, 1], [2, 0]], 1)
>>> grid_line([[0, 1], [2, 0]], ".XO", 1)
'.X/O. X'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..position import PositionError

__all__ = ["SIDES", "check_side", "grid_line", "read_grid", "side_of", "turn_of_counts"]

#: The words for the side to move: the marks, or the player's number.
SIDES = {"X": 1, "1": 1, "O": 2, "2": 2}

Lines = list[str]


def side_of(word: str) -> int:
    """The player named by ``word`` (``X`` or ``1``, ``O`` or ``2``)."""
    side = SIDES.get(word.upper())
    if side is None:
        raise PositionError(f"the side to move must be X or O (1 or 2), not {word!r}")
    return side


def turn_of_counts(n1: int, n2: int, names: tuple[str, str], unit: str = "") -> int:
    """Whose turn it is when the first player has placed ``n1`` pieces and the second
    ``n2`` (``unit``: what they are, e.g. ``" discs"``); refuses counts no game reaches."""
    one, two = names
    if n1 not in (n2, n2 + 1):
        raise PositionError(
            f"{one} has {n1}{unit} and {two} {n2}: {one}, who starts, has as many or one more"
        )
    return 1 if n1 == n2 else 2


def check_side(side: int | None, turn: int, names: tuple[str, str], made: str) -> None:
    """Refuse a side to move (None: not given) other than ``turn``, after ``made`` (what
    was played so far, e.g. ``"4 moves"``)."""
    if side is not None and side != turn:
        raise PositionError(
            f"{names[side - 1]} cannot be to move after {made}: it is {names[turn - 1]}'s turn"
        )


def read_grid(
    text: str,
    rows: int,
    cols: int,
    marks: Mapping[str, int],
    drop_labels: Callable[[Lines], Lines] = lambda lines: lines,
) -> tuple[list[list[int]], int | None]:
    """The cells (0 empty, 1 or 2, top row first) and the side to move (None when the text
    does not say) of a board printed over ``rows`` lines, or of a compact line.

    A printed board may end with a line ``X to move``; ``drop_labels`` removes the game's
    row and column labels from the printed lines.
    """
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines:
        raise PositionError("the position is empty")
    side = None
    if len(lines) == 1:  # the compact line
        board, *rest = lines[0].split()
        if len(rest) > 1:
            raise PositionError(f"expected the board then the side to move, got {lines[0]!r}")
        side = side_of(rest[0]) if rest else None
        cells = [list(row) for row in board.split("/")]
    else:
        words = lines[-1].replace(":", " ").split()
        if "move" in (w.lower() for w in words):
            named = [w for w in words if w.upper() in SIDES]
            if len(named) != 1:
                raise PositionError(f"cannot tell who is to move from {lines[-1]!r}")
            side, lines = side_of(named[0]), lines[:-1]
        cells = [line.split() if " " in line else list(line) for line in drop_labels(lines)]
    if len(cells) != rows:
        raise PositionError(f"expected {rows} rows, got {len(cells)}")
    grid = []
    known = " ".join(dict.fromkeys(marks))
    for r, row in enumerate(cells):
        if len(row) != cols:
            raise PositionError(f"row {r + 1} has {len(row)} cells, expected {cols}")
        for c, mark in enumerate(row):
            if mark not in marks:
                raise PositionError(f"row {r + 1}, column {c + 1}: {mark!r} is not one of {known}")
        grid.append([marks[mark] for mark in row])
    return grid, side


def grid_line(grid: list[list[int]], marks: str, side: int) -> str:
    """The compact line of ``grid`` (top row first) with ``side`` to move."""
    board = "/".join("".join(marks[cell] for cell in row) for row in grid)
    return f"{board} {marks[side]}"
