"""Tic-tac-toe on bitmasks: cells 0..8 row by row, X (player 1) moves first."""

from __future__ import annotations

from .base import BuiltinGame
from .heuristics import squash

#: A state is ``(x, o, winner)``: bitmasks of X's and O's cells, and 0, 1 or 2.
TicTacToeState = tuple[int, int, int]

LINES = tuple(
    sum(1 << c for c in cells)
    for cells in (
        (0, 1, 2),
        (3, 4, 5),
        (6, 7, 8),
        (0, 3, 6),
        (1, 4, 7),
        (2, 5, 8),
        (0, 4, 8),
        (2, 4, 6),
    )
)
_LINES_THROUGH = tuple(tuple(m for m in LINES if m >> cell & 1) for cell in range(9))
_FULL = (1 << 9) - 1


class TicTacToe(BuiltinGame):
    """Tic-tac-toe. Actions are cell numbers 0..8, row by row from the top left."""

    name = "tictactoe"

    def params(self) -> dict[str, int]:
        return {}

    @property
    def initial_state(self) -> TicTacToeState:
        return (0, 0, 0)

    def player(self, state: TicTacToeState) -> int:
        x, o, _ = state
        return 1 if x.bit_count() == o.bit_count() else 2

    def actions(self, state: TicTacToeState) -> list[int]:
        x, o, winner = state
        if winner:
            return []
        taken = x | o
        return [c for c in range(9) if not taken >> c & 1]

    def result(self, state: TicTacToeState, action: int) -> TicTacToeState:
        x, o, _ = state
        bit = 1 << action
        if x.bit_count() == o.bit_count():
            x |= bit
            won = any(x & m == m for m in _LINES_THROUGH[action])
            return (x, o, 1 if won else 0)
        o |= bit
        won = any(o & m == m for m in _LINES_THROUGH[action])
        return (x, o, 2 if won else 0)

    def is_terminal(self, state: TicTacToeState) -> bool:
        x, o, winner = state
        return bool(winner) or (x | o) == _FULL

    def utility(self, state: TicTacToeState, player: int) -> int:
        winner = state[2]
        return 0 if not winner else (1 if winner == player else -1)

    def evaluate(self, state: TicTacToeState, player: int) -> float:
        """Open lines: each line free of the opponent counts 1, 4 or 16 for the one, two or
        three marks a player has in it; the difference, squashed into (-1, 1)."""
        x, o, _ = state
        raw = 0
        for m in LINES:
            if not m & o:
                raw += 1 << (2 * (x & m).bit_count())
            if not m & x:
                raw -= 1 << (2 * (o & m).bit_count())
        return squash(raw, 16, player)

    def winning_line(self, state: TicTacToeState) -> list[int]:
        """The cells of the completed line, or ``[]`` when nobody has won."""
        x, o, winner = state
        bits = x if winner == 1 else o
        for m in LINES if winner else ():
            if bits & m == m:
                return [c for c in range(9) if m >> c & 1]
        return []

    def render(self, state: TicTacToeState) -> str:
        x, o, _ = state
        cells = ["X" if x >> c & 1 else "O" if o >> c & 1 else str(c) for c in range(9)]
        return "\n".join(" ".join(cells[r * 3 : r * 3 + 3]) for r in range(3))

    def format_action(self, action: int) -> str:
        return str(action)

    def parse_action(self, text: str, state: TicTacToeState) -> int:
        if not text.strip().isdigit():
            raise ValueError(f"expected a cell number 0..8, got {text!r}")
        return int(text)
