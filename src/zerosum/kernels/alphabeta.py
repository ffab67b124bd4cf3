"""AlphaBeta compiled for the built-in tic-tac-toe, Pick, Migration (n <= 8) and Connect Four
(boards of at most 64 bits in its layout: width * (height + 1) <= 64, 7x6 included).

The same negamax as ``agents/search.py`` — fail-soft bounds, the same depth cutoff, the
same depth-adjusted values (``decay`` per ply, the same arithmetic), the same table of
lower/upper bounds per (position, depth) — over 64-bit masks, with the game's rules and
``evaluate`` ported into the kernel, so that for equal depth and evaluation it returns
exactly the Python engine's value. Only the order of the moves (table move, killers,
history) and so the node counts differ.

Three game families share it. "Claim" games (tic-tac-toe, Pick): a move claims a free
item (a cell, a number); holding a whole winning set wins; a full board is a draw; the
heuristic counts the sets still open to each player, weighted 4**(items held). Migration:
a move steps one stone (its bit index is the move) right for player 1, up for player 2;
the player who cannot move loses; the heuristic is reserves and mobility. Connect Four
("drop"): a move fills the lowest free cell of a column; k in a row wins; a full board is
a draw; the heuristic is open lines and threats (``heuristics.connect_four_lines``).

Moves are small integers (``code``): the item for claim games, the moving stone's cell for
Migration, and for Connect Four the column's rank in the game's center-first order (so the
kernel, which generates moves in increasing code, tries columns in the game's order).
A claim game's winning sets through each item follow its masks, the item's at
``masks[offsets[item]:offsets[item + 1]]``; Connect Four keeps ``(width, k)`` in
``offsets``. The table is a fixed array of slots indexed by a hash of both masks, always
replaced; unlike the Python engine's, it keeps no entries of the states searched one ply
deep (cheaper to search again than to store), so a principal variation read from it ends
one ply short of a depth-limited search's cutoff. Under a deadline the kernel reads the
clock every 1024 nodes and unwinds.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np
from numba import njit, types

from ..games.connect_four import ConnectFour
from ..games.heuristics import _board, _migration_masks
from ..games.migration import Migration
from ..games.pick import Pick
from ..games.tictactoe import LINES, TicTacToe
from .bits import HOT, lowest, popcount
from .clock import passed
from .playouts import c4_has_line

__all__ = ["SearchKernel", "RootResult", "Workspace", "compiled"]

_ONE = np.uint64(1)
_CLAIM, _MIGRATION, _DROP = 0, 1, 2
_NODES, _CUT, _TIMEOUT, _TICKS = 0, 1, 2, 3  # slots of the ``stats`` array
#: Move orders: the game's own; that with the table's move first; table move, killers,
#: history (the Python engine's with ``ordering`` on, for a game without ``ordered_actions``).
_GAME_ORDER, _TABLE_MOVE_FIRST, _FULL_ORDER = 0, 1, 2
_MAX_PLY = 256  # more plies than any game here lasts (Migration 8x8: under 2 * 84)
#: The rows of the one ``work`` array (each recursive call copies its arguments, so fewer
#: and smaller ones are faster): ply p's move list in row p, its two killers in columns
#: _KILLERS and _KILLERS + 1 after it, the moves' scores in row _SCORES + p, each
#: player's history in row _HISTORY + player, the counters in row _STATS.
_KILLERS, _SCORES, _HISTORY = 64, _MAX_PLY, 2 * _MAX_PLY
_STATS = _HISTORY + 3
_INLINE: dict[str, Any] = {**HOT, "inline": "always"}
_NO_DEPTH = 1 << 30  # "to the end": more plies than any game has
_OPEN = 2.0  # "not terminal", from :func:`_over` (utilities are -1, 0, 1)
_K1 = np.uint64(0x9E3779B97F4A7C15)
_K2 = np.uint64(0xC2B2AE3D27D4EB4F)
_S8, _S29, _S32 = np.uint64(8), np.uint64(29), np.uint64(32)
_BYTE = np.uint64(255)
#: A table slot: the two masks, the depth searched, and the best move | cut << 8 (see
#: :func:`_store`) in ``keys``; the lower and upper bounds in ``bounds``.
_DEPTH, _MOVE = 2, 3


@njit(**HOT)
def _shift_up(x, by):  # type: ignore[no-untyped-def]
    """``x << by`` with the bits past 64 dropped, as the AND with a board drops them in
    Python (LLVM leaves shifts by 64 or more undefined)."""
    return x << np.uint64(by) if by < 64 else np.uint64(0)


@njit(**HOT)
def _shift_down(x, by):  # type: ignore[no-untyped-def]
    return x >> np.uint64(by) if by < 64 else np.uint64(0)


@njit(**HOT)
def _movable(kind, n, masks, a, b, player):  # type: ignore[no-untyped-def]
    """The mask of legal move codes for ``player`` (the state must not be won already)."""
    if kind == _CLAIM:
        return masks[0] & ~(a | b)
    if kind == _DROP:  # masks[2 + rank]: the column of that rank in the game's order
        filled = a | b
        ranks = np.uint64(0)
        for rank in range(masks.size - 2):
            if filled & masks[2 + rank] != masks[2 + rank]:
                ranks |= _ONE << np.uint64(rank)
        return ranks
    empty = masks[0] & ~(a | b)
    if player == 1:
        return a & masks[1] & (empty >> _ONE)
    return b & (empty << np.uint64(n))


@njit(**HOT)
def _play(kind, n, masks, a, b, player, code):  # type: ignore[no-untyped-def]
    if kind == _DROP:
        column = masks[2 + code]
        bit = ((a | b) + (masks[1] & column)) & column
        return (a | bit, b) if player == 1 else (a, b | bit)
    bit = _ONE << np.uint64(code)
    if kind == _CLAIM:
        return (a | bit, b) if player == 1 else (a, b | bit)
    if player == 1:
        return a ^ (bit | (bit << _ONE)), b
    return a, b ^ (bit | (bit >> np.uint64(n)))


@njit(**_INLINE)
def _over(kind, n, masks, offsets, a, b, mover, code):  # type: ignore[no-untyped-def]
    """The utility for ``mover`` of the state its move ``code`` led to, or ``_OPEN``."""
    if kind == _CLAIM:
        held = a if mover == 1 else b
        for j in range(offsets[code], offsets[code + 1]):
            if held & masks[j] == masks[j]:
                return 1.0
        return 0.0 if (a | b) == masks[0] else _OPEN
    if kind == _DROP:
        if c4_has_line(a if mover == 1 else b, n, offsets[1]):
            return 1.0
        return 0.0 if (a | b) == masks[0] else _OPEN
    return 1.0 if _movable(kind, n, masks, a, b, 3 - mover) == 0 else _OPEN


@njit(**HOT)
def _lines(board, n, k, own, other):  # type: ignore[no-untyped-def]
    """``heuristics.connect_four_lines`` (columns of n bits, the top one spare)."""
    free = board & ~other
    empty = free & ~own
    score = 0
    threats = np.uint64(0)
    for shift in (1, n, n - 1, n + 1):
        windows = free
        for i in range(1, k):
            windows &= _shift_down(free, i * shift)
        for i in range(k):
            score += popcount(windows & _shift_down(own, i * shift))
        # cells with j own stones just before them and k-1-j just after them
        for j in range(k):
            run = board
            for i in range(1, j + 1):
                run &= _shift_up(own, i * shift)
            for i in range(1, k - j):
                run &= _shift_down(own, i * shift)
            threats |= run
    return score + 4 * popcount(threats & empty)


@njit(**HOT)
def _open_sets(masks, count, own, other):  # type: ignore[no-untyped-def]
    """``heuristics.pick_open_sets`` over ``masks[1:count + 1]``."""
    score = 0
    for j in range(1, count + 1):
        m = masks[j]
        if not m & other:
            score += 1 << (2 * popcount(m & own))
    return score


@njit(**_INLINE)
def reserves(n, masks, a, b):  # type: ignore[no-untyped-def]
    """``heuristics.migration_reserves`` on a Migration kernel's masks. The distances to
    the far edge are summed by bit planes: masks[2 + 2n + j] holds the cells whose
    distance for player 1 has bit j set, masks[5 + 2n + j] player 2's."""
    r1 = r2 = 0
    for j in range(3):
        r1 += popcount(a & masks[2 + 2 * n + j]) << j
        r2 += popcount(b & masks[5 + 2 * n + j]) << j
    for i in range(n):  # less k(k-1)/2 for k stones in one line
        in_row, in_col = popcount(a & masks[2 + i]), popcount(b & masks[2 + n + i])
        r1 -= (in_row * (in_row - 1)) >> 1
        r2 -= (in_col * (in_col - 1)) >> 1
    return r1, r2


