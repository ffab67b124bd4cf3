"""The Connect Four solver's compiled search: a null-window negamax with alpha-beta pruning
on bitboards, and the loops that solve a batch of positions in one compiled call.

A position is ``(current, mask)`` (:mod:`.positions`); its score is found by a bisection of
the score window towards 0, each step one null-window search (:func:`_null_window`) over an
explicit stack. Nodes share the transposition table of :mod:`.table`. The Python API that
checks positions and calls these is :mod:`.solver`.

It mirrors the generic exact solver's search (``agents/solve.py``, ``Solver._build``):
integer scores that count the distance to the end, fail-soft windows, a table of bounds;
by design it differs in its steps (null windows and a bisection of the score instead of
one window, the centre-first order and the threats of Connect Four), so the two agree on
scores, not on nodes (``tests/games/connect_four``).
"""

from __future__ import annotations

from typing import cast

import numpy as np
from numba import njit

from ...kernels.bits import ctpop, fetch_add, prefetch
from ...kernels.clock import now, passed, thread_seconds
from .positions import MAX_WIDTH, has_four
from .table import (
    NO_LOWER,
    NO_UPPER,
    lower_bound,
    next_generation,
    probe,
    slot,
    slot_layout,
    store,
    upper_bound,
)

__all__ = [
    "STOPPED",
    "first_invalid",
    "keeping_column",
    "new_stack",
    "solve_all",
    "solve_share",
]

# Enhanced transposition cutoffs pay for their extra table reads only far from
# the leaves: used while more than this many cells are empty.
_ETC_MIN_EMPTY = 12
#: The score of a position whose solve the deadline stopped (no real score comes near).
STOPPED = 1 << 40

# The table's no-bound markers as int64 values, not constants: store compiles once.
# (ints to the type checker, int64 to numba)
_NO_LOWER = cast(int, np.int64(NO_LOWER))
_NO_UPPER = cast(int, np.int64(NO_UPPER))

# Search phases of the explicit-stack negamax.
_ENTER = 0
_NEXT = 1
_RETURN = 2


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


# the Python check, compiled, for the kernels
_has_four_bits = njit(cache=True, inline="always")(has_four)


@njit(cache=True, inline="always")
def _bottom_row(width: int, height: int) -> int:
    bottom = 0
    for c in range(width):
        bottom |= 1 << (c * (height + 1))
    return bottom


@njit(cache=True, inline="always")
def _mirror(bits: int, width: int, height: int) -> int:
    """The bitboard reflected left-right (column c goes to width - 1 - c)."""
    h1 = height + 1
    col = (1 << h1) - 1
    out = 0
    for c in range(width):
        out |= ((bits >> (c * h1)) & col) << ((width - 1 - c) * h1)
    return out


