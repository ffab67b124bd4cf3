"""Tic-tac-toe on bitmasks: cells 0..8 row by row, X (player 1) moves first."""

from __future__ import annotations

from typing import Any

from .. import svg
from ..base import BuiltinGame
from ..heuristics import squash
from ..space import MaskPermutation, canonical_pair, placement_orders, square_symmetries
from . import notation
from .shape import TicTacToeState

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
_SYMMETRIES = [MaskPermutation(image) for image in square_symmetries(3)]
#: The heuristic's squash scale (``evaluate`` and the compiled rules).
SCALE = 16


def _has_line(marks: int) -> bool:
    return any(marks & m == m for m in LINES)


class TicTacToe(BuiltinGame):
    """Tic-tac-toe. Actions are cell numbers 0..8, row by row from the top left."""

    name = "tictactoe"
    #: The rules in one line, for the web page.
    rules = (
        "Take turns marking a free cell (X first); three of yours in a row, a column or "
        "a diagonal wins; a full board without one is a draw."
    )
    #: A perfect player answers from the start in well under a second (the page offers it).
    perfect_is_instant = True
    #: Plain minimax searches the whole tree from the start in under a second (550k nodes).
    minimax_is_instant = True
    #: What the two sides are called (the page's status, the terminal's prompts).
    side_names = ("X", "O")

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
        return squash(raw, SCALE, player)

    #: What ``canonical_key`` identifies (for state-space reports).
    symmetry = "the 8 rotations and reflections of the board"

    def canonical_key(self, state: TicTacToeState) -> tuple[int, int]:
        """The smallest image of the marks under the board's 8 symmetries."""
        return canonical_pair(state[0], state[1], _SYMMETRIES)

    def move_orders(self, state: TicTacToeState) -> int:
        """Move sequences from the start that reach ``state`` (through unfinished games)."""
        x, o, winner = state
        last, other = (x, o) if x.bit_count() > o.bit_count() else (o, x)
        return placement_orders(last, other, bool(winner), _has_line)

    def _build_rules(self) -> Any:
        from .rules import ClaimCodec, claim_rules  # loads numba: only when first asked for

        return ClaimCodec(
            self, claim_rules(list(range(9)), list(LINES), SCALE, square_symmetries(3))
        )

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

    def position(self, text: str) -> TicTacToeState:
        """The state ``text`` describes: the board as it prints (free cells as their
        numbers or ``.``) or :meth:`position_text`'s line; an impossible position raises
        :class:`~zerosum.PositionError` saying why.

        >>> TicTacToe().position("XX./OO./... O")
        Traceback (most recent call last):
        zerosum.position.PositionError: O cannot be to move after 4 moves: it is X's turn
        """
        return notation.read_tictactoe(text, _has_line)

    def position_text(self, state: TicTacToeState) -> str:
        """The compact line of ``state``: rows joined by ``/``, then who is to move."""
        return notation.write_tictactoe(state)

    def format_action(self, action: int) -> str:
        return str(action)

    def parse_action(self, text: str, state: TicTacToeState) -> int:
        if not text.strip().isdigit():
            raise ValueError(f"expected a cell number 0..8, got {text!r}")
        return int(text)

    def to_svg(self, state: TicTacToeState, last: int | None = None) -> str:
        """The board as SVG: free cells are clickable (``data-action`` is the cell number),
        ``last`` (a cell) is highlighted and a completed line is struck through."""
        size, pad = 90, 14
        x, o, _ = state
        mover = self.player(state)
        legal = set(self.actions(state))
        parts = [svg.element("rect", width=3 * size, height=3 * size, fill=svg.PLAYER_COLORS[0])]

        def mark(cell: int, player: int, **attrs: object) -> list[str]:
            left, top = cell % 3 * size + pad, cell // 3 * size + pad
            right, bottom = left + size - 2 * pad, top + size - 2 * pad
            look = dict(stroke=svg.PLAYER_COLORS[player], stroke_width=10, fill="none", **attrs)
            if player == 1:
                return [
                    svg.element("line", x1=left, y1=top, x2=right, y2=bottom, **look),
                    svg.element("line", x1=left, y1=bottom, x2=right, y2=top, **look),
                ]
            r = (size - 2 * pad) / 2
            return [svg.element("circle", cx=left + r, cy=top + r, r=r, **look)]

        def center(cell: int) -> tuple[float, float]:
            return cell % 3 * size + size / 2, cell // 3 * size + size / 2

        for cell in range(9):
            box = dict(x=cell % 3 * size, y=cell // 3 * size, width=size, height=size)
            if cell == last:
                parts.append(svg.element("rect", **box, fill=svg.LAST_FILL, class_="zs-last"))
            if (x | o) >> cell & 1:
                parts += mark(cell, 1 if x >> cell & 1 else 2)
            elif cell in legal:
                hit = svg.hit_area(box["x"], box["y"], size, size)
                hint = mark(cell, mover, class_="zs-hint", opacity=svg.HINT_OPACITY)
                label = f"cell {cell}"
                parts.append(svg.move_group(self.format_action(cell), [hit, *hint], label))
            # numbered as the move list and the command line write them
            parts.append(svg.label(str(cell), box["x"] + 8, box["y"] + 15, 12, text_anchor="start"))
        for i in (1, 2):
            grid = dict(stroke="#333", stroke_width=3)
            parts.append(svg.element("line", x1=i * size, y1=0, x2=i * size, y2=3 * size, **grid))
            parts.append(svg.element("line", x1=0, y1=i * size, x2=3 * size, y2=i * size, **grid))
        line = self.winning_line(state)
        if line:
            (x1, y1), (x2, y2) = center(line[0]), center(line[-1])
            parts.append(svg.element("line", x1=x1, y1=y1, x2=x2, y2=y2, **svg.WIN_STROKE))
        return svg.document(3 * size, 3 * size, parts, "tic-tac-toe")
