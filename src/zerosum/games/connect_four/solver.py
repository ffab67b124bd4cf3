"""Exact Connect Four solver: a compiled (numba) bitboard negamax.

Positions are bitboards, the contract with the Connect Four game module: bit
``col * (height + 1) + row`` is the cell in column ``col`` (0-based, from the
left) and row ``row`` (0 is the bottom); each column has one always-empty
sentinel bit on top, so ``(height + 1) * width <= 64``. A position is the pair
``(current, mask)``: ``current`` holds the stones of the player to move, ``mask``
all stones. Only four-in-a-row (k = 4) is supported.

Scores follow the public benchmark convention: 0 for a draw; positive when the
side to move wins, ``(width * height + 1 - n) // 2`` where ``n`` is the number
of stones on the board just before the winner plays its winning stone;
negative, by the same rule, when the side to move loses.

The search is a null-window negamax with alpha-beta pruning, driven by a
bisection of the score window towards 0. Nodes share a fixed-size
transposition table (8 bytes per entry holding both score bounds, buckets of
two entries; a position and its mirror image share one entry). The recursion
is an explicit stack inside one compiled function, faster here than recursive
calls (see :func:`_null_window`); a whole batch of positions is solved in one
compiled call.

Example (an End-Easy benchmark position; None marks full columns):
    >>> moves = "7422341735647741166133573473242566"
    >>> solve_moves(moves)[0]
    1
    >>> analyze(*parse_moves(moves))
    [-3, 1, None, None, -4, 1, None]
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from operator import index
from typing import SupportsIndex, cast

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from ...budget import OutOfTime
from ...kernels.clock import now, passed, thread_seconds
from ...notices import while_compiling

__all__ = [
    "TranspositionTable",
    "analyze",
    "analyze_counted",
    "ensure_compiled",
    "is_compiled",
    "keeping_move",
    "kept_table",
    "parse_moves",
    "set_default_table",
    "set_default_workers",
    "prepare_tables",
    "solve",
    "solve_batch",
    "solve_moves",
    "STOPPED",
    "DEFAULT_MEGABYTES",
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
_MAX_WIDTH = 16  # move lists are rows of 16 slots
_MIN_GEN_BITS = 4
BYTES_PER_ENTRY = 8
# Enhanced transposition cutoffs pay for their extra table reads only far from
# the leaves: used while more than this many cells are empty.
_ETC_MIN_EMPTY = 12
#: The score of a position whose solve the deadline stopped (no real score comes near).
STOPPED = 1 << 40
#: The default table size in MB. Small on purpose: a table that stays in the processor's
#: caches is read several times faster than one in main memory, which outweighs the
#: entries a small table loses: 8 MB (a million entries) solves the benchmark sets and
#: positions of 5 to 8 stones 1.7x to 1.9x faster than 64 MB, at 0% to 16% more nodes
#: (docs/benchmarks.md, "table size").
DEFAULT_MEGABYTES = 8

# Search phases of the explicit-stack negamax.
_ENTER = 0
_NEXT = 1
_RETURN = 2


def _popcount_intrinsic(typingctx, x):  # type: ignore[no-untyped-def]
    """Hardware popcount (LLVM ctpop, a single instruction on x86-64)."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        fn = builder.module.declare_intrinsic("llvm.ctpop", [args[0].type])
        return builder.call(fn, args)

    return x(x), codegen


_popcount = cast("Callable[[int], int]", intrinsic(_popcount_intrinsic))


