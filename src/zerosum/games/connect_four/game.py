"""Connect Four on bitboards, any width, height and line length k.

Bit ``col * (height + 1) + row`` is the cell in column ``col`` and row ``row`` (row 0 at
the bottom); the extra bit on top of each column stays empty, so shifted lines never
wrap from one column into the next. The same layout is what the compiled solver uses.

The compiled parts (rules, solver, state-space counter) are imported where first used:
importing numba alone takes a quarter of a second here, which ``import zerosum`` and a
process that never uses them should not pay.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ... import budget
from ...kernels.cached import may_load
from ...records.solve import ExactAnswer, ValuesAnswer
from .. import svg
from ..base import BuiltinGame
from ..heuristics import squash
from ..space import LayerCounts, Probes
from . import book as opening_book
from . import notation
from .commands import ConnectFourCommands
from .heuristic import connect_four_lines
from .shape import ConnectFourState

if TYPE_CHECKING:
    from .solver import Solver

MAX_WIDTH, MAX_HEIGHT = 16, 16
#: The largest boards a perfect player solves from the start in well under a second here
#: (measured on 2 cores: 5x5 and 6x4 take 0.2 s with the compiled solver, 6x5 1.5 s).
INSTANT_CELLS, INSTANT_CELLS_GENERIC = 25, 16
#: Plain minimax searches boards of fewer cells to the end in about a second.
MINIMAX_CELLS = 12
#: The depth of book from which the page offers perfect on 7x6 (answers within its cap).
BOOK_INSTANT_PLIES = 8
#: The heuristic's squash scale (``evaluate`` and the compiled rules).
SCALE = 24


class ConnectFour(BuiltinGame):
    """Connect Four: drop discs into columns; k in a row (any direction) wins.

    Actions are 0-based column indices, listed center-first; humans type columns 1-based.
    """

    name = "connect4"
    #: Actions come center-first, a better order for searchers than any learned one.
    ordered_actions = True
    rule_helpers = ("drop", "has_line")
    #: Its parts of the ``zerosum`` command (``book``, ``solve --batch``, ``--tt-mb``), found
    #: by the command line through the game registry.
    command_line = ConnectFourCommands
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

    @property
    def minimax_is_instant(self) -> bool:
        """Whether plain minimax searches the whole tree from the start in about a second
        (the page offers it then): boards under :data:`MINIMAX_CELLS` cells (3x4 with 3
        in a row: 26k nodes; 4x3 with 4: 1.1M nodes, 3.3 s; 5x3 with 3: 39M, minutes)."""
        return self.cells < MINIMAX_CELLS

    @property
    def perfect_is_instant(self) -> bool:
        """Whether a perfect player answers from the start in well under a second here, so
        the web page offers it: boards of the compiled solver up to :data:`INSTANT_CELLS`
        cells, others (the generic solver) up to :data:`INSTANT_CELLS_GENERIC`, and 7x6
        once the shipped opening book reaches ply :data:`BOOK_INSTANT_PLIES`: its first
        moves come from the book at once, and past it the page's cap bounds each move,
        which then still keeps the position's value (``keeping_move``)."""
        if (self.width, self.height, self.k) == (7, 6, 4):
            shipped = self._book()
            return shipped is not None and shipped.plies >= BOOK_INSTANT_PLIES
        if self.has_compiled_solver:
            return self.cells <= INSTANT_CELLS
        return self.cells <= INSTANT_CELLS_GENERIC

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

    def key(self, state: ConnectFourState) -> tuple[int, int]:
        """The stones alone identify a position (moves and winner follow from them)."""
        return (state[0], state[1])

    #: What ``canonical_key`` identifies (for state-space reports).
    symmetry = "the mirror image (columns reversed)"

    def canonical_key(self, state: ConnectFourState) -> tuple[int, int]:
        """The smaller of the stones and their mirror image."""
        return min((state[0], state[1]), (self.mirror(state[0]), self.mirror(state[1])))

    def mirror(self, bits: int) -> int:
        """The stones ``bits`` reflected left-right (column c goes to width - 1 - c)."""
        h1, out = self.column_height, 0
        column = (1 << h1) - 1
        for c in range(self.width):
            out |= (bits >> (c * h1) & column) << ((self.width - 1 - c) * h1)
        return out

    def space_layers(self) -> Iterator[LayerCounts] | None:
        """Exact counts ply by ply, compiled (boards of at most 64 bits), else None."""
        if self.column_height * self.width > 64:
            return None
        from . import space as c4_space  # compiled: numba loads on first use

        return (LayerCounts(*t) for t in c4_space.layers(self.width, self.height, self.k))

    def space_probes(self, samples: int, seed: int) -> Probes | None:
        """Compiled random probes (boards up to 64 bits whose sub-positions, one per vector
        of column heights, number at most 2**24), else None."""
        if self.column_height * self.width > 64 or self.column_height**self.width > 1 << 24:
            return None
        from . import space as c4_space  # compiled: numba loads on first use

        return Probes(*c4_space.probes(self.width, self.height, self.k, samples, seed))

    @property
    def has_compiled_solver(self) -> bool:
        """Whether the compiled solver handles this board: k=4 on at most 64 bits."""
        return self.k == 4 and self.column_height * self.width <= 64

    def warm_solver(self) -> None:
        """Load the compiled solver and the opening book now (seconds, once per process),
        so that no move's clock pays for it."""
        if self.has_compiled_solver:
            from . import solver as connect4  # compiled: numba loads on first use

            connect4.ensure_compiled()
            self._from_book(0, 0)

    def _book(self) -> opening_book.Book | None:
        """The shipped opening book, for the standard 7x6 board only."""
        if (self.width, self.height, self.k) != (7, 6, 4):
            return None
        return opening_book.book()

    def _from_book(self, current: int, mask: int) -> tuple[list[int | None], bool] | None:
        """Every column's score from the 7x6 opening book (None for a full column) and
        whether the scores are exact (else values: 1, 0, -1), or None when the board is
        another or the book does not reach the position."""
        shipped = self._book()
        if shipped is None:
            return None
        scores = opening_book.column_scores(current, mask, shipped)
        if scores is None:
            return None
        exact = shipped.exact_at(mask.bit_count() + 1)
        return [scores.get(col) for col in range(self.width)], exact

    def solve_exactly(self, state: ConnectFourState) -> ExactAnswer | ValuesAnswer | None:
        """Every column's exact score from the compiled solver, for ``zs.solve``.

        Scores follow the public benchmark convention (positive: the mover wins, larger
        sooner). Where the opening book has the columns' values only (its deeper plies),
        the answer is those values (a :class:`ValuesAnswer` of 0 nodes, as from a weak solve).
        ``None`` for boards the kernel does not handle (k other than 4, or more than 64
        bits with the sentinel row), which then take the generic path. Stops at the current
        move's deadline (:mod:`zerosum.budget`) with ``OutOfTime``. Successive solves share
        the table of :attr:`solver`, so a game's next move starts from what the last one
        proved. Under :func:`~zerosum.kernels.cached.loaded_only`, ``None`` past the book
        unless the solver is loaded already.
        """
        if not self.has_compiled_solver:
            return None
        from . import solver as connect4  # compiled: numba loads on first use

        solver = self.solver or connect4.shared_solver()
        p1, p2, moves, _ = state
        current = p1 if moves % 2 == 0 else p2
        known = self._from_book(current, p1 | p2)
        if known is not None and not known[1]:
            values = {c: v for c in self.actions(state) if (v := known[0][c]) is not None}
            return ValuesAnswer(values, 0)
        if known is not None:
            columns, nodes = known[0], 0
        else:
            kernels = [connect4.batch_kernel(solver.workers)]
            if not may_load() and not connect4.is_compiled(kernels):
                return None  # a stand-in's solve while the solver compiles (kernels/cached.py)
            _compiled_off_the_clock(connect4, kernels)
            columns, nodes = connect4.analyze_counted(
                current,
                p1 | p2,
                self.width,
                self.height,
                tt=solver.table,
                deadline=budget.deadline(),
                workers=solver.workers,
            )
        scores = {c: s for c in self.actions(state) if (s := columns[c]) is not None}
        plies = {c: self.plies_for_score(moves, s) for c, s in scores.items()}
        return ExactAnswer(scores, plies, nodes)

    def keeping_move(self, state: ConnectFourState) -> tuple[int, int] | None:
        """``(column, value)``: a move that keeps the position's value (1, 0 or -1 for
        the mover), for a perfect player short of time (see ``Perfect``). The value comes
        from the opening book, else from a weak solve; the move from one null-window
        search per column tried. Much cheaper than every move's score past the book;
        ``None`` where :meth:`solve_exactly` answers from the book at once anyway, or the
        compiled solver does not handle the board. Stops at the current move's deadline
        with ``OutOfTime``."""
        if not self.has_compiled_solver:
            return None
        from . import solver as connect4  # compiled: numba loads on first use

        p1, p2, moves, _ = state
        current, mask = (p1 if moves % 2 == 0 else p2), p1 | p2
        if self._from_book(current, mask) is not None:
            return None
        _compiled_off_the_clock(connect4, [connect4.solve_all, connect4.keeping_column])
        table = (self.solver or connect4.shared_solver()).table
        shipped = self._book()
        score = None if shipped is None else shipped.score(current, mask)
        if score is None:
            score, _ = connect4.solve(
                current,
                mask,
                self.width,
                self.height,
                weak=True,
                tt=table,
                deadline=budget.deadline(),
            )
        value = (score > 0) - (score < 0)
        column, _ = connect4.keeping_move(
            current, mask, value, self.width, self.height, tt=table, deadline=budget.deadline()
        )
        return column, value

    def plies_for_score(self, moves: int, score: int) -> int:
        """Plies to the end, counting the next move, when the mover's score is ``score``
        with ``moves`` stones on the board: up to the winning stone, or the full board."""
        if score == 0:
            return self.cells - moves
        # the winning stone is played on a board of `before` stones, with the winner's parity
        before = self.cells + 1 - 2 * abs(score)
        winner_parity = moves % 2 if score > 0 else 1 - moves % 2
        if before % 2 != winner_parity:
            before -= 1
        return before - moves + 1

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


def _compiled_off_the_clock(connect4: Any, kernels: list[Any]) -> None:
    """Load (or compile) the entry points ``kernels`` of the solver module ``connect4`` off
    the current move's clock: an agent not prepared first (``zerosum play``'s, while a
    person plays) does it in its first move past the opening book, which is no part of
    its thinking. Only those the call needs: a first ``zerosum solve`` on a new machine
    compiles for seconds less than all of them (a player's :meth:`ConnectFour.warm_solver`
    loads all)."""
    with budget.not_counted():
        connect4.ensure_compiled(kernels)


def _doubling_steps(shift: int, k: int) -> tuple[int, ...]:
    """Shifts that leave a bit set where a run of k starts: each step doubles the run length
    covered (at most), so k=4 takes two steps instead of three."""
    steps, covered = [], 1
    while covered < k:
        step = min(covered, k - covered)
        steps.append(step * shift)
        covered += step
    return tuple(steps)
