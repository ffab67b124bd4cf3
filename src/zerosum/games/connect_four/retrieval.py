"""A static function from 64-bit keys to 2-bit values, with no keys stored.

The opening book's deepest plies hold millions of positions, and it is only ever asked
about positions it is known to hold; so it needs no keys, only a way to find each one's
value. This is a 3-hash XOR table (a retrieval structure): ``value(key) = T[h0] ^ T[h1] ^
T[h2]``, with 2-bit cells ``T`` in three equal segments, one hash in each. It is built by
peeling the 3-hypergraph whose edges are the keys' cell triples (a cell of one edge only
is set last, so that its edge's XOR comes out right), with another seed if peeling
stalls. It takes about 1.23 cells a key: about 0.31 bytes. A key not in the built set
gets an arbitrary value, so callers must ask only about keys of that set.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from ...game import ZerosumError

__all__ = ["Retrieval", "RetrievalError", "build", "peel", "CELLS_PER_KEY", "TRIES"]

#: Cells per key: just above the 3-hypergraph's peeling threshold (about 1.222).
CELLS_PER_KEY = 1.23
#: Seeds tried before giving up (a failure at this size is rare: a few percent a seed).
TRIES = 16
#: Spare cells in each segment (13 seeds in 20 stalled on 1,000 keys without, 1 with).
SPARE = 16
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class RetrievalError(ZerosumError):
    """A table that cannot be built, or a stored one that is damaged."""


def _mix(z: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser: every bit of the key stirs every bit of the hash."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def _cells(keys: np.ndarray, seed: int, segment: int) -> np.ndarray:
    """Each key's three cells, one in each segment of ``segment`` cells: shape (n, 3)."""
    keys = np.asarray(keys, dtype=np.uint64)
    first = _mix(keys ^ np.uint64((seed * _GOLDEN) & _MASK))
    second = _mix(keys ^ np.uint64(((seed + 1) * _GOLDEN * 3) & _MASK))
    low, high = np.uint64(0xFFFFFFFF), np.uint64(32)
    size = np.uint64(segment)
    return np.stack(  # multiply-shift: a 32-bit hash onto 0..segment-1
        [
            ((first >> high) * size) >> high,
            (((first & low) * size) >> high) + size,
            (((second >> high) * size) >> high) + size * np.uint64(2),
        ],
        axis=1,
    ).astype(np.int32)  # cells of tables up to 2**31: half the memory of int64


def peel(edges: np.ndarray, size: int) -> list[tuple[np.ndarray, np.ndarray]] | None:
    """The peeling order of the hypergraph ``edges`` (rows of cells below ``size``): rounds
    of (edges, the cell each holds alone when peeled); None if it stalls. Edges of one
    round never share their free cells, so each round is set at once, in reverse order."""
    degree = np.bincount(edges.ravel(), minlength=size)
    left = np.arange(edges.shape[0])
    rounds = []
    while left.size:
        alone = degree[edges[left]] == 1
        peeled = alone.any(axis=1)
        if not peeled.any():
            return None
        ids = left[peeled]
        free = edges[ids, np.argmax(alone[peeled], axis=1)]
        rounds.append((ids, free))
        degree -= np.bincount(edges[ids].ravel(), minlength=size)
        left = left[~peeled]
    return rounds


