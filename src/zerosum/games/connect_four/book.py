"""The opening book of 7x6 Connect Four: the value of every position up to a ply.

Built by zerosum's own solver (``zerosum book``, see :mod:`.book_build`) and shipped as
package data (``games/connect_four/data/connect4_7x6_book.npz``). A position and its mirror
image share one entry; positions whose mover can win at once are left out (that is found at once).
Positions of up to ``exact_plies`` stones have exact scores, in the public benchmark
convention of the solver: positive when the side to move wins, ``(42 + 1 - n) // 2`` for a
win with the stone played onto ``n`` stones, 0 for a draw. Deeper ones, up to ``plies``
stones, have their value only: 1 (the mover wins), 0 (draw) or -1 (the mover loses), which
costs the solver a fraction of an exact score.

With the book, every move of a position up to one ply short of the book's depth is scored
without search (:func:`column_scores`): that is what lets ``Perfect`` answer at once in the
opening, where the solver needs minutes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from ...files import write_file
from .positions import drop, has_four, mirror

__all__ = ["Book", "book", "canonical", "column_scores", "winning_drop", "BOOK_PATH", "WIDTH",
           "HEIGHT"]  # fmt: skip

WIDTH, HEIGHT = 7, 6
CELLS = WIDTH * HEIGHT
BOOK_PATH = Path(__file__).parent / "data" / "connect4_7x6_book.npz"


def canonical(current: int, mask: int) -> int:
    """One key for a position and its mirror image: the smaller of ``current + mask``
    (unique per position: the mover's stones and the heights) and its reflection."""
    key = current + mask
    return min(key, mirror(key, WIDTH, HEIGHT))


def winning_drop(current: int, mask: int) -> bool:
    """Whether the mover (stones ``current``) can complete four at once."""
    return any(has_four(current | drop(mask, col, HEIGHT), HEIGHT) for col in range(WIDTH))


@dataclass(frozen=True)
class Book:
    """Sorted canonical keys and their scores, for positions of at most ``plies`` stones:
    exact scores up to ``exact_plies`` stones, values (-1, 0, 1) deeper."""

    keys: np.ndarray  # uint64, sorted
    scores: np.ndarray  # int8
    plies: int
    exact_plies: int

    def __len__(self) -> int:
        return int(self.keys.size)

    def exact_at(self, stones: int) -> bool:
        """Whether the book's scores of positions of ``stones`` stones are exact."""
        return stones <= self.exact_plies

    def score(self, current: int, mask: int) -> int | None:
        """The position's score for the side to move, or None when the book lacks it."""
        if mask.bit_count() > self.plies:
            return None
        key = np.uint64(canonical(current, mask))
        at = int(np.searchsorted(self.keys, key))
        if at < self.keys.size and self.keys[at] == key:
            return int(self.scores[at])
        return None

    def save(self, path: Path) -> None:
        """Write the book (compressed numpy arrays: about 9 bytes an entry before)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        keys, scores, plies, exact = self.keys, self.scores, self.plies, self.exact_plies
        write_file(
            path,
            lambda out: np.savez_compressed(
                out, keys=keys, scores=scores, plies=plies, exact_plies=exact
            ),
            binary=True,
        )

    @classmethod
    def load(cls, path: Path) -> Book:
        with np.load(path) as data:
            plies = int(data["plies"])
            exact = int(data["exact_plies"]) if "exact_plies" in data else plies
            return cls(data["keys"], data["scores"], plies, exact)

    @classmethod
    def from_scores(cls, scores: dict[int, int], plies: int, exact_plies: int) -> Book:
        keys = np.array(sorted(scores), dtype=np.uint64)
        values = np.array([scores[int(k)] for k in keys], dtype=np.int8)
        return cls(keys, values, plies, exact_plies)


@cache
def book() -> Book | None:
    """The shipped book, loaded once; None if it is not there."""
    return Book.load(BOOK_PATH) if BOOK_PATH.exists() else None


def column_scores(current: int, mask: int, table: Book | None = None) -> dict[int, int] | None:
    """Every legal column's score (0-based columns) for the side to move in a 7x6
    position, from the book alone; None when some column's position is not in it (or
    lies past the book's depth). The
    scores are exact where the book's are for the positions the moves lead to
    (:meth:`Book.exact_at` of one stone more), else values: 1, 0 or -1."""
    table = book() if table is None else table
    if table is None:
        return None
    stones = mask.bit_count()
    if stones >= table.plies:
        return None  # its moves lead past the book
    exact = table.exact_at(stones + 1)
    scores = {}
    for col in range(WIDTH):
        move = drop(mask, col, HEIGHT)
        if not move:
            continue  # a full column
        if has_four(current | move, HEIGHT):
            scores[col] = (CELLS + 1 - stones) // 2 if exact else 1
            continue
        child_mask = mask | move
        if stones + 1 == CELLS:
            scores[col] = 0
            continue
        child = child_score(current ^ mask, child_mask, table)
        if child is None:
            return None
        scores[col] = -child
    return scores


def child_score(current: int, mask: int, table: Book) -> int | None:
    """The score (or value, where the book has values only) of a position from the book,
    or from its mover's win at once."""
    if winning_drop(current, mask):
        stones = mask.bit_count()
        return (CELLS + 1 - stones) // 2 if table.exact_at(stones) else 1
    return table.score(current, mask)
