"""Connect Four's state space, compiled: exact positions per ply, and random probes.

Exact counting goes ply by ply. A position is one 64-bit key, ``current + mask`` (the
stones of the player to move plus all stones, in the solver's layout of ``height + 1``
bits per column): each column of the key is ``2**h - 1 + current_col`` for ``h``
stones, so the key is unique and decodes back (``h`` is the bit length of
``key_col + 1`` minus one). Each ply's children go into an open-addressing hash table
of keys with the number of move sequences reaching them (the nodes of the game tree),
terminal children into a second table that is counted but not expanded. Distinct
positions up to the mirror image follow without a second table: orbits have one or two
members, so their number is ``(N + S) / 2`` with ``S`` the positions equal to their
mirror.

Random probes play uniformly random games and return, per ply, the product of the
branching factors so far (Knuth's estimator of the tree's nodes at that ply) and the
number of move orders that reach the position through non-terminal positions (which
turns the same product into an unbiased estimate of the distinct positions at that ply;
see :mod:`zerosum.analysis.space`). The orders are counted by dynamic programming over the
sub-positions of the game's last position, one cell per vector of column heights.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numba import njit

from ...kernels.rng import below, new_rng

__all__ = ["expand", "layers", "mirror_count", "probes"]

_MULT = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True, inline="always")
def _has_line(stones: np.uint64, height: int, k: int) -> bool:
    """Whether ``stones`` hold ``k`` in a row in any direction."""
    for s in (1, height + 1, height, height + 2):
        run = stones
        for i in range(1, k):
            run &= stones >> np.uint64(i * s)
        if run:
            return True
    return False


@njit(cache=True, inline="always")
def _decode(key: np.uint64, width: int, height: int) -> tuple[np.uint64, np.uint64]:
    """``(current, mask)`` of a position key."""
    h1 = height + 1
    colbits = np.uint64((1 << h1) - 1)
    cur = np.uint64(0)
    mask = np.uint64(0)
    for c in range(width):
        shift = np.uint64(c * h1)
        kc = (key >> shift) & colbits
        h = 0
        v = kc + np.uint64(1)
        while v > np.uint64(1):
            v >>= np.uint64(1)
            h += 1
        mc = np.uint64((1 << h) - 1)
        mask |= mc << shift
        cur |= (kc - mc) << shift
    return cur, mask


@njit(cache=True, inline="always")
def _slot(key: np.uint64, bits: int) -> int:
    return np.int64((key * _MULT) >> np.uint64(64 - bits))  # type: ignore[return-value]


@njit(cache=True, inline="always")
def _insert(keys: np.ndarray, counts: np.ndarray, bits: int, key: np.uint64, count: int) -> int:
    """Add ``count`` to ``key``'s entry: 1 if the key was there, 2 if it is new, 0 when
    the table is full."""
    size = keys.shape[0]
    i = _slot(key, bits)
    for _ in range(size):
        k = keys[i]
        if k == key:
            counts[i] += count
            return 1
        if k == 0:
            keys[i] = key
            counts[i] = count
            return 2
        i = (i + 1) & (size - 1)
    return 0


@njit(cache=True)
def _expand(keys, counts, width, height, k, last_ply, nxt, nxt_counts, term, term_counts):  # type: ignore[no-untyped-def]
    """Insert every child of the (non-terminal) positions ``keys`` into ``nxt`` or, when
    the move wins or fills the board (``last_ply``), into ``term``. Returns the number of
    moves, or -1 when a table filled past 3/4 (the caller retries with larger tables)."""
    h1 = height + 1
    nbits = 0
    while (1 << nbits) < nxt.shape[0]:
        nbits += 1
    tbits = 0
    while (1 << tbits) < term.shape[0]:
        tbits += 1
    limit_n, limit_t = nxt.shape[0] * 3 // 4, term.shape[0] * 3 // 4
    used_n, used_t = 0, 0
    moves = 0
    for i in range(keys.shape[0]):
        cur, mask = _decode(keys[i], width, height)
        for c in range(width):
            top = np.uint64(1) << np.uint64(c * h1 + height - 1)
            if mask & top:
                continue
            bit = (mask + (np.uint64(1) << np.uint64(c * h1))) & ~mask
            mover = cur | bit
            child_mask = mask | bit
            child = (child_mask ^ mover) + child_mask
            moves += 1
            if last_ply or _has_line(mover, height, k):
                added = _insert(term, term_counts, tbits, child, counts[i])
                used_t += added == 2
            else:
                added = _insert(nxt, nxt_counts, nbits, child, counts[i])
                used_n += added == 2
            if added == 0 or used_n > limit_n or used_t > limit_t:
                return -1
    return moves


@njit(cache=True)
def _filled(keys: np.ndarray) -> int:
    n = 0
    for k in keys:
        if k != 0:
            n += 1
    return n


@njit(cache=True)
def _compact(keys: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n = _filled(keys)
    out, out_counts = np.empty(n, np.uint64), np.empty(n, np.int64)
    j = 0
    for i in range(keys.shape[0]):
        if keys[i] != 0:
            out[j], out_counts[j] = keys[i], counts[i]
            j += 1
    return out, out_counts


@njit(cache=True)
def _mirror_count(keys: np.ndarray, width: int, height: int) -> int:
    """How many keys are their own mirror image (column c and width - 1 - c swapped)."""
    h1 = height + 1
    colbits = np.uint64((1 << h1) - 1)
    same = 0
    for key in keys:
        m = np.uint64(0)
        for c in range(width):
            m |= ((key >> np.uint64(c * h1)) & colbits) << np.uint64((width - 1 - c) * h1)
        if m == key:
            same += 1
    return same


def layers(
    width: int, height: int, k: int
) -> Iterator[tuple[int, int, int, int | None, int | None, int]]:
    """Exact counts ply by ply from the empty board, as ``(positions, terminal, symmetric,
    sequences, games, moves)`` (see ``zerosum.games.space.LayerCounts``); sequences and
    games are None once ``width**ply`` could overflow 63 bits."""
    keys, counts = np.zeros(1, np.uint64), np.ones(1, np.int64)
    yield 1, 0, 1, 1, 0, width
    ply, previous = 0, 1
    while len(keys):
        guess = int(len(keys) * max(2.0, 1.3 * len(keys) / previous))
        nxt, nxt_counts, done, done_counts, _ = expand(keys, counts, width, height, k, ply, guess)
        ply += 1
        positions = len(nxt) + len(done)
        same = mirror_count(nxt, width, height) + mirror_count(done, width, height)
        exact = width**ply < 2**63
        sequences = int(nxt_counts.sum()) + int(done_counts.sum()) if exact else None
        games = int(done_counts.sum()) if exact else None
        moves = int(_open_columns(nxt, width, height))
        yield positions, len(done), (positions + same) // 2, sequences, games, moves
        previous, keys, counts = len(keys), nxt, nxt_counts


@njit(cache=True)
def _open_columns(keys: np.ndarray, width: int, height: int) -> int:
    """The legal moves summed over the positions ``keys``."""
    total = 0
    for key in keys:
        _, mask = _decode(key, width, height)
        for c in range(width):
            total += not mask >> np.uint64(c * (height + 1) + height - 1) & np.uint64(1)
    return total


def _capacity(expected: int) -> int:
    return 1 << max(10, int(1.5 * max(expected, 1)).bit_length())


def expand(
    keys: np.ndarray, counts: np.ndarray, width: int, height: int, k: int, ply: int, guess: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """The next ply of the non-terminal positions ``keys`` (reached at ``ply`` by
    ``counts`` move sequences each): ``(keys, counts)`` of its non-terminal positions,
    the same of its terminal ones, and the number of moves. ``guess`` sizes the tables."""
    last = ply + 1 == width * height
    size = _capacity(guess)
    while True:
        nxt, nxt_counts = np.zeros(size, np.uint64), np.zeros(size, np.int64)
        term_size = size if last else max(1024, size // 4)
        term, term_counts = np.zeros(term_size, np.uint64), np.zeros(term_size, np.int64)
        moves = _expand(keys, counts, width, height, k, last, nxt, nxt_counts, term, term_counts)
        if moves >= 0:
            break
        size *= 2
    a, b = _compact(nxt, nxt_counts)
    del nxt, nxt_counts
    c, d = _compact(term, term_counts)
    return a, b, c, d, int(moves)


def mirror_count(keys: np.ndarray, width: int, height: int) -> int:
    """How many of the position ``keys`` equal their mirror image."""
    return int(_mirror_count(keys, width, height))


@njit(cache=True)
def _orders(p1, p2, heights, width, height, k, f, term):  # type: ignore[no-untyped-def]
    """Fill ``f`` with the number of move orders reaching each sub-position of the board
    ``p1``/``p2`` (column heights ``heights``) through non-terminal positions, indexed in
    mixed radix (column c's digit is its height, base heights[c] + 1). Returns the strides."""
    h1 = height + 1
    strides = np.empty(width, np.int64)
    size = 1
    for c in range(width):
        strides[c] = size
        size *= heights[c] + 1
    digits = np.zeros(width, np.int64)
    for idx in range(size):
        if idx:
            c = 0  # advance the odometer
            while digits[c] == heights[c]:
                digits[c] = 0
                c += 1
            digits[c] += 1
        stones = 0
        sub = np.uint64(0)
        for c in range(width):
            stones += digits[c]
            sub |= np.uint64((1 << digits[c]) - 1) << np.uint64(c * h1)
        if stones == 0:
            f[idx], term[idx] = 1.0, False
            continue
        last = p1 if stones % 2 == 1 else p2
        term[idx] = _has_line(p1 & sub, height, k) or _has_line(p2 & sub, height, k)
        total = 0.0
        for c in range(width):
            if digits[c] and last >> np.uint64(c * h1 + digits[c] - 1) & np.uint64(1):
                before = idx - strides[c]
                if not term[before]:
                    total += f[before]
        f[idx] = total
    return strides


@njit(cache=True)
def _probes(width, height, k, seed_rng, products, orders, lengths, winners):  # type: ignore[no-untyped-def]
    """Fill, per probe (row) and ply (column), the product of the branching factors before
    that ply and the move orders of the position there (0 past the game's end)."""
    h1 = height + 1
    cells = width * height
    f = np.empty((h1) ** width, np.float64)
    term = np.empty((h1) ** width, np.bool_)
    cols = np.empty(cells, np.int64)
    legal = np.empty(width, np.int64)
    for s in range(products.shape[0]):
        p = np.zeros(2, np.uint64)
        heights = np.zeros(width, np.int64)
        product = 1.0
        ply = 0
        winner = 0
        products[s, 0] = 1.0
        while ply < cells:
            n = 0
            for c in range(width):
                if heights[c] < height:
                    legal[n] = c
                    n += 1
            product *= n
            c = legal[below(seed_rng, n)]
            p[ply % 2] |= np.uint64(1) << np.uint64(c * h1 + heights[c])
            heights[c] += 1
            cols[ply] = c
            ply += 1
            products[s, ply] = product
            if _has_line(p[(ply - 1) % 2], height, k):
                winner = 1 + (ply - 1) % 2
                break
        lengths[s], winners[s] = ply, winner
        strides = _orders(p[0], p[1], heights, width, height, k, f, term)
        idx = 0
        orders[s, 0] = 1.0
        for i in range(ply):
            idx += strides[cols[i]]
            orders[s, i + 1] = f[idx]


def probes(
    width: int, height: int, k: int, samples: int, seed: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``samples`` random games: per probe and ply, the product of the branching factors
    before it and the move orders of its position (0 after the end); each game's length
    and winner (0 for a draw)."""
    cells = width * height
    products = np.zeros((samples, cells + 1), np.float64)
    orders = np.zeros((samples, cells + 1), np.float64)
    lengths, winners = np.zeros(samples, np.int64), np.zeros(samples, np.int64)
    _probes(width, height, k, new_rng(seed), products, orders, lengths, winners)
    return products, orders, lengths, winners