@njit(**_INLINE)
def _evaluate(kind, n, masks, offsets, scale, a, b, to_move, player):  # type: ignore[no-untyped-def]
    """The game's ``evaluate`` for ``player``; ``to_move`` is whose turn it is."""
    if kind == _CLAIM:
        raw = _open_sets(masks, n, a, b) - _open_sets(masks, n, b, a)
    elif kind == _DROP:
        k = offsets[1]
        raw = _lines(masks[0], n, k, a, b) - _lines(masks[0], n, k, b, a)
    else:  # Migration.evaluate: reserves and mobility
        r1, r2 = reserves(n, masks, a, b)
        mobile1 = popcount(_movable(kind, n, masks, a, b, 1))
        mobile2 = popcount(_movable(kind, n, masks, a, b, 2))
        raw = r1 - r2 + 2 * (mobile1 - mobile2) + (-1 if to_move == 1 else 1)
    value = raw / (abs(raw) + scale)
    return value if player == 1 else -value


@njit(**HOT)
def _slot(a, b, size):  # type: ignore[no-untyped-def]
    # a product's low bits depend only on the factors' low bits: fold the high ones down
    h = (a * _K1) ^ b
    h = (h ^ (h >> _S32)) * _K2
    return np.int64((h ^ (h >> _S29)) & np.uint64(size - 1))