def _prefetch_intrinsic(typingctx, arr, idx):  # type: ignore[no-untyped-def]
    """Hint the CPU to fetch ``arr[idx]`` into cache (LLVM prefetch, no fault)."""

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(  # type: ignore[no-untyped-call]
            context, builder, aryty, ary, [args[1]], wraparound=False
        )
        i32 = ir.IntType(32)
        if getattr(ptr.type, "is_opaque", False):
            name = "llvm.prefetch.p0"
        else:
            ptr = builder.bitcast(ptr, ir.IntType(8).as_pointer())
            name = "llvm.prefetch.p0i8"
        fnty = ir.FunctionType(ir.VoidType(), [ptr.type, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, name)  # type: ignore[no-untyped-call]
        # read access, high temporal locality, data cache
        builder.call(fn, [ptr, i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return types.void(arr, idx), codegen


_prefetch = cast("Callable[[np.ndarray, int], None]", intrinsic(_prefetch_intrinsic))


def _fetch_add_intrinsic(typingctx, arr, idx):  # type: ignore[no-untyped-def]
    """Add 1 to the int64 ``arr[idx]`` atomically (LLVM atomicrmw) and return its value
    before: threads sharing the array each get a number of their own."""

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(  # type: ignore[no-untyped-call]
            context, builder, aryty, ary, [args[1]], wraparound=False
        )
        return builder.atomic_rmw("add", ptr, ir.Constant(ir.IntType(64), 1), "seq_cst")

    return types.int64(arr, idx), codegen


_fetch_add = cast("Callable[[np.ndarray, int], int]", intrinsic(_fetch_add_intrinsic))


@njit(cache=True, inline="always")
def _winning_cells(pos: int, mask: int, height: int, board: int) -> int:
    """Empty cells where a stone would complete four of ``pos`` (any direction)."""
    # vertical: only upward runs can end on an empty cell
    r = (pos << 1) & (pos << 2) & (pos << 3)
    # horizontal (shift h+1), diagonal / (shift h+2) and \ (shift h):
    # a cell wins if it extends a run of three on one side or fills a gap.
    for s in (height + 1, height + 2, height):
        p = (pos << s) & (pos << (2 * s))
        r |= p & (pos << (3 * s))
        r |= p & (pos >> s)
        p = (pos >> s) & (pos >> (2 * s))
        r |= p & (pos << s)
        r |= p & (pos >> (3 * s))
    return r & (board ^ mask)


def _has_four(pos: int, height: int) -> bool:
    """Whether the stones ``pos`` contain four in a row (any direction)."""
    for s in (1, height + 1, height, height + 2):
        m = pos & (pos >> s)
        if m & (m >> (2 * s)):
            return True
    return False


# the same, compiled, for the kernels
_has_four_bits = njit(cache=True, inline="always")(_has_four)


@njit(cache=True)
def _bottom_row(width: int, height: int) -> int:
    bottom = 0
    for c in range(width):
        bottom |= 1 << (c * (height + 1))
    return bottom


@njit(cache=True)
def _mirror(bits: int, width: int, height: int) -> int:
    """The bitboard reflected left-right (column c goes to width - 1 - c)."""
    h1 = height + 1
    col = (1 << h1) - 1
    out = 0
    for c in range(width):
        out |= ((bits >> (c * h1)) & col) << ((width - 1 - c) * h1)
    return out


@njit(cache=True)
def _new_stack(width: int, height: int):  # type: ignore[no-untyped-def]
    """Per-ply arrays of the explicit search stack, allocated once per batch."""
    depth = width * height + 2
    frames = np.zeros((depth, 9), dtype=np.int64)
    moves = np.zeros((depth, _MAX_WIDTH), dtype=np.int64)
    cols = np.zeros((depth, _MAX_WIDTH), dtype=np.int64)
    scores = np.zeros((depth, _MAX_WIDTH), dtype=np.int64)
    slots = np.zeros((depth, _MAX_WIDTH), dtype=np.int64)
    tags = np.zeros((depth, _MAX_WIDTH), dtype=np.int64)
    return frames, moves, cols, scores, slots, tags


# frame fields
_F_CUR = 0
_F_MASK = 1
_F_CURM = 2
_F_MASKM = 3
_F_ALPHA = 4
_F_BEST = 5
_F_NEXT = 6
_F_IDX = 7
_F_TAG = 8


@njit(cache=True, inline="always")
def _lower(e: int) -> int:
    """The lower bound an entry holds (-_OFFSET: none)."""
    return ((e >> _LOWER_SHIFT) & _BOUND_MASK) - _OFFSET


@njit(cache=True, inline="always")
def _upper(e: int) -> int:
    """The upper bound an entry holds (_OFFSET - 1: none)."""
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
def _probe(table: np.ndarray, base: int, tag: int) -> int:
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
def _store(
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
        lb = max(lb, _lower(e))
        ub = min(ub, _upper(e))
    table[slot] = _entry(tag, lb, ub, stones)


#: From :func:`_settle`: the node's value needs a search of its moves.
_UNSETTLED = STOPPED + 1


@njit(cache=True, inline="always")
def _settle(cur, mask, alpha, moves, wh, height, bottom, board):  # type: ignore[no-untyped-def]
    """``(value, 0)`` when threats, the score bounds or the lines still open settle the
    node against ``alpha`` without a search, else ``(_UNSETTLED, the moves worth
    searching)``. Precondition: the player to move cannot win at once."""
    possible = (mask + bottom) & board
    threats = _winning_cells(cur ^ mask, mask, height, board)
    forced = possible & threats
    if forced != 0:
        if forced & (forced - 1) != 0:  # two threats to block: lost
            return -((wh - moves) >> 1), 0
        possible = forced
    possible &= ~(threats >> 1)  # never play under an enemy threat
    if possible == 0:
        return -((wh - moves) >> 1), 0
    if moves >= wh - 2:
        return 0, 0
    # we survive the opponent's next move, so we lose no sooner than this
    lo = -((wh - 2 - moves) >> 1)
    if lo > alpha:
        return lo, 0
    # we cannot win with our next stone, so no better than this
    hi = (wh - 1 - moves) >> 1
    if hi <= alpha:
        return hi, 0
    # A side with no line of four free of enemy stones cannot win: for the side
    # to move that caps the score at 0, for the opponent it floors it at 0.
    free = board & ~(mask ^ cur) if alpha >= 0 else board & ~cur
    if not _has_four_bits(free, height):
        return 0, 0
    return _UNSETTLED, possible


@njit(cache=True)
def _slots_of(tcfg):  # type: ignore[no-untyped-def]
    """The table's layout for :func:`_slot`: (key mask, check bits, bucket mask,
    generation bits, this generation's tag); and the mask of the generation bits."""
    keybits = tcfg[1]
    check_bits = keybits - (tcfg[0] - 1)
    bucket_mask = (1 << (tcfg[0] - 1)) - 1
    keymask = -1 if keybits >= 64 else (1 << keybits) - 1
    gen_bits = 64 - _META - check_bits
    gen_mask = ((1 << gen_bits) - 1) << _META
    return (keymask, check_bits, bucket_mask, gen_bits, tcfg[2] << _META), gen_mask


@njit(cache=True, inline="always")
def _slot(cur, mask, curm, maskm, slots):  # type: ignore[no-untyped-def]
    """``(bucket, tag)`` of a position (and its mirror image, ``curm``, ``maskm``): the
    key of the smaller of the two, hashed; ``tag`` holds its check and generation."""
    keymask, check_bits, bucket_mask, gen_bits, gen_tag = slots
    h = (min(cur + mask, curm + maskm) * _MULT) & keymask
    tag = ((h & ((1 << check_bits) - 1)) << (_META + gen_bits)) | gen_tag
    return ((h >> check_bits) & bucket_mask) << 1, tag


@njit(cache=True, inline="always")
def _mirrored(move: int, col: int, width: int, h1: int) -> int:
    """The stone ``move`` in column ``col``, reflected left-right."""
    shift = (width - 1 - 2 * col) * h1
    return move << shift if shift >= 0 else move >> -shift


@njit(cache=True, inline="always")
def _list_moves(stack, d, possible, width, height, board, order, table, slots):  # type: ignore[no-untyped-def]
    """Write the moves of the node at depth ``d`` to its rows of the stack, sorted by
    the number of winning cells each creates, and return how many. Columns enter from
    the edges inward so that ties go to the more central column (taken from the end of
    the list). Each child's table slot is fetched now, so that its (likely) cache miss
    overlaps with the rest of this node's work."""
    frames, mvbits, mvcols, mvscores, mvidx, mvtag = stack
    h1 = height + 1
    colmask = (1 << height) - 1
    cur = frames[d, _F_CUR]
    mask = frames[d, _F_MASK]
    curm = frames[d, _F_CURM]
    maskm = frames[d, _F_MASKM]
    n = 0
    for i in range(width - 1, -1, -1):
        col = order[i]
        mv = possible & (colmask << (col * h1))
        if mv == 0:
            continue
        cidx, ctag = _slot(
            cur ^ mask, mask | mv, curm ^ maskm, maskm | _mirrored(mv, col, width, h1), slots
        )
        _prefetch(table, cidx)
        score = _popcount(_winning_cells(cur | mv, mask, height, board))
        j = n
        while j > 0 and mvscores[d, j - 1] > score:
            mvscores[d, j] = mvscores[d, j - 1]
            mvbits[d, j] = mvbits[d, j - 1]
            mvcols[d, j] = mvcols[d, j - 1]
            mvidx[d, j] = mvidx[d, j - 1]
            mvtag[d, j] = mvtag[d, j - 1]
            j -= 1
        mvscores[d, j] = score
        mvbits[d, j] = mv
        mvcols[d, j] = col
        mvidx[d, j] = cidx
        mvtag[d, j] = ctag
        n += 1
    return n


@njit(cache=True, inline="always")
def _refutation(stack, d, n, alpha, table):  # type: ignore[no-untyped-def]
    """Enhanced transposition cutoff: the value of a child of the node at depth ``d``
    already known to be bad enough for the opponent that it refutes the node, or
    ``_UNSETTLED``."""
    mvidx, mvtag = stack[4], stack[5]
    for j in range(n - 1, -1, -1):
        ce = _probe(table, mvidx[d, j], mvtag[d, j])
        if ce != 0 and -_upper(ce) > alpha:
            return -_upper(ce)
    return _UNSETTLED


@njit(cache=True)
def _null_window(cur0, mask0, alpha0, width, height, table, tcfg, order, stack, deadline):  # type: ignore[no-untyped-def]
    """Null-window negamax of (cur0, mask0) in the window (alpha0, alpha0 + 1).

    Returns ``(value, nodes)``, fail-soft: ``value <= alpha0`` is an upper
    bound of the true score, ``value > alpha0`` a lower bound; ``STOPPED`` once
    ``deadline`` (perf_counter seconds, 0: none) has passed, read every 4096
    nodes (the table keeps only entries of finished subtrees). Precondition:
    the player to move cannot win at once (callers check that first).

    Why an explicit stack (``stack``: a frame and a move list per depth) and phases
    rather than recursion: a recursive compiled version of this same search, visiting
    the same nodes, took 1.2x-1.45x the time on the benchmark sets (numba passes each
    array argument as a struct of several words to every call and inlines no
    recursion), so the search stays one loop.
    """
    frames, mvbits, mvcols = stack[0], stack[1], stack[2]
    h1 = height + 1
    wh = width * height
    bottom = _bottom_row(width, height)
    board = bottom * ((1 << height) - 1)
    slots, gen_mask = _slots_of(tcfg)
    root_moves = _popcount(mask0)
    etc_limit = wh - _ETC_MIN_EMPTY
    frames[0, _F_CUR] = cur0
    frames[0, _F_MASK] = mask0
    frames[0, _F_CURM] = _mirror(cur0, width, height)
    frames[0, _F_MASKM] = _mirror(mask0, width, height)
    frames[0, _F_ALPHA] = alpha0

    d = 0
    nodes = 0
    value = 0
    phase = _ENTER
    while True:
        if phase == _ENTER:  # a new node at depth d: settle it, or list its moves
            nodes += 1
            if nodes & 4095 == 0 and passed(deadline):
                return STOPPED, nodes
            cur = frames[d, _F_CUR]
            mask = frames[d, _F_MASK]
            alpha = frames[d, _F_ALPHA]
            moves = root_moves + d
            value, possible = _settle(cur, mask, alpha, moves, wh, height, bottom, board)
            if value != _UNSETTLED:
                phase = _RETURN
                continue
            idx, tag = _slot(cur, mask, frames[d, _F_CURM], frames[d, _F_MASKM], slots)
            frames[d, _F_IDX] = idx
            frames[d, _F_TAG] = tag
            e = _probe(table, idx, tag)
            if e != 0:
                if _lower(e) > alpha:
                    value = _lower(e)
                    phase = _RETURN
                    continue
                if _upper(e) <= alpha:
                    value = _upper(e)
                    phase = _RETURN
                    continue
            n = _list_moves(stack, d, possible, width, height, board, order, table, slots)
            if moves < etc_limit:
                value = _refutation(stack, d, n, alpha, table)
                if value != _UNSETTLED:
                    _store(table, idx, tag, value, _OFFSET - 1, moves, gen_mask)
                    phase = _RETURN
                    continue
            frames[d, _F_NEXT] = n
            frames[d, _F_BEST] = -_OFFSET
            phase = _NEXT
        elif phase == _NEXT:  # the node at depth d tries its next move
            i = frames[d, _F_NEXT]
            if i == 0:  # every move failed low: the best of them bounds us
                value = frames[d, _F_BEST]
                _store(
                    table, frames[d, _F_IDX], frames[d, _F_TAG], -_OFFSET, value,
                    root_moves + d, gen_mask,
                )  # fmt: skip
                phase = _RETURN
                continue
            i -= 1
            frames[d, _F_NEXT] = i
            mv = mvbits[d, i]
            cur = frames[d, _F_CUR]
            mask = frames[d, _F_MASK]
            curm = frames[d, _F_CURM]
            maskm = frames[d, _F_MASKM]
            frames[d + 1, _F_CUR] = cur ^ mask
            frames[d + 1, _F_MASK] = mask | mv
            frames[d + 1, _F_CURM] = curm ^ maskm
            frames[d + 1, _F_MASKM] = maskm | _mirrored(mv, mvcols[d, i], width, h1)
            frames[d + 1, _F_ALPHA] = -frames[d, _F_ALPHA] - 1
            d += 1
            phase = _ENTER
        else:  # _RETURN: the node at depth d has its value; back to its parent
            if d == 0:
                break
            d -= 1
            s = -value
            if s > frames[d, _F_ALPHA]:  # fail high: s is a lower bound
                _store(
                    table, frames[d, _F_IDX], frames[d, _F_TAG], s, _OFFSET - 1,
                    root_moves + d, gen_mask,
                )  # fmt: skip
                value = s
            else:
                frames[d, _F_BEST] = max(frames[d, _F_BEST], s)
                phase = _NEXT
    return value, nodes


@njit(cache=True)
def _center_order(width: int):  # type: ignore[no-untyped-def]
    order = np.empty(width, dtype=np.int64)
    for i in range(width):
        order[i] = width // 2 + (1 - 2 * (i % 2)) * ((i + 1) // 2)
    return order


@njit(cache=True)
def _half_toward_zero(x: int) -> int:
    return -((-x) >> 1) if x < 0 else x >> 1


@njit(cache=True)
def _solve_one(cur, mask, width, height, weak, table, tcfg, order, stack, deadline):  # type: ignore[no-untyped-def]
    """Exact (or, if ``weak``, -1/0/1) score of one position, and nodes searched;
    ``STOPPED`` as the score when ``deadline`` passed first."""
    wh = width * height
    moves = _popcount(mask)
    bottom = _bottom_row(width, height)
    board = bottom * ((1 << height) - 1)
    possible = (mask + bottom) & board
    if _winning_cells(cur, mask, height, board) & possible:
        return (1 if weak else (wh + 1 - moves) >> 1), 0
    lo = -((wh - moves) >> 1)
    hi = (wh + 1 - moves) >> 1
    nodes = 0
    if weak:
        # Win/draw/loss only. Proving a quick win (or loss) first is cheap, as
        # the score bounds prune deep lines; only then search around 0.
        for med in (hi >> 1, _half_toward_zero(lo)):
            r, n = _null_window(cur, mask, med, width, height, table, tcfg, order, stack, deadline)
            nodes += n
            if r == STOPPED:
                return STOPPED, nodes
            if r <= med:
                hi = min(hi, r)
            else:
                lo = max(lo, r)
            if lo > 0 or hi < 0:
                break
        lo = max(lo, -1)
        hi = min(hi, 1)

    # Bisection of [lo, hi] by null-window searches. Rather than at the
    # midpoint, probe at half the bound on its side of 0: windows far from 0
    # are cheap to decide (the score bounds cut deep lines) and narrow the
    # range before the costly windows near 0.
    while lo < hi:
        med = lo + ((hi - lo) >> 1)
        if med <= 0 and _half_toward_zero(lo) < med:
            med = _half_toward_zero(lo)
        elif med >= 0 and (hi >> 1) > med:
            med = hi >> 1
        r, n = _null_window(cur, mask, med, width, height, table, tcfg, order, stack, deadline)
        nodes += n
        if r == STOPPED:
            return STOPPED, nodes
        if r <= med:
            hi = r
        else:
            lo = r
    if weak:
        return (1 if lo > 0 else (-1 if lo < 0 else 0)), nodes
    return lo, nodes


@njit(cache=True)
def _first_invalid(currents, masks, width, height):  # type: ignore[no-untyped-def]
    """Index of the first position that :func:`_check_position` would reject,
    or -1: the same checks, compiled, as they would cost more than solving an
    easy position in Python."""
    bottom = _bottom_row(width, height)
    board = bottom * ((1 << height) - 1)
    for p in range(currents.shape[0]):
        cur = currents[p]
        mask = masks[p]
        if (
            mask & ~board
            or cur & ~mask
            or (mask + bottom) & mask
            or _popcount(cur) != _popcount(mask) >> 1
            or _has_four_bits(cur, height)
            or _has_four_bits(cur ^ mask, height)
        ):
            return p
    return -1


@njit(cache=True)
def _next_generation(table, tcfg) -> None:  # type: ignore[no-untyped-def]
    """Make every entry stale in O(1); clear the table when generations wrap."""
    gen_bits = 64 - _META - (tcfg[1] - tcfg[0] + 1)
    tcfg[2] += 1
    if tcfg[2] >= (1 << gen_bits):
        table[:] = 0
        tcfg[2] = 1


@njit(cache=True, nogil=True)  # other threads run while it solves
def _solve_batch(currents, masks, width, height, weak, fresh, table, tcfg, deadline, seconds, cpu):  # type: ignore[no-untyped-def]
    """Solve many positions in one compiled call; returns (scores, nodes). Positions left
    when ``deadline`` passes score ``STOPPED``. If ``seconds`` has one slot per position,
    each gets the time its solve took, the thread's CPU time if ``cpu`` (benchmarks: no
    call from Python per position)."""
    n = currents.shape[0]
    scores = np.full(n, STOPPED, dtype=np.int64)
    nodes = np.zeros(n, dtype=np.int64)
    order = _center_order(width)
    stack = _new_stack(width, height)
    for p in range(n):
        if fresh:
            _next_generation(table, tcfg)
        start = thread_seconds() if cpu else now()
        s, k = _solve_one(
            currents[p], masks[p], width, height, weak, table, tcfg, order, stack, deadline
        )
        if seconds.shape[0] == n:
            seconds[p] = (thread_seconds() if cpu else now()) - start
        scores[p] = s
        nodes[p] = k
        if s == STOPPED:
            break
    return scores, nodes


@njit(cache=True, nogil=True)  # other threads run while it searches
def _keeping_column(cur, mask, value, width, height, table, tcfg, deadline):  # type: ignore[no-untyped-def]
    """``(column, nodes)``: the first column, centre first, whose move keeps ``value``
    (the mover's known value of the position: 1, 0 or -1); -1 when none does, STOPPED
    when ``deadline`` passed first. One null-window search per column tried, much less
    than scoring every move: it proves only that the move keeps the value."""
    order = _center_order(width)
    stack = _new_stack(width, height)
    bottom = _bottom_row(width, height)
    board = bottom * ((1 << height) - 1)
    possible = (mask + bottom) & board
    win = _winning_cells(cur, mask, height, board) & possible
    if win:  # a win at once keeps any value
        for i in range(width):
            if win & (board & (((1 << height) - 1) << (order[i] * (height + 1)))):
                return order[i], 0
    nodes = 0
    fallback = -1
    for i in range(width):
        col = order[i]
        move = possible & (((1 << height) - 1) << (col * (height + 1)))
        if move == 0:
            continue
        child_cur = cur ^ mask
        child_mask = mask | move
        if fallback < 0:
            fallback = col
        replies = (child_mask + bottom) & board
        if _winning_cells(child_cur, child_mask, height, board) & replies:
            continue  # the opponent wins at once: this move loses
        if value < 0:
            return col, nodes  # any move keeps a loss: the first that does not lose at once
        if child_mask == board:
            if value == 0:
                return col, nodes  # the last stone, a draw
            continue
        # the move keeps a win when the child's score is at most -1, a draw at most 0
        alpha = -1 if value > 0 else 0
        r, k = _null_window(
            child_cur, child_mask, alpha, width, height, table, tcfg, order, stack, deadline
        )
        nodes += k
        if r == STOPPED:
            return STOPPED, nodes
        if r <= alpha:
            return col, nodes
    return (fallback if value < 0 else -1), nodes


@njit(cache=True, nogil=True)  # run by several threads at once
def _solve_shared(
    currents, masks, width, height, weak, fresh, table, tcfg, deadline, taken, scores, nodes
):  # type: ignore[no-untyped-def]
    """One thread's share of a batch solved by several: each takes the next unsolved
    position from the shared counter ``taken[0]`` (an atomic add) and writes its score and
    nodes in place, so the threads stay busy until the batch is done however unevenly
    the positions cost (from microseconds to minutes), with one call from Python each.
    Positions not taken when ``deadline`` passes keep the score ``STOPPED``."""
    order = _center_order(width)
    stack = _new_stack(width, height)
    n = currents.shape[0]
    while True:
        p = _fetch_add(taken, 0)
        if p >= n:
            break
        if fresh:
            _next_generation(table, tcfg)
        s, k = _solve_one(
            currents[p], masks[p], width, height, weak, table, tcfg, order, stack, deadline
        )
        scores[p] = s
        nodes[p] = k
        if s == STOPPED:
            taken[0] = n  # the others stop after their current position
            break


# --------------------------------------------------------------------------
# Python API


def _check_board(width: int, height: int) -> None:
    if width < 1 or height < 1 or width > _MAX_WIDTH or (height + 1) * width > 64:
        raise ValueError(
            f"board {width}x{height} is not supported: need width <= {_MAX_WIDTH} "
            "and (height + 1) * width <= 64"
        )


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
            _next_generation(self._table, self._cfg)

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


_default_table: TranspositionTable | None = None


def set_default_table(tt: TranspositionTable) -> None:
    """Use ``tt`` (reset per position) whenever a call gets ``tt=None``."""
    global _default_table
    _default_table = tt


_default_workers = 1


def set_default_workers(workers: int) -> None:
    """Solve a position's columns in ``workers`` threads whenever a call does not say
    (``zerosum solve`` sets the machine's cores; agents keep one, as matches run many)."""
    global _default_workers
    _default_workers = max(1, workers)


def kept_table() -> TranspositionTable:
    """The process's default table, to pass as ``tt`` where what one search learns should
    serve the next: its entries are exact bounds of positions, valid for any later search
    (a game's next move finds much of its subtree there). Calls without a table reset it."""
    return _table_for(None)[0]


def _table_for(tt: TranspositionTable | None) -> tuple[TranspositionTable, bool]:
    """The table to use and whether each position gets a fresh one."""
    if tt is not None:
        return tt, False
    if _default_table is None:
        set_default_table(TranspositionTable())
    assert _default_table is not None
    return _default_table, True


def _check_position(current: SupportsIndex, mask: SupportsIndex, width: int, height: int) -> None:
    """Raise ValueError unless (current, mask) is a reachable, unfinished position."""
    current, mask = index(current), index(mask)  # numpy integers too
    _check_board(width, height)
    h1 = height + 1
    bottom = sum(1 << (c * h1) for c in range(width))
    board = bottom * ((1 << height) - 1)
    if mask & ~board or current & ~mask:
        raise ValueError(f"not a {width}x{height} position: current={current:#x}, mask={mask:#x}")
    if (mask + bottom) & mask:  # a hole under a stone breaks the carry
        raise ValueError(f"floating stones in mask={mask:#x}")
    n = mask.bit_count()
    if current.bit_count() != n // 2:
        raise ValueError(f"current={current:#x} has the wrong number of stones for {n} moves")
    if _has_four(current ^ mask, height) or _has_four(current, height):
        raise ValueError("the position is already won")


def parse_moves(moves: str, width: int = 7, height: int = 6) -> tuple[int, int]:
    """The position ``(current, mask)`` after ``moves``, 1-based column digits.

    Raises ``ValueError`` naming the offending move: a character that is not a
    digit, a column out of range or full, or any move after a four-in-a-row.

    >>> parse_moves("44")  # the mover owns the bottom stone of column 4 (bit 21)
    (2097152, 6291456)
    """
    _check_board(width, height)
    if width > 9:
        raise ValueError(f"column digits cannot name the columns of a {width}-wide board")
    h1 = height + 1
    current = mask = 0
    for i, ch in enumerate(moves):
        where = f"at move {i + 1} of {moves!r}"
        if _has_four(current ^ mask, height):
            raise ValueError(f"the game is already won before move {i + 1} of {moves!r}")
        if not ch.isdigit() or not ch.isascii():
            raise ValueError(f"{ch!r} is not a column digit {where}")
        col = int(ch) - 1
        if not 0 <= col < width:
            raise ValueError(f"column {col + 1} is out of range 1..{width} {where}")
        top = 1 << (col * h1 + height - 1)
        if mask & top:
            raise ValueError(f"column {col + 1} is full {where}")
        current ^= mask
        mask |= mask + (1 << (col * h1))
    return current, mask


def _checked_arrays(
    positions: Iterable[tuple[SupportsIndex, SupportsIndex]], width: int, height: int
) -> tuple[np.ndarray, np.ndarray]:
    """The positions' ``current`` and ``mask`` as int64 arrays (the kernels' bit patterns),
    each position checked: compiled first, as the checks cost more than solving an easy
    position in Python; a position they reject gets :func:`_check_position`'s precise
    error."""
    pos = list(positions)
    _check_board(width, height)
    try:
        cur = np.array([p[0] for p in pos], dtype=np.uint64).view(np.int64)
        msk = np.array([p[1] for p in pos], dtype=np.uint64).view(np.int64)
    except OverflowError:  # a negative or huge int: the full check names it
        for current, mask in pos:
            _check_position(current, mask, width, height)
        raise
    bad = _first_invalid(cur, msk, width, height)
    if bad >= 0:  # the full check raises the precise error
        current, mask = pos[bad]
        _check_position(current, mask, width, height)
    return cur, msk


def solve_batch(
    positions: Iterable[tuple[SupportsIndex, SupportsIndex]],
    width: int = 7,
    height: int = 6,
    *,
    weak: bool = False,
    tt: TranspositionTable | None = None,
    deadline: float | None = None,
    workers: int = 1,
) -> tuple[np.ndarray, np.ndarray]:
    """Scores and node counts (int64 arrays) of many ``(current, mask)`` positions.

    Compiled calls without the interpreter lock, so ``workers`` threads solve parts of
    the batch at once (each position still by one thread). With ``tt=None`` every
    position starts from a fresh table (the benchmark convention), each thread its own;
    with a table, the positions and threads share it and what it already holds (an entry
    is one aligned 64-bit word that names its position, so threads may race on it: one
    of two writes is lost, and no entry is ever wrong). ``weak`` gives only the sign of
    the score (-1, 0, 1), which is much faster. Positions not solved when ``deadline``
    (``perf_counter`` seconds) passes score :data:`STOPPED`.
    """
    cur, msk = _checked_arrays(positions, width, height)
    stop = 0.0 if deadline is None else max(deadline, 1e-9)
    if workers <= 1 or len(cur) <= 1:
        table, fresh = _table_for(tt)
        entries, cfg = table.arrays(width, height)
        return _solve_batch(  # type: ignore[no-any-return]
            cur, msk, width, height, weak, fresh, entries, cfg, stop, _NO_TIMES, False
        )
    crew = _crew(workers, width, height, tt)
    scores = np.full(len(cur), STOPPED, dtype=np.int64)
    nodes = np.zeros(len(cur), dtype=np.int64)
    taken = np.zeros(1, dtype=np.int64)

    def share() -> None:
        table = crew.tables.get()  # each thread has a table of its own while it runs
        try:
            entries, cfg = table.arrays(width, height)
            _solve_shared(
                cur, msk, width, height, weak, tt is None, entries, cfg, stop, taken, scores, nodes
            )
        finally:
            crew.tables.put(table)

    helpers = [crew.pool.submit(share) for _ in range(workers - 1)]
    share()  # this thread takes a share too (the kernel releases the interpreter lock)
    for done in helpers:
        done.result()
    return scores, nodes


def solve_timed(
    positions: Iterable[tuple[SupportsIndex, SupportsIndex]],
    width: int = 7,
    height: int = 6,
    *,
    cpu: bool = False,
    tt: TranspositionTable | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Scores, nodes and seconds of each position, one thread, the table (``tt``, else the
    default one) fresh for each position, timed inside the compiled loop (for benchmarks):
    wall-clock seconds, or the thread's CPU seconds if ``cpu``. Positions are checked as in
    :func:`solve_batch`."""
    cur, msk = _checked_arrays(positions, width, height)
    entries, cfg = (tt if tt is not None else _table_for(None)[0]).arrays(width, height)
    seconds = np.zeros(len(cur))
    scores, nodes = _solve_batch(
        cur, msk, width, height, False, True, entries, cfg, 0.0, seconds, cpu
    )
    return scores, nodes, seconds


_NO_TIMES = np.zeros(0)


@dataclass
class _Crew:
    """Threads that solve at once, the tables they take turns with, and the tables of
    their own (kept for the next batch)."""

    pool: ThreadPoolExecutor
    tables: queue.Queue[TranspositionTable]
    own: list[TranspositionTable]


_crews: dict[int, _Crew] = {}


def _crew(workers: int, width: int, height: int, tt: TranspositionTable | None) -> _Crew:
    """The crew of ``workers`` threads, kept between batches. With ``tt`` they all use it;
    else each part takes one of ``workers`` tables of the default size, allocated and
    touched here, once (tens of milliseconds each), rather than inside a batch."""
    crew = _crews.get(workers)
    if crew is None:
        pool = ThreadPoolExecutor(workers, thread_name_prefix="zerosum-solve")
        crew = _crews[workers] = _Crew(pool, queue.Queue(), [])
    default, _ = _table_for(None)
    if any(t.requested_log_size != default.requested_log_size for t in crew.own):
        crew.own.clear()  # the default size changed (--tt-mb)
    while len(crew.own) < workers:
        table = TranspositionTable(1)
        table.requested_log_size = default.requested_log_size
        crew.own.append(table)
    crew.tables = queue.Queue()
    for table in [tt] * workers if tt is not None else crew.own:
        table.arrays(width, height)  # sized before the threads use it
        crew.tables.put(table)
    return crew


def prepare_tables(workers: int = 1, width: int = 7, height: int = 6) -> None:
    """Allocate the default table (and start ``workers`` solving threads with theirs)
    now, so that no batch's first positions wait for it."""
    _table_for(None)[0].arrays(width, height)
    if workers > 1:
        _crew(workers, width, height, None)


def solve(
    current: SupportsIndex,
    mask: SupportsIndex,
    width: int = 7,
    height: int = 6,
    *,
    weak: bool = False,
    tt: TranspositionTable | None = None,
    deadline: float | None = None,
) -> tuple[int, int]:
    """``(score, nodes)`` of one position for the player to move.

    ``weak`` gives only -1, 0 or 1; ``tt`` and ``deadline`` as in :func:`solve_batch`;
    raises :class:`~zerosum.budget.OutOfTime` when the deadline passes first.

    >>> solve(*parse_moves("2252576253462244111563365343671351441"))[0]
    -1
    """
    scores, nodes = solve_batch(
        [(current, mask)], width, height, weak=weak, tt=tt, deadline=deadline
    )
    _check_finished(scores)
    return int(scores[0]), int(nodes[0])


def _check_finished(scores: np.ndarray) -> None:
    if (scores == STOPPED).any():
        raise OutOfTime("the Connect Four solver ran out of time")


def solve_moves(
    moves: str,
    width: int = 7,
    height: int = 6,
    *,
    weak: bool = False,
    tt: TranspositionTable | None = None,
) -> tuple[int, int]:
    """:func:`solve` of the position reached by ``moves`` (1-based column digits)."""
    return solve(*parse_moves(moves, width, height), width, height, weak=weak, tt=tt)


def analyze(
    current: SupportsIndex,
    mask: SupportsIndex,
    width: int = 7,
    height: int = 6,
    *,
    weak: bool = False,
    tt: TranspositionTable | None = None,
    deadline: float | None = None,
    workers: int | None = None,
) -> list[int | None]:
    """The score of every column (index 0 = column 1) for the player to move.

    ``None`` marks a full column. A move that wins at once scores
    ``(width * height + 1 - n) // 2`` with ``n`` the stones before it; other
    moves score minus the value of the position they lead to. The children
    share one table (a fresh one unless ``tt`` is given). Raises
    :class:`~zerosum.budget.OutOfTime` when ``deadline`` passes first.
    """
    return analyze_counted(
        current, mask, width, height, weak=weak, tt=tt, deadline=deadline, workers=workers
    )[0]


def analyze_counted(
    current: SupportsIndex,
    mask: SupportsIndex,
    width: int = 7,
    height: int = 6,
    *,
    weak: bool = False,
    tt: TranspositionTable | None = None,
    deadline: float | None = None,
    workers: int | None = None,
) -> tuple[list[int | None], int]:
    """:func:`analyze` and the number of positions it searched; ``workers`` threads
    (default: :func:`set_default_workers`) solve the columns at once, sharing the table."""
    _check_position(current, mask, width, height)
    current, mask = index(current), index(mask)
    h1 = height + 1
    bottom = sum(1 << (c * h1) for c in range(width))
    n = mask.bit_count()
    result: list[int | None] = [None] * width
    children: list[tuple[int, int]] = []
    cols: list[int] = []
    for col in range(width):
        colbits = ((1 << height) - 1) << (col * h1)
        if mask & (1 << (col * h1 + height - 1)):
            continue
        move = (mask + bottom) & colbits
        if _has_four(current | move, height):
            result[col] = 1 if weak else (width * height + 1 - n) // 2
        else:
            children.append((current ^ mask, mask | move))
            cols.append(col)
    if children:
        if tt is None:
            tt, _ = _table_for(None)
            tt.reset()
        threads = _default_workers if workers is None else workers
        scores, nodes = solve_batch(
            children, width, height, weak=weak, tt=tt, deadline=deadline, workers=threads
        )
        _check_finished(scores)
        for col, s in zip(cols, scores, strict=True):
            result[col] = -int(s)
        return result, int(nodes.sum())
    return result, 0


def keeping_move(
    current: SupportsIndex,
    mask: SupportsIndex,
    value: int,
    width: int = 7,
    height: int = 6,
    *,
    tt: TranspositionTable | None = None,
    deadline: float | None = None,
) -> tuple[int, int]:
    """``(column, nodes)``: a move (0-based column, centre first) that keeps ``value``,
    the position's known value for the player to move (1 win, 0 draw, -1 loss), proved
    with one null-window search per column tried: a safe move for a fraction of the cost
    of every move's score (:func:`analyze`). Raises ``ValueError`` when no move keeps it
    (the value was wrong) and :class:`~zerosum.budget.OutOfTime` when ``deadline``
    (``perf_counter`` seconds) passes first."""
    _check_position(current, mask, width, height)
    if value not in (-1, 0, 1):
        raise ValueError(f"a value is 1, 0 or -1, not {value!r}")
    table, fresh = _table_for(tt)
    if fresh:
        table.reset()
    entries, cfg = table.arrays(width, height)
    stop = 0.0 if deadline is None else max(deadline, 1e-9)
    col, nodes = _keeping_column(
        np.int64(np.uint64(index(current))),
        np.int64(np.uint64(index(mask))),
        value,
        width,
        height,
        entries,
        cfg,
        stop,
    )
    if col == STOPPED:
        raise OutOfTime("the Connect Four solver ran out of time")
    if col < 0:
        raise ValueError(f"no move keeps the value {value} of this position")
    return int(col), int(nodes)


def is_compiled() -> bool:
    """Whether every compiled entry point of the solver is loaded in this process."""
    return all(kernel.signatures for kernel in (_solve_batch, _solve_shared, _keeping_column))


def ensure_compiled() -> float:
    """Compile (or load from numba's cache) the solver now; seconds taken. Compiling
    takes a while, and a listener of :mod:`zerosum.notices` hears of it."""
    if is_compiled():
        return 0.0
    start = time.perf_counter()
    with while_compiling("compiling the Connect Four solver, once"):
        _compile_entry_points()
    return time.perf_counter() - start


def _compile_entry_points() -> None:
    """Call each compiled entry point once on the 4x4 board, with the argument types the
    7x6 board's calls use: one position, several threads, and a move that keeps a value
    (what a perfect player short of time asks for). Loading one from numba's cache takes
    a tenth of a second or more, which no move's clock should pay."""
    table = TranspositionTable(1)
    start = parse_moves("", 4, 4)
    score, _ = solve(*start, 4, 4, weak=True, tt=table)
    # the threads' kernel, called here: no crew of threads started (a process with
    # threads must start its agent hosts from the fork server, slower)
    cur, msk = _checked_arrays([start], 4, 4)
    entries, cfg = table.arrays(4, 4)
    out = np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64)
    _solve_shared(cur, msk, 4, 4, True, False, entries, cfg, 0.0, *out)
    keeping_move(*start, score, 4, 4, tt=table)
