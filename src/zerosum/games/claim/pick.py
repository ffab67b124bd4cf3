"""Pick: take numbers 1..n² in turn; n of yours summing to n(n²+1)/2 wins.

Holdings are bitmasks (bit x for number x), and the winning n-subsets are precomputed
per number, so the win check after a move looks only at subsets containing that number.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .. import svg
from ..base import BuiltinGame
from ..heuristics import squash
from ..space import (
    LayerCounts,
    MaskPermutation,
    canonical_pair,
    placement_orders,
    square_symmetries,
)
from . import notation
from .heuristic import pick_open_sets
from .shape import PickState

MAX_N = 6
#: The Lo Shu magic square, row by row: Pick 3 is tic-tac-toe played on it.
LO_SHU = (2, 7, 6, 9, 5, 1, 4, 3, 8)
#: The largest n a perfect player solves from the start in well under a second here.
INSTANT_N = 3


def winning_sets(n: int) -> list[int]:
    """Every n-subset of 1..n² with sum n(n²+1)/2, as bitmasks (bit x for number x)."""
    target, top = n * (n * n + 1) // 2, n * n
    found: list[int] = []

    def extend(smallest: int, left: int, remaining: int, mask: int) -> None:
        if left == 0:
            if remaining == 0:
                found.append(mask)
            return
        for x in range(smallest, top + 1):
            # The `left` numbers still to choose are all >= x, so their sum is at least this.
            if x * left + left * (left - 1) // 2 > remaining:
                break
            extend(x + 1, left - 1, remaining - x, mask | (1 << x))

    extend(1, n, target, 0)
    return found


class Pick(BuiltinGame):
    """Pick with the numbers 1..n² (n from 2 to 6). Actions are the numbers themselves."""

    name = "pick"

    def __init__(self, n: int = 4) -> None:
        if not isinstance(n, int) or not 2 <= n <= MAX_N:
            raise ValueError(f"n must be an integer from 2 to {MAX_N}, not {n!r}")
        self.n = n
        self.numbers = n * n
        self.target = n * (n * n + 1) // 2
        self.sets = winning_sets(n)
        #: The heuristic's squash scale (``evaluate`` and the compiled rules).
        self.scale = 4.0 * len(self.sets)
        self._sets_with = [[m for m in self.sets if m >> x & 1] for x in range(self.numbers + 1)]
        self._all = ((1 << (self.numbers + 1)) - 1) & ~1
        self._symmetries: list[MaskPermutation] | None = None

    def params(self) -> dict[str, int]:
        return {"n": self.n}

    @property
    def rules(self) -> str:
        """The rules in one line, for the web page."""
        return (
            f"Take turns taking a number from 1 to {self.numbers}; the first to hold "
            f"{self.n} numbers that add up to {self.target} wins; if the numbers run out "
            f"first, it is a draw."
        )

    @property
    def perfect_is_instant(self) -> bool:
        """Whether a perfect player answers from the start in well under a second here (the
        web page offers it then): n up to 3 (0.15 s; n=4 takes seconds)."""
        return self.n <= INSTANT_N

    @property
    def minimax_is_instant(self) -> bool:
        """Whether plain minimax searches the whole tree from the start in about a second
        (the page offers it then): n up to 3, tic-tac-toe's 550k nodes (n=4 never ends)."""
        return self.n <= INSTANT_N

    #: What the two sides are called, after the colours of the numbers they take.
    side_names = ("Red", "Yellow")

    @property
    def initial_state(self) -> PickState:
        return (0, 0, 0)

    def player(self, state: PickState) -> int:
        return 1 if state[0].bit_count() == state[1].bit_count() else 2

    def actions(self, state: PickState) -> list[int]:
        held1, held2, winner = state
        if winner:
            return []
        taken = held1 | held2
        return [x for x in range(1, self.numbers + 1) if not taken >> x & 1]

    def result(self, state: PickState, action: int) -> PickState:
        held1, held2, _ = state
        bit = 1 << action
        if held1.bit_count() == held2.bit_count():
            held1 |= bit
            return (held1, held2, 1 if self._completes(held1, action) else 0)
        held2 |= bit
        return (held1, held2, 2 if self._completes(held2, action) else 0)

    def _completes(self, held: int, number: int) -> bool:
        return any(held & m == m for m in self._sets_with[number])

    def is_terminal(self, state: PickState) -> bool:
        return bool(state[2]) or (state[0] | state[1]) == self._all

    def utility(self, state: PickState, player: int) -> int:
        winner = state[2]
        return 0 if not winner else (1 if winner == player else -1)

    def evaluate(self, state: PickState, player: int) -> float:
        """Open winning subsets: each subset free of the opponent's numbers counts 4**(the
        numbers a player holds in it); the difference, squashed into (-1, 1)."""
        held1, held2, _ = state
        raw = pick_open_sets(self.sets, held1, held2) - pick_open_sets(self.sets, held2, held1)
        return squash(raw, self.scale, player)

    @property
    def symmetry(self) -> str:
        """What ``canonical_key`` identifies (for state-space reports)."""
        if self.n == 3:
            return "the 8 symmetries of the Lo Shu magic square (Pick 3 is tic-tac-toe on it)"
        return f"x -> {self.numbers + 1} - x (it maps every winning set onto one)"

    def number_symmetries(self) -> list[list[int]]:
        """Permutations of the numbers that map winning sets onto winning sets, each as the
        image of every bit 0..n² (bit 0 unused), the identity first."""
        if self.n == 3:
            cell = {number: i for i, number in enumerate(LO_SHU)}
            return [[0] + [LO_SHU[s[cell[x]]] for x in range(1, 10)] for s in square_symmetries(3)]
        top = self.numbers + 1
        return [list(range(top)), [0] + [top - x for x in range(1, top)]]

    def canonical_key(self, state: PickState) -> tuple[int, int]:
        """The smallest image of the holdings under :meth:`number_symmetries`."""
        if self._symmetries is None:
            self._symmetries = [MaskPermutation(p) for p in self.number_symmetries()]
        return canonical_pair(state[0], state[1], self._symmetries)

    def move_orders(self, state: PickState) -> int:
        """Move sequences from the start that reach ``state`` (through unfinished games)."""
        held1, held2, winner = state
        last, other = (held1, held2) if held1.bit_count() > held2.bit_count() else (held2, held1)
        return placement_orders(last, other, bool(winner), self._wins)

    def space_layers(self) -> Iterator[LayerCounts] | None:
        """Exact counts per ply, compiled, for n = 4 (n = 3 takes the generic path, which
        counts up to all 8 of its symmetries; from n = 5 the pairs of sets are too many)."""
        if self.n != 4:
            return None
        from . import placement_space  # loads numba: only when the counts are asked for

        cells = [m >> 1 for m in self.sets]  # number x on bit x - 1
        return (LayerCounts(*t) for t in placement_space.layers(cells, self.numbers))

    def _wins(self, held: int) -> bool:
        return any(held & m == m for m in self.sets)

    def _build_rules(self) -> Any:
        from .rules import ClaimCodec, claim_rules  # loads numba: only when first asked for

        items = list(range(1, self.numbers + 1))
        return ClaimCodec(self, claim_rules(items, self.sets, self.scale, self.number_symmetries()))

    def held(self, state: PickState, player: int) -> list[int]:
        """The numbers ``player`` holds, ascending."""
        bits = state[player - 1]
        return [x for x in range(1, self.numbers + 1) if bits >> x & 1]

    def winning_set(self, state: PickState) -> list[int]:
        """The numbers of one completed winning set, or ``[]`` when nobody has won."""
        winner = state[2]
        held = state[winner - 1] if winner else 0
        for m in self.sets if winner else ():
            if held & m == m:
                return [x for x in range(1, self.numbers + 1) if m >> x & 1]
        return []

    def render(self, state: PickState) -> str:
        taken = state[0] | state[1]
        free = [x for x in range(1, self.numbers + 1) if not taken >> x & 1]
        return "\n".join(
            (
                f"Free: {' '.join(map(str, free)) or '-'}",
                f"Player 1: {' '.join(map(str, self.held(state, 1))) or '-'}",
                f"Player 2: {' '.join(map(str, self.held(state, 2))) or '-'}",
                f"(n={self.n}: {self.n} numbers summing to {self.target} win)",
            )
        )

    def position(self, text: str) -> PickState:
        """The state ``text`` describes: the board as it prints (its ``Player 1:`` and
        ``Player 2:`` lines) or :meth:`position_text`'s line; an impossible position
        raises :class:`~zerosum.PositionError` saying why.

        >>> game = Pick(n=3)
        >>> game.position_text(game.position("Player 1: 7 9\\nPlayer 2: 8"))
        '7,9/8 2'
        """
        return notation.read_pick(self, text)

    def position_text(self, state: PickState) -> str:
        """The compact line of ``state``: player 1's numbers, ``/``, player 2's (``-`` for
        none), then the player to move."""
        return notation.write_pick(self, state)

    def format_action(self, action: int) -> str:
        return str(action)

    def parse_action(self, text: str, state: PickState) -> int:
        if not text.strip().isdigit():
            raise ValueError(f"expected a number 1..{self.numbers}, got {text!r}")
        return int(text)

    def to_svg(self, state: PickState, last: int | None = None) -> str:
        """The numbers 1..n² as tiles coloured by who holds them: free ones are clickable
        (``data-action`` is the number), ``last`` is outlined, a winning set framed."""
        n, size, gap = self.n, 60, 6
        side = n * size
        mover = self.player(state)
        legal = set(self.actions(state))
        winning = set(self.winning_set(state))
        parts = []
        for number in range(1, self.numbers + 1):
            row, col = divmod(number - 1, n)
            x, y = col * size + gap / 2, row * size + gap / 2
            owner = 1 if state[0] >> number & 1 else 2 if state[1] >> number & 1 else 0
            tile = dict(x=x, y=y, width=size - gap, height=size - gap, rx=8)
            win = dict(stroke="#2a9d8f", stroke_width=5, class_="zs-win")
            look = win if number in winning else {}
            cx, cy = x + (size - gap) / 2, y + (size - gap) / 2 + 7
            face = [
                svg.element("rect", **tile, fill=svg.PLAYER_COLORS[owner], **look),
                svg.label(str(number), cx, cy, size=20, fill="#222"),
            ]
            if number == last:
                dot = dict(cx=x + 10, cy=y + 10, r=5, fill=svg.LAST_STROKE, class_="zs-last")
                face.append(svg.element("circle", **dot))
            if number in legal:
                ring = dict(fill="none", stroke=svg.PLAYER_COLORS[mover], stroke_width=5)
                hint = svg.element("rect", **tile, **ring, class_="zs-hint", opacity=0)
                label = f"number {number}"
                parts.append(svg.move_group(self.format_action(number), [*face, hint], label))
            else:
                parts += face
        rule = f"{n} numbers summing to {self.target} win"
        parts.append(svg.label(rule, side / 2, side + 18))
        return svg.document(side, side + 26, parts, f"Pick, n={n}")