def new_stack(width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    """The explicit search stack a compiled entry point searches with, allocated by its
    caller once per batch and thread (the entry points allocate nothing, which spares a
    first run compiling numba's allocators): a frame per depth (one row: the node's
    fields, its moves' sort keys, and per column its move, table slot and check tag; one
    array rather than several, as the compiled loop then keeps fewer array descriptors in
    registers); and the low bits of the sort key of a move on each cell (:func:`_cells`)."""
    frames = np.zeros((width * height + 2, _FRAME), dtype=np.int64)
    return frames, _cells(width, height)


def _cells(width: int, height: int) -> np.ndarray:
    """For each bit of the board, what a move there needs, looked up rather than computed:
    at ``bit``, the low bits of its sort key (its column's rank, higher nearer the centre
    (:func:`center_column`), and the column); at ``_MIRROR + bit``, the cell reflected
    left-right."""
    out = np.zeros(2 * _MIRROR, dtype=np.int64)
    for i in range(width):
        col = center_column(i, width)
        for row in range(height):
            bit = col * (height + 1) + row
            out[bit] = ((width - 1 - i) << _COL_BITS) | col
            out[_MIRROR + bit] = 1 << ((width - 1 - col) * (height + 1) + row)
    return out


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
# where a frame's rows of MAX_WIDTH start: sort keys (in order), then by column the move,
# its child's table slot and check tag
_F_KEYS = 16
_F_MOVES = _F_KEYS + MAX_WIDTH
_F_SLOTS = _F_MOVES + MAX_WIDTH
_F_TAGS = _F_SLOTS + MAX_WIDTH
_FRAME = _F_TAGS + MAX_WIDTH
_ONE = np.uint64(1)
_KEYS_U = np.uint64(_F_KEYS)  # unsigned indices: numba tests a signed one for < 0

# A move's sort key: its score (winning cells it creates), then its rank (later in the
# listing, nearer the centre), then its column in the low bits.
_COL_BITS = 4
_RANK_BITS = 4
_MIRROR = 64  # where _cells' reflected cells start


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


@njit(cache=True, inline="always")
def _stones_at(root_moves, d):  # type: ignore[no-untyped-def]
    """The stones on the board at the (unsigned) depth ``d`` of a search from a root of
    ``root_moves`` stones."""
    return root_moves + np.int64(d)


@njit(cache=True, inline="always")
def _list_moves(stack, d, possible, height, board, table, slots):  # type: ignore[no-untyped-def]
    """Write the moves of the node at depth ``d`` to its rows of the stack, their sort
    keys ascending (the best last), and return how many. A move's key is the number of
    winning cells it creates, ties going to the more central column. Each child's table
    slot is found and fetched now, so that its (likely) cache miss overlaps with the rest
    of this node's work."""
    frames, cells = stack
    cur = frames[d, _F_CUR]
    mask = frames[d, _F_MASK]
    curm = frames[d, _F_CURM]
    maskm = frames[d, _F_MASKM]
    n = 0
    while possible:  # one cell per column that can be played
        mv = possible & -possible
        possible ^= mv
        bit = ctpop(mv - 1)
        low = cells[bit]
        col = low & ((1 << _COL_BITS) - 1)
        idx, tag = slot(cur ^ mask, mask | mv, curm ^ maskm, maskm | cells[_MIRROR + bit], slots)
        prefetch(table, idx)
        frames[d, _F_MOVES + col] = mv
        frames[d, _F_SLOTS + col] = idx
        frames[d, _F_TAGS + col] = tag
        k = (ctpop(_winning_cells(cur | mv, mask, height, board)) << (_RANK_BITS + _COL_BITS)) | low
        j = np.uint64(n)
        while j > 0 and frames[d, _KEYS_U + j - _ONE] > k:
            frames[d, _KEYS_U + j] = frames[d, _KEYS_U + j - _ONE]
            j -= _ONE
        frames[d, _KEYS_U + j] = k
        n += 1
    return n


@njit(cache=True, inline="always")
def _refutation(stack, d, n, alpha, table):  # type: ignore[no-untyped-def]
    """Enhanced transposition cutoff: the value of a child of the node at depth ``d``
    already known to be bad enough for the opponent that it refutes the node, or
    ``_UNSETTLED``."""
    frames = stack[0]
    col_mask = (1 << _COL_BITS) - 1
    for j in range(n - 1, -1, -1):
        col = frames[d, _KEYS_U + np.uint64(j)] & col_mask
        ce = probe(table, frames[d, _F_SLOTS + col], frames[d, _F_TAGS + col])
        if ce != 0 and -upper_bound(ce) > alpha:
            return -upper_bound(ce)
    return _UNSETTLED


@njit(cache=True)
def _null_window(cur0, mask0, alpha0, width, height, table, tcfg, stack, deadline):  # type: ignore[no-untyped-def]
    """Null-window negamax of (cur0, mask0) in the window (alpha0, alpha0 + 1).

    It mirrors ``Solver.outcome`` of ``agents/solve.py`` (the search ``Solver._build``
    builds, in a window that holds only one score): the same scores, not the same nodes
    (see the module's docstring).

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
    frames, cells = stack
    col_mask = (1 << _COL_BITS) - 1
    wh = width * height
    bottom = _bottom_row(width, height)
    board = bottom * ((1 << height) - 1)
    slots, gen_mask = slot_layout(tcfg)
    root_moves = ctpop(mask0)
    etc_limit = wh - _ETC_MIN_EMPTY
    frames[0, _F_CUR] = cur0
    frames[0, _F_MASK] = mask0
    frames[0, _F_CURM] = _mirror(cur0, width, height)
    frames[0, _F_MASKM] = _mirror(mask0, width, height)
    frames[0, _F_ALPHA] = alpha0
    frames[0, _F_IDX], frames[0, _F_TAG] = slot(
        cur0, mask0, frames[0, _F_CURM], frames[0, _F_MASKM], slots
    )

    # the depth, unsigned: numba tests a signed index for a negative value at every use
    d = np.uint64(0)
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
            moves = _stones_at(root_moves, d)
            value, possible = _settle(cur, mask, alpha, moves, wh, height, bottom, board)
            if value != _UNSETTLED:
                phase = _RETURN
                continue
            idx = frames[d, _F_IDX]
            tag = frames[d, _F_TAG]
            e = probe(table, idx, tag)
            if e != 0:
                if lower_bound(e) > alpha:
                    value = lower_bound(e)
                    phase = _RETURN
                    continue
                if upper_bound(e) <= alpha:
                    value = upper_bound(e)
                    phase = _RETURN
                    continue
            n = _list_moves(stack, d, possible, height, board, table, slots)
            if moves < etc_limit:
                value = _refutation(stack, d, n, alpha, table)
                if value != _UNSETTLED:
                    store(table, idx, tag, value, _NO_UPPER, moves, gen_mask)
                    phase = _RETURN
                    continue
            frames[d, _F_NEXT] = n
            frames[d, _F_BEST] = NO_LOWER
            phase = _NEXT
        elif phase == _NEXT:  # the node at depth d tries its next move
            i = frames[d, _F_NEXT]
            if i == 0:  # every move failed low: the best of them bounds us
                value = frames[d, _F_BEST]
                store(
                    table, frames[d, _F_IDX], frames[d, _F_TAG], _NO_LOWER, value,
                    _stones_at(root_moves, d), gen_mask,
                )  # fmt: skip
                phase = _RETURN
                continue
            i -= 1
            frames[d, _F_NEXT] = i
            col = frames[d, _KEYS_U + np.uint64(i)] & col_mask
            mv = frames[d, _F_MOVES + col]
            cur = frames[d, _F_CUR]
            mask = frames[d, _F_MASK]
            curm = frames[d, _F_CURM]
            maskm = frames[d, _F_MASKM]
            child = d + _ONE
            frames[child, _F_CUR] = cur ^ mask
            frames[child, _F_MASK] = mask | mv
            frames[child, _F_CURM] = curm ^ maskm
            frames[child, _F_MASKM] = maskm | cells[_MIRROR + ctpop(mv - 1)]
            frames[child, _F_ALPHA] = -frames[d, _F_ALPHA] - 1
            frames[child, _F_IDX] = frames[d, _F_SLOTS + col]
            frames[child, _F_TAG] = frames[d, _F_TAGS + col]
            d = child
            phase = _ENTER
        else:  # _RETURN: the node at depth d has its value; back to its parent
            if d == 0:
                break
            d -= _ONE
            s = -value
            if s > frames[d, _F_ALPHA]:  # fail high: s is a lower bound
                store(
                    table, frames[d, _F_IDX], frames[d, _F_TAG], s, _NO_UPPER,
                    _stones_at(root_moves, d), gen_mask,
                )  # fmt: skip
                value = s
            else:
                frames[d, _F_BEST] = max(frames[d, _F_BEST], s)
                phase = _NEXT
    return value, nodes


def center_column(i: int, width: int) -> int:
    """The ``i``-th column in the order moves are tried: the centre, then outwards, right
    of it first."""
    return width // 2 + (1 - 2 * (i % 2)) * ((i + 1) // 2)


_center_column = njit(cache=True, inline="always")(center_column)


@njit(cache=True, inline="always")
def _half_toward_zero(x: int) -> int:
    return -((-x) >> 1) if x < 0 else x >> 1


@njit(cache=True, inline="always")
def _solve_one(cur, mask, width, height, weak, table, tcfg, stack, deadline):  # type: ignore[no-untyped-def]
    """Exact (or, if ``weak``, -1/0/1) score of one position, and nodes searched;
    ``STOPPED`` as the score when ``deadline`` passed first."""
    wh = width * height
    moves = ctpop(mask)
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
            r, n = _null_window(cur, mask, med, width, height, table, tcfg, stack, deadline)
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
        r, n = _null_window(cur, mask, med, width, height, table, tcfg, stack, deadline)
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
def first_invalid(currents, masks, width, height):  # type: ignore[no-untyped-def]
    """Index of the first position that :func:`~.positions.check_position` would reject,
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
            or ctpop(cur) != ctpop(mask) >> 1
            or _has_four_bits(cur, height)
            or _has_four_bits(cur ^ mask, height)
        ):
            return p
    return -1