@njit(cache=True)
def table_move(keys, a, b):  # type: ignore[no-untyped-def]
    """The move stored for the position ``(a, b)``, or -1."""
    if keys.shape[0] == 0:
        return -1
    i = _slot(a, b, keys.shape[0])
    return np.int64(keys[i, _MOVE] & _BYTE) if keys[i, 0] == a and keys[i, 1] == b else -1


@njit(cache=True)
def _line(a, b, me, plies, kind, n, masks, offsets, keys, out):  # type: ignore[no-untyped-def]
    """Writes to ``out`` the table's legal best moves from ``(a, b)``, ``me`` to move, at
    most ``plies`` of them and none past the end; returns how many. (Flat arguments: a
    tuple of arrays costs more to pass in from Python than this takes.)"""
    count = 0
    while count < plies:
        code = table_move(keys, a, b)
        if code < 0 or not (_movable(kind, n, masks, a, b, me) >> np.uint64(code)) & _ONE:
            break
        out[count] = code
        count += 1
        a, b = _play(kind, n, masks, a, b, me, code)
        if _over(kind, n, masks, offsets, a, b, me, code) != _OPEN:
            break
        me = 3 - me
    return count


@njit(**HOT)
def _store(keys, bounds, a, b, depth, low, high, move, cut):  # type: ignore[no-untyped-def]
    """Store bounds of ``(a, b)`` searched ``depth`` plies, its best move, and whether a
    state was scored at the cutoff below it (``cut``)."""
    if keys.shape[0]:
        i = _slot(a, b, keys.shape[0])
        keys[i, 0], keys[i, 1] = a, b
        bounds[i, 0], bounds[i, 1] = low, high
        keys[i, _DEPTH], keys[i, _MOVE] = depth, move | cut << 8


@njit(**HOT)
def _less(depth):  # type: ignore[no-untyped-def]
    """The depth left one ply down: "to the end" stays so, as ``inf - 1`` does in Python,
    so that the table's entries of one search serve the next."""
    return depth if depth == _NO_DEPTH else depth - 1


@njit(**_INLINE)
def _next(work, ply, i, count):  # type: ignore[no-untyped-def]
    """Move the best-scored of ply ``ply``'s moves ``i:count`` to position ``i`` (the first
    of equals; the others keep their order) and return it."""
    row = _SCORES + ply
    best = i
    for j in range(i + 1, count):
        if work[row, j] > work[row, best]:
            best = j
    code, score = work[ply, best], work[row, best]
    for j in range(best, i, -1):
        work[ply, j], work[row, j] = work[ply, j - 1], work[row, j - 1]
    work[ply, i], work[row, i] = code, score
    return code


# The recursion has an explicit signature: numba's cache reloads an inferred recursive
# function broken (a segfault on the second run, numba 0.68).
_GAME = types.Tuple((types.int64, types.int64, types.uint64[::1], types.int64[::1],
                     types.float64))  # fmt: skip
