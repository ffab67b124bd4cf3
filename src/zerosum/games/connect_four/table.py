"""The Connect Four solver's transposition table: entries packed in one int64 each, buckets
of two, and :class:`TranspositionTable`, which holds them.

A position and its mirror image share one entry (:func:`slot` keys the smaller of the
two). Entries hold both score bounds, so one table serves every null-window search of a
solve; a generation counter makes old entries stale in O(1) (:func:`next_generation`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = [
    "BYTES_PER_ENTRY",
    "DEFAULT_MEGABYTES",
    "NO_LOWER",
    "NO_UPPER",
    "TranspositionTable",
    "lower_bound",
    "next_generation",
    "probe",
    "slot",
    "slot_layout",
    "slot_of_key",
    "store",
    "upper_bound",
]

# Transposition table entry, one int64:
#   bits  0-5   lower bound + _OFFSET (0 means none)
#   bits  6-11  upper bound + _OFFSET (63 means none)
#   bits 12-17  stones on the board (the replacement priority)
#   bits 18..   generation (G bits), then the key check (C bits), C + G = 46.
# The key is hashed by a multiplication that is a bijection on the key's bits;
# its high bits pick a bucket of two entries (one cache line), its low bits are
# the check, so (bucket, check) identifies the position exactly: no false hits.
_OFFSET = 32
_BOUND_MASK = 63
_LOWER_SHIFT = 0
_UPPER_SHIFT = 6
_STONES_SHIFT = 12
_META = 18  # bits below the generation
_MULT = -7046029254386353131  # 0x9E3779B97F4A7C15 (golden ratio) as int64
_MIN_GEN_BITS = 4
BYTES_PER_ENTRY = 8
#: The bounds an entry holds when it has none.
NO_LOWER = -_OFFSET
NO_UPPER = _OFFSET - 1

#: The default table size in MB. Small on purpose: a table that stays in the processor's
#: caches is read several times faster than one in main memory, which outweighs the
#: entries a small table loses: 8 MB (a million entries) solves the benchmark sets and
#: positions of 5 to 8 stones 1.7x to 1.9x faster than 64 MB, at 0% to 16% more nodes
#: (docs/benchmarks.md, "table size").
DEFAULT_MEGABYTES = 8


@njit(cache=True, inline="always")
def lower_bound(e: int) -> int:
    """The lower bound an entry holds (:data:`NO_LOWER`: none)."""
    return ((e >> _LOWER_SHIFT) & _BOUND_MASK) - _OFFSET


@njit(cache=True, inline="always")
def upper_bound(e: int) -> int:
    """The upper bound an entry holds (:data:`NO_UPPER`: none)."""
    return ((e >> _UPPER_SHIFT) & _BOUND_MASK) - _OFFSET


@njit(cache=True, inline="always")
def _stones(e: int) -> int:
    """The stones on the board of an entry's position (its replacement priority)."""
    return (e >> _STONES_SHIFT) & _BOUND_MASK


@njit(cache=True, inline="always")
def _entry(tag: int, lb: int, ub: int, stones: int) -> int:
    """An entry: ``tag`` (generation and check bits), both bounds and the stones."""
    return (
        tag
        | ((lb + _OFFSET) << _LOWER_SHIFT)
        | ((ub + _OFFSET) << _UPPER_SHIFT)
        | (stones << _STONES_SHIFT)
    )


@njit(cache=True, inline="always")
def probe(table: np.ndarray, base: int, tag: int) -> int:
    """The entry of the position with ``tag`` in bucket ``base``, or 0."""
    high_mask = ~((1 << _META) - 1)
    e = int(table[base])
    if (e & high_mask) == tag:
        return e
    e = int(table[base + 1])
    if (e & high_mask) == tag:
        return e
    return 0


@njit(cache=True)
def store(
    table: np.ndarray, base: int, tag: int, lb: int, ub: int, stones: int, gen_mask: int
) -> None:
    """Record bounds of a position, merging with its entry if it has one.

    A new position takes the first slot of its bucket if it has no more stones
    than the position there (a bigger subtree, costlier to recompute), which
    moves down to the second slot; otherwise it takes the second slot.
    Entries of older generations count as empty.
    """
    high_mask = ~((1 << _META) - 1)
    slot = base
    e = table[base]
    if (e & high_mask) != tag:
        e1 = table[base + 1]
        if (e1 & high_mask) == tag:
            slot = base + 1
            e = e1
        else:
            if (e & gen_mask) == (tag & gen_mask):
                if _stones(e) < stones:
                    slot = base + 1
                else:
                    table[base + 1] = e
            e = 0
    if e != 0:
        lb = max(lb, lower_bound(e))
        ub = min(ub, upper_bound(e))
    table[slot] = _entry(tag, lb, ub, stones)


