"""The opening book of 7x6 Connect Four: the exact score of every position up to a ply.

Built by zerosum's own solver (``zerosum book build``, see :mod:`zerosum.book`) and
shipped as package data (``games/data/connect4_7x6_book.npz``). A position and its mirror
image share one entry; positions whose mover can win at once are left out (that is found
at once). Scores follow the public benchmark convention of the solver: positive when the
side to move wins, ``(42 + 1 - n) // 2`` for a win with the stone played onto ``n``
stones, 0 for a draw.

With the book, the exact score of every move of a position up to one ply short of the
book's depth is known without search (:func:`column_scores`): that is what lets
``Perfect`` answer at once in the opening, where the solver needs minutes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

__all__ = ["Book", "book", "canonical", "column_scores", "BOOK_PATH", "WIDTH", "HEIGHT"]

WIDTH, HEIGHT = 7, 6
_H1 = HEIGHT + 1
_COLUMN = (1 << _H1) - 1
_BOTTOM = sum(1 << (c * _H1) for c in range(WIDTH))
_BOARD = _BOTTOM * ((1 << HEIGHT) - 1)
BOOK_PATH = Path(__file__).parent / "data" / "connect4_7x6_book.npz"


def _mirror(bits: int) -> int:
    return sum(((bits >> (c * _H1)) & _COLUMN) << ((WIDTH - 1 - c) * _H1) for c in range(WIDTH))


def canonical(current: int, mask: int) -> int:
    """One key for a position and its mirror image: the smaller of ``current + mask``
    (unique per position: the mover's stones and the heights) and its reflection."""
    key = current + mask
    return min(key, _mirror(key))


def _wins(stones: int) -> bool:
    for shift in (1, _H1, _H1 - 1, _H1 + 1):  # vertical, horizontal, both diagonals
        pairs = stones & (stones >> shift)
        if pairs & (pairs >> 2 * shift):
            return True
    return False


@dataclass(frozen=True)
class Book:
    """Sorted canonical keys and their scores, for positions of at most ``plies`` stones."""

    keys: np.ndarray  # uint64, sorted
    scores: np.ndarray  # int8
    plies: int

    def __len__(self) -> int:
        return int(self.keys.size)

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
        with open(path, "wb") as out:
            np.savez_compressed(out, keys=self.keys, scores=self.scores, plies=self.plies)

    @classmethod
    def load(cls, path: Path) -> Book:
        with np.load(path) as data:
            return cls(data["keys"], data["scores"], int(data["plies"]))

    @classmethod
    def from_scores(cls, scores: dict[int, int], plies: int) -> Book:
        keys = np.array(sorted(scores), dtype=np.uint64)
        values = np.array([scores[int(k)] for k in keys], dtype=np.int8)
        return cls(keys, values, plies)


@cache
def book() -> Book | None:
    """The shipped book, loaded once; None if it is not there."""
    return Book.load(BOOK_PATH) if BOOK_PATH.exists() else None


def column_scores(current: int, mask: int, table: Book | None = None) -> dict[int, int] | None:
    """Every legal column's exact score (0-based columns) for the side to move in a 7x6
    position, from the book alone; None when some column's position is not in it."""
    table = book() if table is None else table
    if table is None:
        return None
    stones = mask.bit_count()
    scores = {}
    for col in range(WIDTH):
        column = _COLUMN >> 1 << (col * _H1)  # the column's playable cells
        if mask & column == column:
            continue
        move = (mask + (1 << (col * _H1))) & column
        if _wins(current | move):
            scores[col] = (WIDTH * HEIGHT + 1 - stones) // 2
            continue
        child_mask = mask | move
        if child_mask == _BOARD:
            scores[col] = 0
            continue
        child = child_score(current ^ mask, child_mask, table)
        if child is None:
            return None
        scores[col] = -child
    return scores


def child_score(current: int, mask: int, table: Book) -> int | None:
    """The score of a position from the book, or from its mover's win at once."""
    if _immediate_win(current, mask):
        return (WIDTH * HEIGHT + 1 - mask.bit_count()) // 2
    return table.score(current, mask)


def _immediate_win(current: int, mask: int) -> bool:
    for col in range(WIDTH):
        column = _COLUMN >> 1 << (col * _H1)
        if mask & column != column:
            move = (mask + (1 << (col * _H1))) & column
            if _wins(current | move):
                return True
    return False