@dataclass(frozen=True)
class Retrieval:
    """The 2-bit value of each key of a fixed set (see the module)."""

    cells: np.ndarray  # uint8, values 0..3, three segments of equal size
    seed: int
    count: int  # keys it was built for

    def values(self, keys: np.ndarray) -> np.ndarray:
        """The values (uint8, 0..3) of ``keys``, all of the built set."""
        at = _cells(np.atleast_1d(keys), self.seed, self.cells.size // 3)
        return self.cells[at[:, 0]] ^ self.cells[at[:, 1]] ^ self.cells[at[:, 2]]

    def value(self, key: int) -> int:
        """The value of one key of the built set."""
        return int(self.values(np.array([key], dtype=np.uint64))[0])

    @property
    def nbytes(self) -> int:
        """Bytes stored: four cells a byte."""
        return -(-self.cells.size // 4)

    def arrays(self, prefix: str) -> dict[str, np.ndarray]:
        """The table as named arrays for an ``.npz`` (cells packed four a byte, and a CRC)."""
        packed = _pack(self.cells)
        return {
            f"{prefix}_cells": packed,
            f"{prefix}_size": np.array(self.cells.size, dtype=np.int64),
            f"{prefix}_seed": np.array(self.seed, dtype=np.int64),
            f"{prefix}_count": np.array(self.count, dtype=np.int64),
            f"{prefix}_crc32": np.array(zlib.crc32(packed.tobytes()), dtype=np.int64),
        }

    @classmethod
    def from_arrays(cls, data: Mapping[str, np.ndarray], prefix: str, source: str) -> Retrieval:
        """The table :meth:`arrays` stored; a missing, damaged or inconsistent one is
        refused, naming ``source`` and what is wrong."""
        names = ("cells", "size", "seed", "count", "crc32")
        missing = [f"{prefix}_{name}" for name in names if f"{prefix}_{name}" not in data]
        if missing:
            raise RetrievalError(f"{source}: the retrieval table lacks {', '.join(missing)}")
        packed = np.asarray(data[f"{prefix}_cells"])
        size, seed, count, crc = (int(data[f"{prefix}_{name}"]) for name in names[1:])
        if packed.dtype != np.uint8 or packed.ndim != 1:
            raise RetrievalError(
                f"{source}: {prefix}_cells must be 1-D uint8, not {packed.ndim}-D {packed.dtype}"
            )
        if size % 3 or -(-size // 4) != packed.size:
            raise RetrievalError(
                f"{source}: {prefix}_size {size} must be a multiple of 3 packed in "
                f"{-(-size // 4)} bytes, but {prefix}_cells has {packed.size}"
            )
        found = zlib.crc32(packed.tobytes())
        if found != crc:
            raise RetrievalError(
                f"{source}: {prefix}_cells is damaged (CRC-32 {found:#010x}, stored {crc:#010x})"
            )
        return cls(_unpack(packed, size), seed, count)


def build(
    keys: np.ndarray,
    values: np.ndarray,
    *,
    seed: int = 0,
    tries: int = TRIES,
    cells_per_key: float = CELLS_PER_KEY,
) -> Retrieval:
    """The table giving each of ``keys`` (distinct) its value in ``values`` (0..3); seeds
    ``seed``, ``seed + 1``, ... are tried until peeling succeeds (deterministic)."""
    keys = np.asarray(keys, dtype=np.uint64)
    values = np.asarray(values)
    if keys.shape != values.shape or keys.ndim != 1:
        raise RetrievalError(f"keys {keys.shape} and values {values.shape} must be 1-D, alike")
    if values.size and (values.min() < 0 or values.max() > 3):
        raise RetrievalError(f"values must be 0..3, not {values.min()}..{values.max()}")
    if np.unique(keys).size != keys.size:
        raise RetrievalError(f"{keys.size - np.unique(keys).size} keys are given twice")
    # a few spare cells a segment: small sets stall far more often at the threshold
    segment = int(np.ceil(keys.size * cells_per_key / 3)) + SPARE
    if 3 * segment >= 2**31:
        raise RetrievalError(f"{keys.size} keys need {3 * segment} cells, over 2**31")
    for attempt in range(seed, seed + tries):
        edges = _cells(keys, attempt, segment)
        rounds = peel(edges, 3 * segment)
        if rounds is None:
            continue
        cells = np.zeros(3 * segment, dtype=np.uint8)
        small = values.astype(np.uint8)
        for ids, free in reversed(rounds):
            at = edges[ids]  # each free cell is still 0 here
            cells[free] = small[ids] ^ cells[at[:, 0]] ^ cells[at[:, 1]] ^ cells[at[:, 2]]
        return Retrieval(cells, attempt, int(keys.size))
    raise RetrievalError(
        f"no retrieval table for {keys.size} keys at {cells_per_key} cells a key: peeling "
        f"stalled with seeds {seed} to {seed + tries - 1}"
    )


def _pack(cells: np.ndarray) -> np.ndarray:
    padded = np.zeros(-(-cells.size // 4) * 4, dtype=np.uint8)
    padded[: cells.size] = cells
    quads = padded.reshape(-1, 4)
    return quads[:, 0] | (quads[:, 1] << 2) | (quads[:, 2] << 4) | (quads[:, 3] << 6)


def _unpack(packed: np.ndarray, size: int) -> np.ndarray:
    shifts = np.array([0, 2, 4, 6], dtype=np.uint8)
    return ((packed[:, None] >> shifts) & 3).ravel()[:size].copy()