_TABLE = types.Tuple((types.uint64[:, ::1], types.float64[:, ::1]))
_WORK = types.int64[:, ::1]
_OPTIONS = types.Tuple((types.float64, types.int64, types.float64, types.boolean))
_INT, _FLOAT, _MASK = types.int64, types.float64, types.uint64


@njit(
    _FLOAT(_MASK, _MASK, _INT, _INT, _INT, _FLOAT, _FLOAT, _GAME, _TABLE, _WORK, _OPTIONS),
    **HOT,
)
def _negamax(a, b, me, depth, ply, alpha, beta, game, table, work, options):  # type: ignore[no-untyped-def]
    """Fail-soft value of the non-terminal ``(a, b)`` for ``me``, the player to move (the
    recursion of ``agents/search.py``); returns 0 once the deadline has passed."""
    kind, n, masks, offsets, scale = game
    keys, bounds = table
    stats = work[_STATS]
    decay, ordering, deadline, zero = options
    # stats[_CUT] says whether this subtree scored a state at the cutoff (an entry says it
    # of its own), so that a search that never did is known to have reached the end
    outer = stats[_CUT]
    stats[_CUT] = 0
    first = -1
    if keys.shape[0]:
        slot = _slot(a, b, keys.shape[0])
        if keys[slot, 0] == a and keys[slot, 1] == b:
            first = np.int64(keys[slot, _MOVE] & _BYTE)  # type: ignore[assignment]
            if np.int64(keys[slot, _DEPTH]) == depth:
                stats[_CUT] = keys[slot, _MOVE] >> _S8
                low, high = bounds[slot, 0], bounds[slot, 1]
                if low >= beta or low == high:
                    stats[_CUT] |= outer
                    return low
                if high <= alpha:
                    stats[_CUT] |= outer
                    return high
                alpha = max(alpha, low)
                beta = min(beta, high)
    stats[_TICKS] += 1
    if stats[_TICKS] & 1023 == 0 and passed(deadline):
        stats[_TIMEOUT] = 1
    if stats[_TIMEOUT]:
        return 0.0
    if depth == 1:
        stats[_CUT] = 1
    them = 3 - me
    movable = _movable(kind, n, masks, a, b, me)
    count = 0
    while movable:
        code = lowest(movable)
        movable &= movable - _ONE
        work[ply, count] = code
        if ordering == _FULL_ORDER:
            # the Python engine's order: table move, the older killer, the newer, history
            if code == first:
                work[_SCORES + ply, count] = 1 << 62
            elif code == work[ply, _KILLERS + 1]:
                work[_SCORES + ply, count] = 1 << 61
            elif code == work[ply, _KILLERS]:
                work[_SCORES + ply, count] = 1 << 60
            else:
                work[_SCORES + ply, count] = work[_HISTORY + me, code]
        count += 1
    if ordering == _TABLE_MOVE_FIRST and first >= 0:  # the game's order but for that move
        work[_SCORES + ply, :count] = 0
        for i in range(count):
            if work[ply, i] == first:
                work[_SCORES + ply, i] = 1
    start_alpha = alpha
    best = -np.inf
    best_move = -1
    if depth > 1:
        # A move that ends the game well enough cuts off at once.
        for i in range(count):
            code = work[ply, i]
            a2, b2 = _play(kind, n, masks, a, b, me, code)
            final = _over(kind, n, masks, offsets, a2, b2, me, code)
            if final != _OPEN and final * decay >= beta:
                stats[_NODES] += i + 1
                stats[_CUT] |= outer
                return final * decay
    sort = ordering == _FULL_ORDER or (ordering == _TABLE_MOVE_FIRST and first >= 0)
    visited = 0
    for i in range(count):
        # at the frontier only the table's move and the killers are worth sorting for
        if sort and (depth > 1 or i < 3):
            code = _next(work, ply, i, count)
        else:
            code = work[ply, i]
        visited += 1
        a2, b2 = _play(kind, n, masks, a, b, me, code)
        final = _over(kind, n, masks, offsets, a2, b2, me, code)
        if final != _OPEN:
            value = final * decay
        elif depth == 1:
            value = 0.0 if zero else _evaluate(kind, n, masks, offsets, scale, a2, b2, them, me)
            value *= decay
        else:
            value = -decay * _negamax(
                a2, b2, them, _less(depth), ply + 1, -beta / decay, -alpha / decay,
                game, table, work, options,
            )  # fmt: skip
            if stats[_TIMEOUT]:
                return 0.0
        if value > best:
            best = value
            best_move = code
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    if ordering == _FULL_ORDER:
                        if work[ply, _KILLERS] != code:
                            work[ply, _KILLERS + 1] = work[ply, _KILLERS]
                            work[ply, _KILLERS] = code
                        work[_HISTORY + me, code] += 1 << min(depth, 30)
                    break
    stats[_NODES] += visited if depth == 1 else count
    cut = stats[_CUT]
    stats[_CUT] = cut | outer
    if depth == 1:  # the frontier's entries cost more to write than they save
        return best
    if best <= start_alpha:
        _store(keys, bounds, a, b, depth, -np.inf, best, best_move, cut)
    elif best >= beta:
        _store(keys, bounds, a, b, depth, best, np.inf, best_move, cut)
    else:
        _store(keys, bounds, a, b, depth, best, best, best_move, cut)
    return best


