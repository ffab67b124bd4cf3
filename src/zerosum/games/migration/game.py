"""Migration: two armies cross an n x n board at right angles; who cannot move loses.

Player 1's stones (○) start on the left and step one cell right; player 2's (●) start at
the bottom and step one cell up; a stone moves only into an empty cell. Bit
``row * n + col`` is cell (row, col), row 0 at the top.
"""

from __future__ import annotations

from typing import Any

from ... import budget
from ...records.solve import ValuesAnswer
from .. import svg
from ..base import BuiltinGame
from ..heuristics import squash
from . import notation
from .constants import SCALE
from .heuristic import migration_apart, migration_reserves
from .shape import MigrationAction, MigrationState

MAX_N = 16
#: The largest board a perfect player solves from the start in well under a second here.
INSTANT_N = 5
#: The largest board plain minimax searches to the end in about a second.
MINIMAX_N = 4


class Migration(BuiltinGame):
    """Migration on an n x n board (n >= 3). Actions are ``(row, col, new_row, new_col)``."""

    name = "migration"
    #: The rules in one line, for the web page.
    rules = (
        "Take turns moving one of your stones one cell forward into an empty cell (player 1's "
        "to the right, player 2's up); whoever cannot move on their turn loses."
    )

    def __init__(self, n: int = 8) -> None:
        if not isinstance(n, int) or not 3 <= n <= MAX_N:
            raise ValueError(f"n must be an integer from 3 to {MAX_N}, not {n!r}")
        self.n = n
        self.full = (1 << (n * n)) - 1
        last_col = sum(1 << (r * n + n - 1) for r in range(n))
        #: The cells from which a stone of player 1 may step right (not the last column).
        self.steps_right = self.full & ~last_col

    def params(self) -> dict[str, int]:
        return {"n": self.n}

    @property
    def perfect_is_instant(self) -> bool:
        """Whether a perfect player answers from the start in well under a second here (the
        web page offers it then): n up to 5 (0.2 s; n=6 takes seconds)."""
        return self.n <= INSTANT_N

    @property
    def minimax_is_instant(self) -> bool:
        """Whether plain minimax searches the whole tree from the start in about a second
        (the page offers it then): n up to 4 (122 nodes; n=5 takes minutes)."""
        return self.n <= MINIMAX_N

    #: What the two sides are called, after the colours of their stones.
    side_names = ("Red", "Yellow")
    #: How each side's stones print on the text board (:meth:`render`).
    piece_marks = ("○", "●")

    @property
    def initial_state(self) -> MigrationState:
        n = self.n
        p1 = p2 = 0
        for r in range(n):
            for c in range(n):
                if c < min(r, n - 1 - r):
                    p1 |= 1 << (r * n + c)
                if n - 1 - r < min(c, n - 1 - c):
                    p2 |= 1 << (r * n + c)
        return (p1, p2, 1)

    def player(self, state: MigrationState) -> int:
        return state[2]

    def movable(self, state: MigrationState) -> int:
        """Bitmask of the mover's stones that have an empty cell ahead."""
        p1, p2, player = state
        empty = self.full & ~(p1 | p2)
        if player == 1:
            return p1 & self.steps_right & (empty >> 1)
        return p2 & (empty << self.n)

    def actions(self, state: MigrationState) -> list[MigrationAction]:
        n = self.n
        movable = self.movable(state)
        moves = []
        while movable:
            low = movable & -movable
            r, c = divmod(low.bit_length() - 1, n)
            moves.append((r, c, r, c + 1) if state[2] == 1 else (r, c, r - 1, c))
            movable ^= low
        return moves

    def result(self, state: MigrationState, action: MigrationAction) -> MigrationState:
        p1, p2, player = state
        r, c, nr, nc = action
        step = (1 << (r * self.n + c)) | (1 << (nr * self.n + nc))
        if player == 1:
            return (p1 ^ step, p2, 2)
        return (p1, p2 ^ step, 1)

    def is_terminal(self, state: MigrationState) -> bool:
        return not self.movable(state)

    def utility(self, state: MigrationState, player: int) -> int:
        """The player to move in a terminal state is stuck and has lost."""
        return -1 if state[2] == player else 1

    def evaluate(self, state: MigrationState, player: int) -> float:
        """Reserves and mobility: the moves each army could still make unhindered, plus twice
        the stones that can move now (a blocked stone counts against its owner); the
        difference, squashed. The side to move needs more reserve to outlast the other."""
        p1, p2, mover = state
        r1, r2 = migration_reserves(self.n, p1, p2)
        empty = self.full & ~(p1 | p2)
        mobile1 = (p1 & self.steps_right & (empty >> 1)).bit_count()
        mobile2 = (p2 & (empty << self.n)).bit_count()
        raw = r1 - r2 + 2 * (mobile1 - mobile2) + (-1 if mover == 1 else 1)
        return squash(raw, SCALE, player)

    def _build_rules(self) -> Any:
        """Compiled rules for boards up to 8x8 (64-bit masks)."""
        if self.n > 8:
            return None
        from .rules import MigrationCodec  # loads numba: only when compiled rules are asked for

        return MigrationCodec(self)

    def settled(self, state: MigrationState) -> tuple[int, int] | None:
        """``(value, plies)`` for the mover once the armies can no longer meet, else None.

        Apart, each army makes exactly its reserve of moves whatever anyone plays, so the
        mover wins if and only if its reserve is larger, and the game length is fixed (the
        solver's optional ``settled`` hook)."""
        p1, p2, mover = state
        if not migration_apart(self.n, p1, p2):
            return None
        r1, r2 = migration_reserves(self.n, p1, p2)
        mine, theirs = (r1, r2) if mover == 1 else (r2, r1)
        return (1, 2 * theirs + 1) if mine > theirs else (-1, 2 * mine)

    def solve_weakly(self, state: MigrationState) -> ValuesAnswer | None:
        """Every move's value from the compiled win/loss solver, for ``zs.solve(weak=True)``
        (boards up to 8x8, else None: the generic solver then searches). Stops at the
        current move's deadline (:mod:`zerosum.budget`) with ``OutOfTime``."""
        if self.n > 8:
            return None
        from .solver import outcomes  # loads numba: only when a weak solve is asked for

        values, nodes = outcomes(self, state, deadline=budget.deadline())
        return ValuesAnswer(values, nodes)

    def key(self, state: MigrationState) -> int:
        """Both armies in one integer: who moves follows from how far the stones have come."""
        return state[0] << (self.n * self.n) | state[1]

    def cell(self, state: MigrationState, row: int, col: int) -> int:
        """Who holds (row, col): 0, 1 or 2."""
        bit = 1 << (row * self.n + col)
        return 1 if state[0] & bit else 2 if state[1] & bit else 0

    def render(self, state: MigrationState) -> str:
        marks = "_" + "".join(self.piece_marks)
        return "\n".join(
            " ".join(marks[self.cell(state, r, c)] for c in range(self.n)) for r in range(self.n)
        )

    def position(self, text: str) -> MigrationState:
        """The state ``text`` describes: the board as it prints or :meth:`position_text`'s
        line; a board the stones cannot reach raises :class:`~zerosum.PositionError`.

        >>> game = Migration(n=3)
        >>> game.position_text(game.position("_ _ _\\n○ _ _\\n_ ● _"))
        '.../X../.O. X'
        """
        return notation.read_position(self, text)

    def position_text(self, state: MigrationState) -> str:
        """The compact line of ``state``: rows from the top joined by ``/`` (``.`` empty,
        ``X`` player 1's stone, ``O`` player 2's), then who is to move."""
        return notation.write_position(self, state)

    def format_action(self, action: MigrationAction) -> str:
        r, c, nr, nc = action
        return f"{r},{c}>{nr},{nc}"

    def parse_action(self, text: str, state: MigrationState) -> MigrationAction:
        """Reads ``"r,c>r2,c2"``, four numbers, or just ``"r,c"`` (the stone's one step)."""
        numbers = text.replace(">", " ").replace(",", " ").replace("(", " ").replace(")", " ")
        parts = numbers.split()
        if not all(p.isdigit() for p in parts) or len(parts) not in (2, 4):
            raise ValueError(f"expected 'row,col' or 'row,col>row,col', got {text!r}")
        r, c = int(parts[0]), int(parts[1])
        if len(parts) == 4:
            return (r, c, int(parts[2]), int(parts[3]))
        return (r, c, r, c + 1) if state[2] == 1 else (r, c, r - 1, c)

    def to_svg(self, state: MigrationState, last: MigrationAction | None = None) -> str:
        """The board as SVG, rows and columns numbered as ``parse_action`` reads them.

        Each movable stone of the player to move is clickable together with the cell it
        would step into (``data-action`` is ``"r,c>r2,c2"``; ``data-from`` and ``data-to``
        name the two cells); ``last`` marks where the previous stone came from and went.
        """
        n, size, margin = self.n, max(28, min(56, 480 // self.n)), 20
        side = n * size
        parts = [svg.element("rect", x=margin, y=margin, width=side, height=side, fill="#e9e4d8")]

        def box(row: int, col: int) -> tuple[int, int]:
            return margin + col * size, margin + row * size

        def stone(row: int, col: int, player: int, **attrs: object) -> str:
            x, y = box(row, col)
            fill = svg.PLAYER_COLORS[player]
            return svg.element(
                "circle", cx=x + size / 2, cy=y + size / 2, r=size * 0.38, fill=fill, **attrs
            )

        edges = [margin + j * size for j in range(n + 1)]
        grid = "".join(f"M{e},{margin}V{margin + side}M{margin},{e}H{margin + side}" for e in edges)
        parts.append(svg.element("path", d=grid, stroke="#b9b1a0", stroke_width=1))
        for i in range(n):
            parts.append(svg.label(str(i), margin + i * size + size / 2, margin - 6))
            parts.append(svg.label(str(i), margin / 2, margin + i * size + size / 2 + 4))
        if last is not None:
            x, y = box(last[0], last[1])
            dashed = dict(stroke=svg.LAST_STROKE, stroke_width=2, stroke_dasharray="4 3")
            square = dict(x=x + 3, y=y + 3, width=size - 6, height=size - 6, fill="none")
            parts.append(svg.element("rect", **square, **dashed, class_="zs-last"))
        moves = {action[:2]: action for action in self.actions(state)}
        mover = self.player(state)
        for row in range(n):
            for col in range(n):
                owner = self.cell(state, row, col)
                if not owner:
                    continue
                ring = {}
                if last is not None and (row, col) == tuple(last[2:]):
                    ring = dict(stroke=svg.LAST_STROKE, stroke_width=3, class_="zs-last")
                action = moves.get((row, col))
                if action is None:
                    parts.append(stone(row, col, owner, **ring))
                    continue
                to = action[2:]
                hint = stone(*to, mover, class_="zs-hint", opacity=svg.HINT_OPACITY)
                children = [
                    svg.hit_area(*box(row, col), size, size),
                    svg.hit_area(*box(*to), size, size),
                    stone(row, col, owner, **ring),
                    hint,
                ]
                cells = dict(data_from=f"{row},{col}", data_to=f"{to[0]},{to[1]}")
                label = f"stone {row},{col} to {to[0]},{to[1]}"
                move = self.format_action(action)
                parts.append(svg.move_group(move, children, label, **cells))
        return svg.document(side + margin + 4, side + margin + 4, parts, f"Migration {n}x{n}")
