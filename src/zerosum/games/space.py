"""What games offer state-space analysis: symmetries of bitmask boards, move orders of
placement games, and the counts of one ply.

Optional members of a game that ``zerosum.analysis`` uses when present:

``canonical_key(state) -> Hashable``
    The same for two states exactly when one is an image of the other under the game's
    symmetries (which must map reachable positions to reachable positions, preserving
    values). ``symmetry`` names the symmetries for reports.

``move_orders(state) -> int``
    How many move sequences from the start reach ``state`` through non-terminal states;
    it turns random-probe products into unbiased position counts.

``space_layers() -> Iterator[LayerCounts]``
    Exact counts ply by ply from the start (compiled, for Connect Four).

``space_probes(samples, seed) -> Probes | None``
    Random probes, compiled (Connect Four); ``None`` when the board is not supported.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import factorial
from typing import Any

__all__ = [
    "LayerCounts",
    "MaskPermutation",
    "Probes",
    "canonical_pair",
    "placement_orders",
    "square_symmetries",
]


@dataclass(frozen=True)
class LayerCounts:
    """Exact counts of one ply: distinct ``positions`` (``terminal`` of them finished),
    ``symmetric`` (distinct up to the game's symmetries, None without any), move
    ``sequences`` of this length (the game tree's nodes at this depth) and complete
    ``games`` ending here (None where the counts would overflow), ``moves``: the legal
    moves summed over the non-terminal positions, and ``symmetric_games``: the games
    ending here that differ by more than a symmetry at some ply (None when not counted)."""

    positions: int
    terminal: int
    symmetric: int | None
    sequences: int | None
    games: int | None
    moves: int
    symmetric_games: int | None = None


@dataclass(frozen=True)
class Probes:
    """Random games: per game (row) and ply (column), the product of the branching
    factors before that ply (``products``) and the move orders reaching the position
    there (``orders``, None when unknown); 0 after the game's end. ``lengths`` in plies,
    ``winners`` 1, 2 or 0 for a draw (numpy arrays)."""

    products: Any
    orders: Any
    lengths: Any
    winners: Any


class MaskPermutation:
    """A permutation of bit positions applied to integer masks, a byte at a time.

    >>> swap = MaskPermutation([1, 0, 2])   # bit 0 goes to bit 1 and back
    >>> swap(0b001), swap(0b110)
    (2, 5)
    """

    def __init__(self, image: Sequence[int]) -> None:
        self.image = tuple(image)
        #: Per byte of a mask, the image of each of its 256 values (compiled rules read
        #: the same tables: ``games/claim/rules.py``).
        self.tables = [
            [self._slow(byte << (8 * b)) for byte in range(256)]
            for b in range((len(self.image) + 7) // 8)
        ]

    def _slow(self, mask: int) -> int:
        out = 0
        for bit, target in enumerate(self.image):
            if mask >> bit & 1:
                out |= 1 << target
        return out

    def __call__(self, mask: int) -> int:
        out = 0
        for table in self.tables:
            out |= table[mask & 255]
            mask >>= 8
        return out


def square_symmetries(n: int) -> list[list[int]]:
    """The 8 rotations and reflections of an n x n board of cells ``row * n + col``, each
    as the image of every cell (the identity first)."""
    images = []
    for turns in range(4):
        for flip in (False, True):
            image = []
            for cell in range(n * n):
                r, c = divmod(cell, n)
                if flip:
                    c = n - 1 - c
                for _ in range(turns):
                    r, c = c, n - 1 - r
                image.append(r * n + c)
            images.append(image)
    return images


def canonical_pair(a: int, b: int, perms: Sequence[MaskPermutation]) -> tuple[int, int]:
    """The smallest image of the mask pair ``(a, b)`` under ``perms``."""
    return min((p(a), p(b)) for p in perms)


def placement_orders(last: int, other: int, won: bool, wins: Callable[[int], bool]) -> int:
    """Move orders reaching a position of a placement game: ``last`` holds the pieces of
    the player who moved last, ``other`` the opponent's, ``won`` says whether ``last``
    has just won, and ``wins(mask)`` whether pieces ``mask`` hold a win.

    Winning is monotone (more pieces never undo a win), so every order of a position
    nobody has won passes only through non-terminal positions; a won position is reached
    only with a final piece whose removal leaves no win.
    """
    a, b = last.bit_count(), other.bit_count()
    if not won:
        return factorial(a) * factorial(b)
    finals = 0
    rest = last
    while rest:
        low = rest & -rest
        finals += not wins(last ^ low)
        rest ^= low
    return finals * factorial(a - 1) * factorial(b)