@njit(cache=True)
def _root(a, b, me, depth, moves, tied, random_ties, game, table, work, options):  # type: ignore[no-untyped-def]
    """The value of ``(a, b)`` for ``me`` searching ``moves`` in this order; marks in
    ``tied`` the moves of that value (only the first without ``random_ties``). After a
    timeout, the value and marks are those of the moves finished."""
    kind, n, masks, offsets, scale = game
    keys, bounds = table
    stats = work[_STATS]
    decay, zero = options[0], options[3]
    them = 3 - me
    best, alpha, first = -np.inf, -np.inf, -1
    tied[:] = 0
    for i in range(moves.size):
        code = moves[i]
        a2, b2 = _play(kind, n, masks, a, b, me, code)
        stats[_NODES] += 1
        final = _over(kind, n, masks, offsets, a2, b2, me, code)
        if final != _OPEN:
            value = final * decay
        elif depth == 1:
            stats[_CUT] = 1
            value = 0.0 if zero else _evaluate(kind, n, masks, offsets, scale, a2, b2, them, me)
            value *= decay
        else:
            # With random ties, a move equal to the best must come back exact.
            low = np.nextafter(alpha, -np.inf) if random_ties else alpha
            value = -decay * _negamax(
                a2, b2, them, _less(depth), 1, -np.inf, -low / decay, game, table, work, options
            )
            if stats[_TIMEOUT]:
                return best
        if value > best:
            best, first = value, code
            tied[:i] = 0
            tied[i] = 1
            alpha = max(alpha, value)
        elif value == best and random_ties:
            tied[i] = 1
    _store(keys, bounds, a, b, depth, best, best, first, stats[_CUT])
    return best


@njit(cache=True, nogil=True)  # other threads (the web server's) run meanwhile
def _deepen(a, b, me, first, depth, count, random_ties, fresh, game, table, work, options, roots):  # type: ignore[no-untyped-def]
    """:func:`_root` at depths ``first`` to ``depth``, the best moves of each iteration
    tried first in the next; it stops early once an iteration scored no state at the
    cutoff (its value is then the value to the end). The root moves are the first
    ``count`` of ``roots[0]`` (reordered in place), or with ``count`` -1 all legal moves,
    written there in the game's order; ``roots[1]`` marks the best (see :func:`_root`).
    ``fresh`` clears the killers and history first. Returns the value, the number of
    root moves, and the length of the principal variation written to ``roots[2]`` (at
    most ``depth`` moves; none after a timeout), all in one call because each call from
    Python costs microseconds."""
    kind, n, masks, offsets, _ = game
    keys = table[0]
    stats = work[_STATS]
    stats[:] = 0
    if fresh:
        work[:_MAX_PLY, _KILLERS:] = -1
        work[_HISTORY:_STATS] = 0
    buffer, marks, line = roots
    if count < 0:
        count = 0
        movable = _movable(kind, n, masks, a, b, me)
        while movable:
            buffer[count] = lowest(movable)
            movable &= movable - _ONE
            count += 1
    moves, tied = buffer[:count], marks[:count]
    value = 0.0
    for plies in range(first, depth + 1):
        stats[_CUT] = 0
        value = _root(a, b, me, plies, moves, tied, random_ties, game, table, work, options)
        if stats[_TIMEOUT] or plies == depth or not stats[_CUT]:  # done, or the end seen
            break
        front = 0
        for i in range(count):
            if tied[i]:
                code = moves[i]
                moves[front + 1 : i + 1] = moves[front:i].copy()
                moves[front] = code
                front += 1
    if stats[_TIMEOUT]:
        return value, count, 0
    most = min(depth, line.size)
    return value, count, _line(a, b, me, most, kind, n, masks, offsets, keys, line)


