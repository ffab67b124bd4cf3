"""Connect Four on bitboards, any width, height and line length k.

Bit ``col * (height + 1) + row`` is the cell in column ``col`` and row ``row`` (row 0 at
the bottom); the extra bit on top of each column stays empty, so shifted lines never
wrap from one column into the next. The same layout is what the compiled solver uses.

The game class holds the rules and how they show; its fast paths (compiled rules,
solver, opening book, state-space counter, symmetry, commands) are registered for it in
:mod:`.fast_paths`. The compiled parts are imported where first used: importing numba
alone takes a quarter of a second here, which ``import zerosum`` and a process that
never uses them should not pay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import svg
from ..base import BuiltinGame
from ..heuristics import squash
from . import notation
from .heuristic import connect_four_lines
from .shape import ConnectFourState

if TYPE_CHECKING:
    from .solver import Solver

MAX_WIDTH, MAX_HEIGHT = 16, 16
#: The heuristic's squash scale (``evaluate`` and the compiled rules).
SCALE = 24


class ConnectFour(BuiltinGame):
    """Connect Four: drop discs into columns; k in a row (any direction) wins.

    Actions are 0-based column indices, listed center-first; humans type columns 1-based.
    """

    name = "connect4"
    #: Actions come center-first, a better order for searchers than any learned one.
    ordered_actions = True
    #: The compiled solver's table and threads for this game's exact solves; None: the
    #: process's own (:func:`~zerosum.games.connect_four.solver.shared_solver`).
    #: ``zerosum solve`` sets one from ``--tt-mb`` and ``--workers``.
    solver: Solver | None = None

    @property
    def rules(self) -> str:
        """The rules in one line, for the web page."""
        return (
            f"Take turns dropping a disc into a column, where it falls to the lowest free "
            f"cell; {self.k} of yours in a row (across, up or diagonally) wins; a full board "
            f"without one is a draw."
        )

    #: What the two sides are called, after the colours of their discs.
    side_names = ("Red", "Yellow")
    #: How each side's discs print on the text board (:meth:`render`).
    piece_marks = ("X", "O")

    def __init__(self, width: int = 7, height: int = 6, k: int = 4) -> None:
        for label, value, low, high in (
            ("width", width, 1, MAX_WIDTH),
            ("height", height, 1, MAX_HEIGHT),
        ):
            if not isinstance(value, int) or not low <= value <= high:
                raise ValueError(f"{label} must be an integer from {low} to {high}, not {value!r}")
        if not isinstance(k, int) or not 2 <= k <= max(width, height):
            longest = max(width, height)
            raise ValueError(f"k must be an integer from 2 to {longest}, not {k!r}")
        self.width, self.height, self.k = width, height, k
        self.column_height = height + 1
        self.cells = width * height
        self._bottom = [1 << (c * self.column_height) for c in range(width)]
        self._top = [1 << (c * self.column_height + height - 1) for c in range(width)]
        self._column = [((1 << height) - 1) << (c * self.column_height) for c in range(width)]
        self._shifts = (1, self.column_height, self.column_height - 1, self.column_height + 1)
        self._line_steps = tuple(_doubling_steps(shift, k) for shift in self._shifts)
        self._order = list(self.column_order())
        if sorted(self._order) != list(range(width)):
            raise ValueError(
                f"column_order() must list the columns 0..{width - 1} once each, "
                f"not {self._order!r}"
            )

    def column_order(self) -> list[int]:
        """The columns in the order ``actions`` lists them: center first. An order, not a
        rule: a subclass may override it (the notebook on move ordering does) and keeps
        the compiled search, which tries the columns in the same order."""
        center = (self.width - 1) / 2
        return sorted(range(self.width), key=lambda c: (abs(c - center), c))

    def params(self) -> dict[str, int]:
        return {"width": self.width, "height": self.height, "k": self.k}

    @property
    def initial_state(self) -> ConnectFourState:
        return (0, 0, 0, 0)

    def player(self, state: ConnectFourState) -> int:
        return 1 if state[2] % 2 == 0 else 2

    def actions(self, state: ConnectFourState) -> list[int]:
        p1, p2, moves, winner = state
        if winner:
            return []
        mask = p1 | p2
        return [c for c in self._order if not mask & self._top[c]]

    def result(self, state: ConnectFourState, action: int) -> ConnectFourState:
        p1, p2, moves, _ = state
        bit = self.drop(p1 | p2, action)
        if moves % 2 == 0:
            p1 |= bit
            return (p1, p2, moves + 1, 1 if self.has_line(p1) else 0)
        p2 |= bit
        return (p1, p2, moves + 1, 2 if self.has_line(p2) else 0)

    def drop(self, mask: int, column: int) -> int:
        """The cell (one bit) where a stone dropped into ``column`` lands on the stones
        ``mask``, or 0 when the column is full: adding the column's bottom bit carries
        up to the first empty cell."""
        return (mask + self._bottom[column]) & self._column[column]

    def has_line(self, stones: int) -> bool:
        """Whether ``stones`` contain k in a row in any direction."""
        for steps in self._line_steps:
            run = stones
            for step in steps:
                run &= run >> step
            if run:
                return True
        return False

    def is_terminal(self, state: ConnectFourState) -> bool:
        return bool(state[3]) or state[2] == self.cells

    def utility(self, state: ConnectFourState, player: int) -> int:
        winner = state[3]
        return 0 if not winner else (1 if winner == player else -1)

    def evaluate(self, state: ConnectFourState, player: int) -> float:
        """Open lines and threats: the stones a player has in k-cell windows free of the
        opponent, plus 4 per empty cell that would complete k; the difference, squashed."""
        p1, p2 = state[0], state[1]
        w, h, k = self.width, self.height, self.k
        raw = connect_four_lines(p1, p2, w, h, k) - connect_four_lines(p2, p1, w, h, k)
        return squash(raw, SCALE, player)

    def _build_rules(self) -> Any:
        """Compiled rules for boards of at most 64 bits in this layout."""
        if self.width * self.column_height > 64:
            return None
        from .rules import ConnectFourCodec  # compiled: numba loads on first use

        return ConnectFourCodec(self, SCALE)

    def cell(self, state: ConnectFourState, col: int, row: int) -> int:
        """Who holds column ``col``, row ``row`` (row 0 at the bottom): 0, 1 or 2."""
        bit = 1 << (col * self.column_height + row)
        return 1 if state[0] & bit else 2 if state[1] & bit else 0

    def winning_line(self, state: ConnectFourState) -> list[tuple[int, int]]:
        """The ``(col, row)`` cells of one completed line, or ``[]`` when nobody has won."""
        winner = state[3]
        if not winner:
            return []
        stones = state[winner - 1]
        for shift in self._shifts:
            run = stones
            for _ in range(self.k - 1):
                run &= run >> shift
            if run:
                start = (run & -run).bit_length() - 1
                bits = [start + i * shift for i in range(self.k)]
                return [divmod(b, self.column_height) for b in bits]
        return []

    def render(self, state: ConnectFourState) -> str:
        marks = "." + "".join(self.piece_marks)
        rows = [
            " ".join(marks[self.cell(state, c, r)] for c in range(self.width))
            for r in reversed(range(self.height))
        ]
        rows.append(" ".join(str((c + 1) % 10) for c in range(self.width)))
        return "\n".join(rows)

    def format_action(self, action: int) -> str:
        return str(action + 1)

    def parse_action(self, text: str, state: ConnectFourState) -> int:
        if not text.strip().isdigit():
            raise ValueError(f"expected a column number 1..{self.width}, got {text!r}")
        return int(text) - 1

    def position(self, text: str) -> ConnectFourState:
        """The state ``text`` describes: moves as column digits (Pons' ``4453``, his test
        files' ``4453 -2`` too), the board as it prints, or :meth:`position_text`'s line;
        an impossible position raises :class:`~zerosum.PositionError` saying why.

        >>> game = ConnectFour(width=4, height=3)
        >>> game.position_text(game.position("1232"))
        '..../.O../XOX. X'
        >>> game.position("X.../O.../....")
        Traceback (most recent call last):
        zerosum.position.PositionError: column 1: a disc floats over the empty row 1
        """
        return notation.read_position(self, text)

    def position_text(self, state: ConnectFourState) -> str:
        """The compact line of ``state``: rows from the top joined by ``/``, then who is to
        move (X or O)."""
        return notation.write_position(self, state)

    def to_svg(self, state: ConnectFourState, last: int | None = None) -> str:
        """The board as SVG: each open column is clickable (``data-action`` is its 1-based
        number), the top disc of column ``last`` is ringed, a completed line is marked."""
        size, label = 56, 22
        width, height = self.width * size, self.height * size
        legal = set(self.actions(state))
        mover = self.player(state)
        parts = [svg.element("rect", width=width, height=height, rx=10, fill="#1d5fa8")]

        def center(col: int, row: int) -> tuple[float, float]:
            return col * size + size / 2, (self.height - 1 - row) * size + size / 2

        for col in range(self.width):
            stones = sum(1 for row in range(self.height) if self.cell(state, col, row))
            for row in range(self.height):
                cx, cy = center(col, row)
                fill = svg.PLAYER_COLORS[self.cell(state, col, row)]
                ring = dict(stroke=svg.LAST_STROKE, stroke_width=4, class_="zs-last")
                look = ring if col == last and row == stones - 1 else {}
                parts.append(svg.element("circle", cx=cx, cy=cy, r=size * 0.4, fill=fill, **look))
            parts.append(svg.label(self.format_action(col), col * size + size / 2, height + 16))
            if col in legal:
                cx, cy = center(col, stones)
                hint = svg.element(
                    "circle",
                    cx=cx,
                    cy=cy,
                    r=size * 0.4,
                    fill=svg.PLAYER_COLORS[mover],
                    class_="zs-hint",
                    opacity=svg.HINT_OPACITY,
                )
                hit = svg.hit_area(col * size, 0, size, height + label)
                name = f"column {self.format_action(col)}"
                parts.append(svg.move_group(self.format_action(col), [hit, hint], name))
        line = self.winning_line(state)
        if line:
            (x1, y1), (x2, y2) = center(*line[0]), center(*line[-1])
            parts.append(svg.element("line", x1=x1, y1=y1, x2=x2, y2=y2, **svg.WIN_STROKE))
        title = f"Connect Four {self.width}x{self.height}, {self.k} in a row"
        return svg.document(width, height + label, parts, title)


def _doubling_steps(shift: int, k: int) -> tuple[int, ...]:
    """Shifts that leave a bit set where a run of k starts: each step doubles the run length
    covered (at most), so k=4 takes two steps instead of three."""
    steps, covered = [], 1
    while covered < k:
        step = min(covered, k - covered)
        steps.append(step * shift)
        covered += step
    return tuple(steps)