@njit(cache=True, nogil=True)  # other threads run while it solves
def solve_all(
    currents,
    masks,
    width,
    height,
    weak,
    fresh,
    table,
    tcfg,
    deadline,
    seconds,
    cpu,
    stack,
    scores,
    nodes,
):  # type: ignore[no-untyped-def]
    """Solve many positions in one compiled call, searching with ``stack``
    (:func:`new_stack`); writes each one's score and nodes to ``scores`` and ``nodes``
    (filled with ``STOPPED`` and 0 by the caller: positions left when ``deadline`` passes
    keep them). If ``seconds`` has one slot per position, each gets the time its solve
    took, the thread's CPU time if ``cpu`` (benchmarks: no call from Python per
    position)."""
    n = currents.shape[0]
    for p in range(n):
        if fresh:
            next_generation(table, tcfg)
        start = thread_seconds() if cpu else now()
        s, k = _solve_one(currents[p], masks[p], width, height, weak, table, tcfg, stack, deadline)
        if seconds.shape[0] == n:
            seconds[p] = (thread_seconds() if cpu else now()) - start
        scores[p] = s
        nodes[p] = k
        if s == STOPPED:
            break


@njit(cache=True, nogil=True)  # other threads run while it searches
def keeping_column(cur, mask, value, width, height, table, tcfg, deadline, stack):  # type: ignore[no-untyped-def]
    """``(column, nodes)``: the first column, centre first, whose move keeps ``value``
    (the mover's known value of the position: 1, 0 or -1); -1 when none does, STOPPED
    when ``deadline`` passed first. One null-window search per column tried, much less
    than scoring every move: it proves only that the move keeps the value. ``stack``:
    :func:`new_stack`."""
    bottom = _bottom_row(width, height)
    board = bottom * ((1 << height) - 1)
    possible = (mask + bottom) & board
    win = _winning_cells(cur, mask, height, board) & possible
    if win:  # a win at once keeps any value
        for i in range(width):
            col = _center_column(i, width)
            if win & (board & (((1 << height) - 1) << (col * (height + 1)))):
                return col, 0
    nodes = 0
    fallback = -1
    for i in range(width):
        col = _center_column(i, width)
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
            child_cur, child_mask, alpha, width, height, table, tcfg, stack, deadline
        )
        nodes += k
        if r == STOPPED:
            return STOPPED, nodes
        if r <= alpha:
            return col, nodes
    return (fallback if value < 0 else -1), nodes


@njit(cache=True, nogil=True)  # run by several threads at once
def solve_share(
    currents, masks, width, height, weak, fresh, table, tcfg, deadline, taken, scores, nodes, stack
):  # type: ignore[no-untyped-def]
    """One thread's share of a batch solved by several: each takes the next unsolved
    position from the shared counter ``taken[0]`` (an atomic add) and writes its score and
    nodes in place, so the threads stay busy until the batch is done however unevenly
    the positions cost (from microseconds to minutes), with one call from Python each.
    Positions not taken when ``deadline`` passes keep the score ``STOPPED``. ``stack``:
    this thread's own (:func:`new_stack`)."""
    n = currents.shape[0]
    while True:
        p = fetch_add(taken, 0)
        if p >= n:
            break
        if fresh:
            next_generation(table, tcfg)
        s, k = _solve_one(currents[p], masks[p], width, height, weak, table, tcfg, stack, deadline)
        scores[p] = s
        nodes[p] = k
        if s == STOPPED:
            taken[0] = n  # the others stop after their current position
            break