class RootResult(NamedTuple):
    """One root search: the value for the mover, its best moves (search order), whether a
    state was scored at the depth cutoff, the nodes generated, and whether time ran out
    (then ``value`` and ``best`` are those of the root moves finished; ``best`` may be
    empty)."""

    value: float
    best: list[Any]
    cut: bool
    nodes: int
    timed_out: bool
    line: tuple[Any, ...] = ()  # the principal variation from the table, first move first


Table = tuple[np.ndarray, np.ndarray]


class Workspace(NamedTuple):
    """One agent's buffers, reused from move to move: the recursion's (move lists, their
    scores, killers, history, counters) and the root's (moves, marks of the best, the
    principal variation)."""

    search: np.ndarray  # the kernel's ``work`` (see _STATS)
    roots: tuple[np.ndarray, np.ndarray, np.ndarray]


class SearchKernel:
    """The compiled search of one built-in game (see :func:`compiled`); tables come from
    :meth:`table` and buffers from :meth:`workspace`, and both live with the caller (an
    agent keeps its own between moves)."""

    def __init__(self, game: Any, kind: int, n: int, masks: list[int], scale: float,
                 sets_with: list[list[int]] | None = None, order: list[int] | None = None,
                 ) -> None:  # fmt: skip
        self.game, self.kind, self.n = game, kind, n
        per_item = sets_with or []
        offsets = np.cumsum([len(masks)] + [len(s) for s in per_item]).astype(np.int64)
        if kind == _DROP:
            offsets = np.array([game.width, game.k], dtype=np.int64)
        masks = masks + [m for s in per_item for m in s]
        self.args = (kind, n, np.array(masks, dtype=np.uint64), offsets, float(scale))
        self.ordered = getattr(game, "ordered_actions", False)
        # each player's action of each move code, and the code of every action
        if kind == _CLAIM:
            self.actions: tuple[list[Any], list[Any]] = (list(range(64)), list(range(64)))
        elif kind == _DROP:  # Connect Four: the column of each move code
            self.actions = (list(order or []), list(order or []))
        else:
            cells = [divmod(code, n) for code in range(n * n)]
            right, up = [(r, c, r, c + 1) for r, c in cells], [(r, c, r - 1, c) for r, c in cells]
            self.actions = (right, up)
        self.codes = {action: code for both in self.actions for code, action in enumerate(both)}

    @staticmethod
    def table(size: int) -> Table:
        """An empty table of the largest power of two of slots not above ``size`` (0: none)."""
        slots = 1 << (size.bit_length() - 1) if size > 0 else 0
        return np.zeros((slots, 4), dtype=np.uint64), np.zeros((slots, 2))

    @staticmethod
    def workspace() -> Workspace:
        search = np.zeros((_STATS + 1, _KILLERS + 2), dtype=np.int64)
        roots = (np.empty(64, dtype=np.int64), np.zeros(64, dtype=np.int8),
                 np.empty(_MAX_PLY, dtype=np.int64))  # fmt: skip
        return Workspace(search, roots)

    def unpack(self, state: Any) -> tuple[int, int, int]:
        """``(a, b, player)``: the two masks and the player to move."""
        if self.kind == _MIGRATION:
            return state
        if self.kind == _DROP:
            return state[0], state[1], 1 if state[2] % 2 == 0 else 2
        a, b, _ = state
        return a, b, 1 if a.bit_count() == b.bit_count() else 2

    def root(self, state: Any, moves: list[Any] | None, depth: float, table: Table,
             work: Workspace, *, ordering: bool, decay: float, random_ties: bool,
             deadline: float | None, deepen: bool = False, zero: bool = False,
             fresh: bool = True) -> RootResult:  # fmt: skip
        """Search the non-terminal ``state`` to ``depth`` plies (``inf``: to the end), its
        ``moves`` in the order given (None: all, in the game's order), like the Python
        engine's root. ``fresh`` clears the killers and history, which otherwise carry
        over from the last call. With ``deepen`` (a finite depth) it searches depths 1,
        2, ... ``depth`` in one compiled call, each iteration's best moves first in the
        next; the result is the last iteration's. With ``zero``, states at the cutoff
        score 0 (``heuristics.zero``) instead of the game's ``evaluate``."""
        a, b, me = self.unpack(state)
        buffer, marks, line = work.roots
        count = -1
        if moves is not None:
            count = len(moves)
            buffer[:count] = [self.codes[m] for m in moves]
        # as in Python, a game whose own order is good keeps it but for the table's move
        if not ordering:
            order = _GAME_ORDER
        elif self.ordered:
            order = _TABLE_MOVE_FIRST
        else:
            order = _FULL_ORDER
        options = (decay, order, 0.0 if deadline is None else deadline, zero)
        plies = _NO_DEPTH if depth == math.inf else int(depth)
        first = 1 if deepen and depth != math.inf else plies
        value, count, length = _deepen(np.uint64(a), np.uint64(b), me, first, plies, count,
                                       random_ties, fresh, self.args, table, work.search,
                                       options, work.roots)  # fmt: skip
        actions = self.actions[me - 1]
        codes = buffer[:count].tolist()
        best = [actions[c] for c, m in zip(codes, marks[:count].tolist(), strict=True) if m]
        nodes, cut, timed_out, _ = work.search[_STATS, :4].tolist()
        return RootResult(float(value), best, bool(cut), nodes, bool(timed_out),
                          self._decode_line(line, length, me))  # fmt: skip

    def _decode_line(self, codes: np.ndarray, length: int, player: int) -> tuple[Any, ...]:
        """The first ``length`` move codes of a line, ``player`` to move, as actions."""
        line = []
        for code in codes[:length].tolist():
            line.append(self.actions[player - 1][code])
            player = 3 - player
        return tuple(line)

    def evaluate(self, state: Any, player: int) -> float:
        """The ported heuristic (equal to ``game.evaluate``) of a non-terminal ``state``."""
        a, b, to_move = self.unpack(state)
        kind, n, masks, offsets, scale = self.args
        value = _evaluate(kind, n, masks, offsets, scale, np.uint64(a), np.uint64(b), to_move,
                          player)  # fmt: skip
        return float(value)

    def pv(self, state: Any, plies: float, table: Table) -> tuple[Any, ...]:
        """The table's best moves from the non-terminal ``state``, at most ``plies`` long."""
        a, b, player = self.unpack(state)
        keys = table[0]
        most = int(min(plies, _MAX_PLY))
        line = np.empty(_MAX_PLY, dtype=np.int64)
        kind, n, masks, offsets, _ = self.args
        count = _line(np.uint64(a), np.uint64(b), player, most, kind, n, masks, offsets, keys,
                      line)  # fmt: skip
        return self._decode_line(line, count, player)


