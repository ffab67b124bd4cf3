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

import zipfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from ...files import write_file
from ...game import ZerosumError
from . import retrieval
from .positions import drop, has_four, mirror
from .retrieval import Retrieval

__all__ = ["Book", "book", "canonical", "column_scores", "winning_drop", "BOOK_PATH", "WIDTH",
           "HEIGHT"]  # fmt: skip

WIDTH, HEIGHT = 7, 6
CELLS = WIDTH * HEIGHT
BOOK_PATH = Path(__file__).parent / "data" / "connect4_7x6_book.npz"
_TABLE = "values"  # the value table's arrays in the file: values_cells, values_seed, ...


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
    """The scores of positions of at most ``plies`` stones: exact up to ``exact_plies``
    stones, values (-1, 0, 1) deeper. Sorted canonical keys and their scores, and, in the
    compact format, the deeper plies' values in a retrieval table (:mod:`.retrieval`: no
    keys, about 0.31 bytes a position), asked only about positions it holds."""

    keys: np.ndarray  # uint64, sorted
    scores: np.ndarray  # int8
    plies: int
    exact_plies: int
    values: Retrieval | None = None  # the positions of exact_plies + 1 to plies stones

    def __len__(self) -> int:
        return int(self.keys.size) + (self.values.count if self.values is not None else 0)

    def exact_at(self, stones: int) -> bool:
        """Whether the book's scores of positions of ``stones`` stones are exact."""
        return stones <= self.exact_plies

    def score(self, current: int, mask: int) -> int | None:
        """The position's score for the side to move, or None when the book lacks it."""
        stones = mask.bit_count()
        if stones > self.plies:
            return None
        if self.values is not None and stones > self.exact_plies:
            return self._value(self.values, current, mask)
        key = np.uint64(canonical(current, mask))
        at = int(np.searchsorted(self.keys, key))
        if at < self.keys.size and self.keys[at] == key:
            return int(self.scores[at])
        return None

    def _value(self, values: Retrieval, current: int, mask: int) -> int | None:
        """A deep position's value from the table ``values``, which holds every unfinished
        position whose mover cannot win at once; any other would read an arbitrary value."""
        if mask.bit_count() >= CELLS or has_four(current ^ mask, HEIGHT):
            return None  # the game is over
        if winning_drop(current, mask):
            return None
        value = values.value(canonical(current, mask))
        if value > 2:  # built from -1, 0, 1 stored as 0, 1, 2
            raise ZerosumError(
                "the opening book's value table gave an impossible value: it does not "
                f"belong with this book's plies ({self.exact_plies + 1} to {self.plies})"
            )
        return value - 1

    def save(self, path: Path) -> None:
        """Write the book: compressed numpy arrays (about 9 bytes a keyed entry, 0.31 a
        position in the value table)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, Any] = {
            "keys": self.keys,
            "scores": self.scores,
            "plies": np.int64(self.plies),
            "exact_plies": np.int64(self.exact_plies),
        }
        if self.values is not None:
            arrays |= self.values.arrays(_TABLE)
        write_file(path, lambda out: np.savez_compressed(out, **arrays), binary=True)

    @classmethod
    def load(cls, path: Path) -> Book:
        """The book in ``path``, in either format; a damaged or inconsistent file is
        refused with what is wrong in it."""
        try:
            with np.load(path) as data:
                arrays = {name: data[name] for name in data.files}
        except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:
            raise ZerosumError(f"{path} is not a readable opening book: {exc}") from None
        for name in ("keys", "scores", "plies"):
            if name not in arrays:
                raise ZerosumError(f"{path}: the opening book lacks its '{name}' array")
        keys, scores = arrays["keys"], arrays["scores"]
        if keys.dtype != np.uint64 or scores.dtype != np.int8 or keys.shape != scores.shape:
            raise ZerosumError(
                f"{path}: the book's keys ({keys.dtype}, {keys.shape}) and scores "
                f"({scores.dtype}, {scores.shape}) must be uint64 and int8 of one length"
            )
        if (keys[1:] <= keys[:-1]).any():
            raise ZerosumError(f"{path}: the book's keys are not sorted and distinct")
        plies = int(arrays["plies"])
        exact = int(arrays["exact_plies"]) if "exact_plies" in arrays else plies
        values = None
        if any(name.startswith(_TABLE) for name in arrays):
            values = Retrieval.from_arrays(arrays, _TABLE, str(path))
            if exact >= plies:
                raise ZerosumError(
                    f"{path}: a value table, but no plies past the exact {exact} to hold"
                )
        return cls(keys, scores, plies, exact, values)

    @classmethod
    def from_scores(cls, scores: dict[int, int], plies: int, exact_plies: int) -> Book:
        """Every position keyed (the format books had before the value table)."""
        keys = np.array(sorted(scores), dtype=np.uint64)
        values = np.array([scores[int(k)] for k in keys], dtype=np.int8)
        return cls(keys, values, plies, exact_plies)

    @classmethod
    def compact(
        cls, exact: dict[int, int], values: dict[int, int], plies: int, exact_plies: int
    ) -> Book:
        """The exact scores (of up to ``exact_plies`` stones) keyed, and the ``values`` of
        the deeper positions in a retrieval table."""
        keyed = cls.from_scores(exact, plies, exact_plies)
        if not values:
            return keyed
        keys = np.fromiter(values, dtype=np.uint64, count=len(values))
        stored = np.fromiter(values.values(), dtype=np.int64, count=len(values)) + 1
        return cls(keyed.keys, keyed.scores, plies, exact_plies, retrieval.build(keys, stored))


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
