"""Othello (Reversi) on an n x n board, n = 4, 6 or 8, in the plain 7-method style.

Black (player 1) moves first. A move places a disc on an empty cell so that it brackets
one or more lines of the opponent's discs between it and another disc of the mover's, in
any of the 8 directions; the bracketed discs turn over. A player without such a move
passes (the action :data:`PASS`); when neither player can move, the game ends and the
one with more discs wins.

This module is written the way a course writes it: cells walked one at a time, no bit
tricks beyond a mask per player. Its compiled twin, built from the same rules as numba
functions over 64-bit masks, is :mod:`.rules`, and ``compiled_rules()`` offers it
to the compiled searches; ``tests/games/othello/test_game.py`` checks both agree move for
move. ``docs/compiled_games.md`` walks through both.
"""

from __future__ import annotations

from typing import Any

from .. import svg
from ..base import BuiltinGame
from . import notation
from .constants import DIRECTIONS, PASS, SCALE
from .shape import OthelloState

SIZES = (4, 6, 8)


class Othello(BuiltinGame):
    """Othello on a ``size`` x ``size`` board. Actions are cell numbers ``row * size + col``
    (written as a column letter and a row number, ``"d3"``) or :data:`PASS`."""

    name = "othello"
    rules = (
        "Place a disc so that it brackets a line of your opponent's discs (in any of the 8 "
        "directions) against one of yours; the bracketed discs turn to your colour. Without "
        "such a move you pass; when neither player can move, more discs wins."
    )
    #: What the two sides are called, after the colours of their discs.
    side_names = ("Black", "White")
    #: How each side's discs print on the text board (:meth:`render`).
    piece_marks = ("X", "O")

    def __init__(self, size: int = 8) -> None:
        if size not in SIZES:
            raise ValueError(f"size must be one of {', '.join(map(str, SIZES))}, not {size!r}")
        self.size = size

    def params(self) -> dict[str, int]:
        return {"size": self.size}

    # The 7 methods ----------------------------------------------------------------

    @property
    def initial_state(self) -> OthelloState:
        mid = self.size // 2
        white = self._bit(mid - 1, mid - 1) | self._bit(mid, mid)
        black = self._bit(mid - 1, mid) | self._bit(mid, mid - 1)
        return (black, white, 1)

    def player(self, state: OthelloState) -> int:
        return state[2]

    def actions(self, state: OthelloState) -> list[Any]:
        own, other = self._sides(state)
        cells = self._moves(own, other)
        if cells:
            return cells
        return [PASS] if self._moves(other, own) else []

    def result(self, state: OthelloState, action: Any) -> OthelloState:
        black, white, player = state
        if action == PASS:
            return (black, white, 3 - player)
        own, other = self._sides(state)
        flips = self._flips(own, other, action)
        own |= flips | 1 << action
        other &= ~flips
        return (own, other, 2) if player == 1 else (other, own, 1)

    def is_terminal(self, state: OthelloState) -> bool:
        black, white, _ = state
        return not self._moves(black, white) and not self._moves(white, black)

    def utility(self, state: OthelloState, player: int) -> int:
        """More discs wins (1), fewer loses (-1), equal draws (0)."""
        black, white, _ = state
        diff = black.bit_count() - white.bit_count()
        sign = (diff > 0) - (diff < 0)
        return sign if player == 1 else -sign

    def print_state(self, state: OthelloState) -> None:
        print(self.render(state))

    # Optional members --------------------------------------------------------------

    def evaluate(self, state: OthelloState, player: int) -> float:
        """Corners and mobility: 4 per corner held plus 1 per legal move, black's minus
        white's, squashed into (-1, 1) with :data:`SCALE`."""
        black, white, _ = state
        corners = self._bit(0, 0) | self._bit(0, self.size - 1)
        corners |= self._bit(self.size - 1, 0) | self._bit(self.size - 1, self.size - 1)
        raw = 4 * ((black & corners).bit_count() - (white & corners).bit_count())
        raw += len(self._moves(black, white)) - len(self._moves(white, black))
        value = raw / (abs(raw) + SCALE)
        return value if player == 1 else -value

    def compiled_rules(self) -> Any:
        """The compiled twin of these rules (:mod:`.rules`), built once."""
        cached = self.__dict__.get("_compiled_rules")
        if cached is None:
            from .rules import OthelloCodec  # loads numba: only when first asked for

            cached = self.__dict__["_compiled_rules"] = OthelloCodec(self)
        return cached

    def render(self, state: OthelloState) -> str:
        black, white, _ = state
        n = self.size
        rows = ["  " + " ".join("abcdefgh"[:n])]
        for r in range(n):
            x, o = self.piece_marks
            cells = [x if black >> (r * n + c) & 1 else o if white >> (r * n + c) & 1 else "."
                     for c in range(n)]  # fmt: skip
            rows.append(f"{r + 1} " + " ".join(cells))
        return "\n".join(rows)

    def position(self, text: str) -> OthelloState:
        """The state ``text`` describes: the board as it prints (a last line ``O to move``
        says whose turn; unsaid, black's after an even number of moves) or
        :meth:`position_text`'s line; an impossible one raises :class:`~zerosum.PositionError`.

        >>> game = Othello(size=4)
        >>> game.position_text(game.position(game.render(game.initial_state)))
        '..../.OX./.XO./.... X'
        """
        return notation.read_position(self, text)

    def position_text(self, state: OthelloState) -> str:
        """The compact line of ``state``: rows from the top joined by ``/``, then who is
        to move (X black, O white)."""
        return notation.write_position(self, state)

    def tally(self, state: OthelloState) -> str:
        """The discs each side holds, which decide the game: ``"Black 3, White 1"``."""
        black, white, _ = state
        return f"Black {black.bit_count()}, White {white.bit_count()}"

    def format_action(self, action: Any) -> str:
        if action == PASS:
            return PASS
        row, col = divmod(action, self.size)
        return f"{'abcdefgh'[col]}{row + 1}"

    def parse_action(self, text: str, state: OthelloState) -> Any:
        text = text.strip().lower()
        if text == PASS:
            return PASS
        n = self.size
        if len(text) != 2 or text[0] not in "abcdefgh"[:n] or text[1] not in "12345678"[:n]:
            last = "abcdefgh"[n - 1]
            raise ValueError(f"expected a cell a1..{last}{n} or 'pass', got {text!r}")
        return (int(text[1]) - 1) * n + "abcdefgh".index(text[0])

    def to_svg(self, state: OthelloState, last: Any = None) -> str:
        """The board as SVG, its columns lettered a-h and its rows numbered 1-8 as moves
        are written: legal cells are marked with a dot and clickable (``data-action``),
        and when passing is the only move a "Pass" button below the board is; ``last``
        is highlighted."""
        size, n, edge = 60, self.size, 24  # edge: the strip for the letters and numbers
        black, white, _ = state
        legal = set(self.actions(state))
        board = n * size
        passing = PASS in legal or last == PASS  # a strip below for the pass, else none
        width, height = board + 2 * edge, board + 2 * edge + (size // 2 + 8 if passing else 0)
        parts = [
            svg.element("rect", width=width, height=height, fill=svg.PLAYER_COLORS[0]),
            svg.element("rect", x=edge, y=edge, width=board, height=board, fill="#2e7d4f"),
        ]
        for i in range(n):
            middle, letter, number = edge + i * size + size / 2, "abcdefgh"[i], str(i + 1)
            for text, x, y in [(letter, middle, edge - 7), (letter, middle, edge + board + 17),
                               (number, edge / 2, middle + 5),
                               (number, edge * 1.5 + board, middle + 5)]:  # fmt: skip
                parts.append(svg.label(text, x, y, class_="zs-coord"))
        for cell in range(n * n):
            row, col = divmod(cell, n)
            x, y = edge + col * size, edge + row * size
            if cell == last:
                parts.append(svg.element("rect", x=x, y=y, width=size, height=size,
                                         fill=svg.LAST_FILL, class_="zs-last"))  # fmt: skip
            parts.append(svg.element("rect", x=x, y=y, width=size, height=size, fill="none",
                                     stroke="#1b4d30", stroke_width=2))  # fmt: skip
            disc = 1 if black >> cell & 1 else 2 if white >> cell & 1 else 0
            if disc:
                fill = "#111" if disc == 1 else "#f4f1ea"
                parts.append(svg.element("circle", cx=x + size / 2, cy=y + size / 2,
                                         r=size * 0.4, fill=fill, stroke="#333"))  # fmt: skip
            elif cell in legal:
                dot = svg.element("circle", cx=x + size / 2, cy=y + size / 2, r=size * 0.12,
                                  fill="#000", fill_opacity=0.35, class_="zs-legal")  # fmt: skip
                hit = svg.hit_area(x, y, size, size)
                name = self.format_action(cell)
                parts.append(svg.move_group(name, [dot, hit], f"cell {name}"))
        strip = dict(x=edge, y=edge + board + 24, width=board, height=size // 2 - 8, rx=6)
        if last == PASS:
            parts.append(svg.element("rect", **strip, fill=svg.LAST_FILL, class_="zs-last"))
        if PASS in legal:
            button = [svg.element("rect", **strip, fill="#1d3557"),
                      svg.label("Pass (no move)", edge + board / 2, strip["y"] + 16,
                                size=15, fill="#fff")]  # fmt: skip
            parts.append(svg.move_group(PASS, button, "pass"))
        return svg.document(width, height, parts, "othello")

    # Helpers -----------------------------------------------------------------------

    def _bit(self, row: int, col: int) -> int:
        return 1 << (row * self.size + col)

    def _sides(self, state: OthelloState) -> tuple[int, int]:
        """The mover's discs and the opponent's."""
        black, white, player = state
        return (black, white) if player == 1 else (white, black)

    def _flips(self, own: int, other: int, cell: int) -> int:
        """The opponent's discs a disc of ``own`` on the empty ``cell`` turns over."""
        n = self.size
        row, col = divmod(cell, n)
        flips = 0
        for dr, dc in DIRECTIONS:
            r, c, line = row + dr, col + dc, 0
            while 0 <= r < n and 0 <= c < n and other >> (r * n + c) & 1:
                line |= 1 << (r * n + c)
                r, c = r + dr, c + dc
            if line and 0 <= r < n and 0 <= c < n and own >> (r * n + c) & 1:
                flips |= line
        return flips

    def _moves(self, own: int, other: int) -> list[int]:
        """The empty cells where ``own`` turns over at least one disc, in increasing order."""
        taken = own | other
        return [cell for cell in range(self.size * self.size)
                if not taken >> cell & 1 and self._flips(own, other, cell)]  # fmt: skip