@lru_cache(maxsize=64)
def compiled(game: Any) -> SearchKernel | None:
    """The compiled search for a built-in tic-tac-toe, Pick, Migration (n <= 8) or Connect
    Four (``width * (height + 1) <= 64``), else None."""
    if isinstance(game, TicTacToe):
        per_cell = [[m for m in LINES if m >> c & 1] for c in range(9)]
        return SearchKernel(game, _CLAIM, len(LINES), [(1 << 9) - 1, *LINES], 16, per_cell)
    if isinstance(game, Pick):
        items = ((1 << (game.numbers + 1)) - 1) & ~1
        sets_with = [[m for m in game.sets if m >> x & 1] for x in range(game.numbers + 1)]
        masks = [items, *game.sets]
        return SearchKernel(game, _CLAIM, len(game.sets), masks, 4.0 * len(game.sets), sets_with)
    if isinstance(game, Migration) and game.n <= 8:
        rows, cols = _migration_masks(game.n)
        # bit planes of the distance to the far edge: n - 1 - column for 1, the row for 2
        last = game.n - 1
        to_right = [sum(c for i, c in enumerate(cols) if (last - i) >> j & 1) for j in range(3)]
        to_top = [sum(r for i, r in enumerate(rows) if i >> j & 1) for j in range(3)]
        masks = [game.full, game._steps_right, *rows, *cols, *to_right, *to_top]
        return SearchKernel(game, _MIGRATION, game.n, masks, 12)
    if isinstance(game, ConnectFour) and game.width * game.column_height <= 64:
        order = game.actions(game.initial_state)  # center-first
        bottom = sum(game._bottom)
        masks = [_board(game.width, game.height), bottom, *(game._column[c] for c in order)]
        return SearchKernel(game, _DROP, game.column_height, masks, 24, order=order)
    return None