@njit(cache=True, inline="always")
def slot_layout(tcfg):  # type: ignore[no-untyped-def]
    """The table's layout for :func:`slot`: (key mask, check bits, bucket mask,
    generation bits, this generation's tag); and the mask of the generation bits."""
    keybits = tcfg[1]
    check_bits = keybits - (tcfg[0] - 1)
    bucket_mask = (1 << (tcfg[0] - 1)) - 1
    keymask = -1 if keybits >= 64 else (1 << keybits) - 1
    gen_bits = 64 - _META - check_bits
    gen_mask = ((1 << gen_bits) - 1) << _META
    return (keymask, check_bits, bucket_mask, gen_bits, tcfg[2] << _META), gen_mask


@njit(cache=True, inline="always")
def slot_of_key(key, slots):  # type: ignore[no-untyped-def]
    """``(bucket, tag)`` of a position's key (the smaller of ``current + mask`` of the
    position and of its mirror image), hashed; ``tag`` holds its check and generation."""
    keymask, check_bits, bucket_mask, gen_bits, gen_tag = slots
    h = (key * _MULT) & keymask
    tag = ((h & ((1 << check_bits) - 1)) << (_META + gen_bits)) | gen_tag
    return ((h >> check_bits) & bucket_mask) << 1, tag


@njit(cache=True, inline="always")
def slot(cur, mask, curm, maskm, slots):  # type: ignore[no-untyped-def]
    """``(bucket, tag)`` of a position (and its mirror image, ``curm``, ``maskm``): the
    key of the smaller of the two, hashed (:func:`slot_of_key`)."""
    return slot_of_key(min(cur + mask, curm + maskm), slots)


@njit(cache=True, inline="always")
def next_generation(table, tcfg) -> None:  # type: ignore[no-untyped-def]
    """Make every entry stale in O(1); clear the table when generations wrap."""
    gen_bits = 64 - _META - (tcfg[1] - tcfg[0] + 1)
    tcfg[2] += 1
    if tcfg[2] >= (1 << gen_bits):
        table[:] = 0
        tcfg[2] = 1


class TranspositionTable:
    """A solver transposition table: ``BYTES_PER_ENTRY`` (8) bytes per entry.

    Entries hold both score bounds of a position. Pass one
    table to successive calls to reuse what earlier searches learnt (useful for
    related positions); call :meth:`reset` to forget everything, which costs
    O(1) (a generation counter makes old entries stale).

    The size is rounded down to a power of two, and fitted to the board when
    the table is first used: boards whose keys need more check bits than the
    size leaves get a bigger table (8x7: at least 64 MB), small boards no more
    than their keys can fill.
    """

    def __init__(self, megabytes: float = DEFAULT_MEGABYTES) -> None:
        if megabytes <= 0:
            raise ValueError(f"table size must be positive, got {megabytes} MB")
        self.requested_log_size = max(10, int(np.log2(megabytes * 2**20 / BYTES_PER_ENTRY)))
        self.log_size = self.requested_log_size
        self._table = np.zeros(0, dtype=np.int64)
        # [log2 entries, key bits of the board, generation]
        self._cfg = np.zeros(3, dtype=np.int64)
        self._board: tuple[int, int] | None = None

    @property
    def megabytes(self) -> float:
        """Memory held by the entries, in MB (2**20 bytes)."""
        return (1 << self.log_size) * BYTES_PER_ENTRY / 2**20

    def reset(self) -> None:
        """Forget every entry (O(1) except once every many generations)."""
        if self._board is not None:
            next_generation(self._table, self._cfg)

    def arrays(self, width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
        """The (entries, config) arrays for a board, (re)allocated on a board change."""
        if self._board != (width, height):
            keybits = (height + 1) * width
            # An entry is _META + G + C = 64 bits with C = keybits - log_size
            # + 1 check bits: grow the table until G >= _MIN_GEN_BITS; small
            # boards need no more buckets than keys (C >= 0).
            log_size = max(
                min(self.requested_log_size, keybits + 1),
                keybits + 1 - (64 - _META - _MIN_GEN_BITS),
            )
            # fill() touches every page now, so no search pays the page faults
            self._table = np.empty(1 << log_size, dtype=np.int64)
            self._table.fill(0)
            self._cfg[:] = (log_size, keybits, 1)
            self.log_size = log_size
            self._board = (width, height)
        return self._table, self._cfg
