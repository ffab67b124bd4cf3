"""AlphaBeta compiled, for every game that offers compiled rules (``kernels/rules.py``):
the built-in tic-tac-toe, Pick, Migration (n <= 8), Connect Four (boards of at most 64
bits in its layout: width * (height + 1) <= 64, 7x6 included), Othello, and users' games.

It mirrors the Python negamax, ``agents/negamax.py`` ``build_negamax`` (the recursion of
the Python path of ``AlphaBeta`` and of its traced search) — fail-soft bounds, the same
depth cutoff, the same depth-adjusted values (``decay`` per ply, the same arithmetic),
the same table of lower/upper bounds per (position, depth) — over two 64-bit masks, with
the game's rules and ``evaluate`` compiled in, so that for equal depth and evaluation it
returns exactly the Python engine's value. The order of the moves (table move, killers,
history, the table keyed by symmetry, frontier nodes not stored) and so the node counts
differ by design; with ordering and the table off, the Python negamax taking this
search's steps (``ends_first``) visits the same nodes
(``tests/kernels/test_alphabeta_mirrors.py``). ``Minimax`` (``agents/classic.py``) runs
that negamax with the full window, so with ordering, table and decay off it finds this
search's value and move (the same test).

The kernel knows no game: it calls ``moves``, ``play``, ``outcome``, ``evaluate`` and
``key`` of :mod:`.rules` on the game's record, and numba compiles one copy of it per
record type. Moves are the game's move codes (integers up to 64), generated in the
order the game lists them. The table is a fixed array of slots indexed by a hash of the
position's key, always replaced; unlike the Python engine's, it keeps no entries of the
states searched one ply deep (cheaper to search again than to store), so a principal
variation read from it ends one ply short of a depth-limited search's cutoff. Under a
deadline the kernel reads the clock every 1024 nodes and unwinds.

A traced search (``zs.trace``, ``AlphaBeta(trace=cap)``) passes a record array as a fifth
option (``TracedOptions.record``), and the search writes each node it reaches there (see
_FIRST). Each recording step sits under ``if traced:``, ``traced = len(options) > 4``,
which numba folds to a constant for the options' named-tuple type and prunes before
typing, so the untraced search, compiled for :class:`SearchOptions` (four) as before, has
none of it (a record left in its code would not type: ``options.record``); the traced
copy compiles on the first trace.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numba import njit, typeof, types

from .. import budget, hooks
from ..game import Game, game_name
from ..notices import while_compiling
from .bits import HOT
from .clock import passed
from .recursion import declared_returns
from .rules import (
    MAX_MOVES,
    MAX_PLIES,
    OPEN,
    Rules,
    canonical,
    canonical_move,
    evaluate,
    key,
    moves,
    original_move,
    outcome,
    play,
)

if TYPE_CHECKING:
    from numba.core.typing.templates import Signature

__all__ = ["SearchKernel", "RootResult", "Workspace", "search_kernel", "compile_helpers",
           "table_move", "slot"]  # fmt: skip

_NODES, _CUT, _TIMEOUT, _TICKS = 0, 1, 2, 3  # slots of the ``stats`` array
#: Move orders: the game's own; that with the table's move first; table move, killers,
#: history (the Python engine's with ``ordering`` on, for a game without ``ordered_actions``).
_GAME_ORDER, _TABLE_MOVE_FIRST, _FULL_ORDER = 0, 1, 2
_MAX_PLY = MAX_PLIES
#: The rows of the one ``work`` array (each recursive call copies its arguments, so fewer
#: and smaller ones are faster): ply p's move list in row p, its two killers in columns
#: _KILLERS and _KILLERS + 1 after it, the moves' scores in row _SCORES + p, each
#: player's history in row _HISTORY + player (indexed by move code, pass included), the
#: counters in row _STATS.
_KILLERS, _SCORES, _HISTORY = MAX_MOVES, _MAX_PLY, 2 * _MAX_PLY
_STATS = _HISTORY + 3
#: The work array's layout, for other searches that share it (``games/migration/solver.py``).
SCORES, HISTORY, STATS = _SCORES, _HISTORY, _STATS
_INLINE: dict[str, Any] = {**HOT, "inline": "always"}
_NO_DEPTH = 1 << 30  # "to the end": more plies than any game has
_K1 = np.uint64(0x9E3779B97F4A7C15)
_K2 = np.uint64(0xC2B2AE3D27D4EB4F)
_S8, _S29, _S32 = np.uint64(8), np.uint64(29), np.uint64(32)
_BYTE = np.uint64(255)
#: The columns of a table slot in ``keys``: the position's two-word key, the depth
#: searched, and the best move | cut << 8 (see :func:`_store`); its bounds in ``bounds``.
_KEY1, _KEY2, _DEPTH, _MOVE = 0, 1, 2, 3
_LOW, _HIGH = 0, 1
#: Ordering scores: the table's move, then the older killer, then the newer, above any
#: history count (which stays below 2**60: at most 2**30 per cutoff).
_TABLE_SCORE, _KILLER1_SCORE, _KILLER2_SCORE = 1 << 62, 1 << 61, 1 << 60


@njit(**HOT)
def slot(k1, k2, size):  # type: ignore[no-untyped-def]
    """The table slot of the key ``(k1, k2)`` in a table of ``size`` (a power of two)."""
    # a product's low bits depend only on the factors' low bits: fold the high ones down
    h = (k1 * _K1) ^ k2
    h = (h ^ (h >> _S32)) * _K2
    return np.int64((h ^ (h >> _S29)) & np.uint64(size - 1))


@njit(cache=True)
def table_move(keys, k1, k2):  # type: ignore[no-untyped-def]
    """The move stored for the position of key ``(k1, k2)``, or -1."""
    if keys.shape[0] == 0:
        return -1
    i = slot(k1, k2, keys.shape[0])
    if keys[i, _KEY1] == k1 and keys[i, _KEY2] == k2:
        return np.int64(keys[i, _MOVE] & _BYTE)
    return -1


@njit(cache=True)
def _contains(codes, count, code):  # type: ignore[no-untyped-def]
    for i in range(count):
        if codes[i] == code:
            return True
    return False


@njit(cache=True)
def _line(rules, a, b, me, plies, keys, symmetric, out):  # type: ignore[no-untyped-def]
    """Writes to ``out`` the table's legal best moves from ``(a, b)``, ``me`` to move, at
    most ``plies`` of them and none past the end; returns how many. ``symmetric``: the
    table is keyed by canonical images (see :func:`_keyed`)."""
    count = 0
    legal = np.empty(MAX_MOVES, dtype=np.int64)
    while count < plies:
        k1, k2, t = _keyed(rules, a, b, me, symmetric)
        code = table_move(keys, k1, k2)
        if t and 0 <= code <= MAX_MOVES:
            code = original_move(rules, code, t)
        if code < 0 or not _contains(legal, moves(rules, a, b, me, legal), code):
            break
        out[count] = code
        count += 1
        a, b = play(rules, a, b, me, code)
        if outcome(rules, a, b, me, code) != OPEN:
            break
        me = 3 - me
    return count


@njit(**_INLINE)
def _keyed(rules, a, b, me, symmetric):  # type: ignore[no-untyped-def]
    """The table key of a position and the symmetry ``t`` its moves are stored under: with
    ``symmetric``, the key of its canonical image (the game's ``canonical``), so that all
    its images share one entry; else its own key (``t`` 0)."""
    if symmetric:
        ca, cb, t = canonical(rules, a, b, me)
        k1, k2 = key(rules, ca, cb, me)
        return k1, k2, t
    k1, k2 = key(rules, a, b, me)
    return k1, k2, 0


@njit(**_INLINE)
def _stored_move(rules, entry, t):  # type: ignore[no-untyped-def]
    """The move an entry's move field holds, for the position whose image under symmetry
    ``t`` the entry is keyed by; -1 when it holds none."""
    code = np.int64(entry & _BYTE)
    if code > MAX_MOVES:
        return -1
    return original_move(rules, code, t) if t else code  # type: ignore[arg-type]


@njit(**HOT)
def _store(keys, bounds, k1, k2, depth, low, high, move, cut):  # type: ignore[no-untyped-def]
    """Store bounds of the position of key ``(k1, k2)`` searched ``depth`` plies, its best
    move, and whether a state was scored at the cutoff below it (``cut``)."""
    if keys.shape[0]:
        i = slot(k1, k2, keys.shape[0])
        keys[i, _KEY1], keys[i, _KEY2] = k1, k2
        bounds[i, _LOW], bounds[i, _HIGH] = low, high
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


@njit(**_INLINE)
def _score_moves(work, ply, count, me, first, ordering):  # type: ignore[no-untyped-def]
    """Score ply ``ply``'s ``count`` moves for :func:`_next`: the Python engine's order
    (table move ``first``, the older killer, the newer, history), or with
    ``_TABLE_MOVE_FIRST`` the game's order but for the table's move."""
    scores = _SCORES + ply
    if ordering == _FULL_ORDER:
        for i in range(count):
            code = work[ply, i]
            if code == first:
                work[scores, i] = _TABLE_SCORE
            elif code == work[ply, _KILLERS + 1]:
                work[scores, i] = _KILLER1_SCORE
            elif code == work[ply, _KILLERS]:
                work[scores, i] = _KILLER2_SCORE
            else:
                work[scores, i] = work[_HISTORY + me, code]
    elif ordering == _TABLE_MOVE_FIRST and first >= 0:
        for i in range(count):
            work[scores, i] = 1 if work[ply, i] == first else 0


@njit(**_INLINE)
def _remember_cutoff(work, ply, me, code, depth):  # type: ignore[no-untyped-def]
    """A move that cut off becomes ply ``ply``'s newer killer and gains history."""
    if work[ply, _KILLERS] != code:
        work[ply, _KILLERS + 1] = work[ply, _KILLERS]
        work[ply, _KILLERS] = code
    work[_HISTORY + me, code] += 1 << min(depth, 30)


#: The record of a traced search (:meth:`SearchKernel.trace_record`): a float64 array
#: whose row 0 holds counters, rows _STACK + p the node recorded at ply p (-1: none), and
#: rows _FIRST + n node n, in the order the search reached them (a parent before its
#: children; node -1 is the root). A node's window is its parent's (alpha, beta) when it
#: was entered and its value the one it returned, both for its parent's player to move
#: and without the decay of the ply up (the value NaN until it returned).
_RECORDED, _SEEN, _ITERATIONS, _PLIES = 0, 1, 2, 3  # row 0: kept, searched, iterations, depth
_STACK = 1
_FIRST = _STACK + _MAX_PLY + 1
_PARENT, _CODE, _PLY, _ALPHA, _BETA, _VALUE, _KIND, _CUT_HERE, _HIT, _BEST = range(10)
_FIELDS = 10
#: What a node is: searched further, the end of the game, scored at the cutoff, answered
#: by the table, never searched (a sibling cut off), an end found by an inner node's first
#: scan of its moves (:func:`_negamax`'s "a move that ends the game well enough").
INNER, TERMINAL, CUTOFF, TABLE, PRUNED, ENDS_AT_ONCE = range(6)
#: The record's layout, for the code that reads it (``agents/compiled_trace.py``).
RECORD = {"recorded": _RECORDED, "seen": _SEEN, "iterations": _ITERATIONS, "plies": _PLIES,
          "first": _FIRST, "parent": _PARENT, "code": _CODE, "ply": _PLY, "alpha": _ALPHA,
          "beta": _BETA, "value": _VALUE, "kind": _KIND, "cut": _CUT_HERE, "hit": _HIT,
          "best": _BEST}  # fmt: skip


@njit(**_INLINE)
def _kind(final, depth):  # type: ignore[no-untyped-def]
    """What a child is: the end of the game, scored at the cutoff, or searched further."""
    return TERMINAL if final != OPEN else CUTOFF if depth == 1 else INNER


@njit(**HOT)
def _set(rec, ply, field, value):  # type: ignore[no-untyped-def]
    """Set a field of the node of ``ply`` (when it was recorded)."""
    n = np.int64(rec[_STACK + ply, 0])
    if n >= 0:
        rec[_FIRST + n, field] = value


@njit(**HOT)
def _add(rec, ply, code, alpha, beta, kind):  # type: ignore[no-untyped-def]
    """Record the node that ``code`` leads to at ``ply`` (its parent the node of ply - 1),
    unless its parent went unrecorded or the record is full; count it as searched unless
    ``kind`` is PRUNED."""
    parent = -1 if ply == 1 else np.int64(rec[_STACK + ply - 1, 0])
    n = np.int64(rec[0, _RECORDED])
    kept = (ply == 1 or parent >= 0) and n < rec.shape[0] - _FIRST
    if kind != PRUNED:
        rec[0, _SEEN] += 1
        rec[_STACK + ply, 0] = n if kept else -1
    if kept:
        row = rec[_FIRST + n]
        row[:] = 0.0
        row[_PARENT], row[_CODE], row[_PLY], row[_KIND] = parent, code, ply, kind
        row[_ALPHA], row[_BETA], row[_VALUE], row[_BEST] = alpha, beta, np.nan, -1
        rec[0, _RECORDED] = n + 1


@njit(**HOT)
def _enter_root(rec, code, alpha, random_ties, kind):  # type: ignore[no-untyped-def]
    """A root move entered: the window a root move's search gets (see :func:`_deepen`)."""
    _add(rec, np.int64(1), code, np.nextafter(alpha, -np.inf) if random_ties else alpha,
         np.inf, kind)  # fmt: skip


@njit(**HOT)
def _best(rec, ply):  # type: ignore[no-untyped-def]
    """The node of ``ply + 1`` is the best child yet of the node of ``ply``."""
    child = rec[_STACK + ply + 1, 0]
    if child >= 0:
        _set(rec, ply, _BEST, child)


@njit(**HOT)
def _cut(rec, ply, work, start, count, cutter):  # type: ignore[no-untyped-def]
    """The node of ``ply + 1`` (move ``cutter``) cut off: ply ``ply``'s moves
    ``start:count`` but ``cutter`` are pruned."""
    _set(rec, ply + 1, _CUT_HERE, 1)
    for j in range(start, count):
        if work[ply, j] != cutter:
            _add(rec, ply + 1, work[ply, j], 0.0, 0.0, PRUNED)


@njit(**HOT)
def _restart(rec, plies):  # type: ignore[no-untyped-def]
    """A new iteration, ``plies`` deep: the record keeps only the last one."""
    rec[0, _RECORDED] = rec[0, _SEEN] = 0
    rec[0, _ITERATIONS] += 1
    rec[0, _PLIES] = plies


_TABLE = types.Tuple((types.uint64[:, ::1], types.float64[:, ::1]))
_WORK = types.int64[:, ::1]


class SearchOptions(NamedTuple):
    """How :func:`_deepen` and :func:`_negamax` search, named for numba (a named tuple,
    its fields typed as in :data:`_OPTIONS`): ``decay`` per ply of a proven value,
    ``ordering`` (:data:`_GAME_ORDER`, :data:`_TABLE_MOVE_FIRST` or :data:`_FULL_ORDER`),
    the ``deadline`` (``perf_counter`` seconds; 0.0: none), and ``zero``, whether a
    state at the cutoff scores 0 instead of the game's ``evaluate``."""

    decay: float
    ordering: int
    deadline: float
    zero: bool


class TracedOptions(NamedTuple):
    """:class:`SearchOptions` and the ``record`` a traced search writes its tree to
    (see _FIRST): a type of its own, so that the untraced search compiles without it
    (see the module's docstring)."""

    decay: float
    ordering: int
    deadline: float
    zero: bool
    record: np.ndarray


_OPTIONS = types.NamedTuple(
    (types.float64, types.int64, types.float64, types.boolean), SearchOptions
)
_TRACED = types.NamedTuple((*_OPTIONS.types, types.float64[:, ::1]), TracedOptions)
_INT, _FLOAT, _MASK = types.int64, types.float64, types.uint64


def _signature(rules_type: types.Type, traced: bool = False) -> Signature:
    """:func:`_negamax`'s signature for one record type, untraced or ``traced`` (a record
    as the fifth option). The recursion is compiled with an explicit signature (see
    :meth:`SearchKernel.__init__`): numba's cache reloads an inferred recursive function
    broken (a segfault on the second run, numba 0.68)."""
    return _FLOAT(_MASK, _MASK, _INT, _INT, _INT, _FLOAT, _FLOAT, rules_type, _TABLE, _WORK,
                  _TRACED if traced else _OPTIONS)  # fmt: skip


@njit(**HOT)
def _negamax(a, b, me, depth, ply, alpha, beta, rules, table, work, options):  # type: ignore[no-untyped-def]
    """Fail-soft value of the non-terminal ``(a, b)`` for ``me``, the player to move (it
    mirrors ``negamax`` of ``agents/negamax.py`` ``build_negamax``); returns 0 once the
    deadline has passed. A fifth option is the record of a traced search, written as it
    goes (see _FIRST)."""
    keys, bounds = table
    stats = work[_STATS]
    decay, deadline, zero = options.decay, options.deadline, options.zero
    ordering = options.ordering
    traced = len(options) > 4  # a record (see the module's docstring)
    # stats[_CUT] says whether this subtree scored a state at the cutoff (an entry says it
    # of its own), so that a search that never did is known to have reached the end
    outer = stats[_CUT]
    stats[_CUT] = 0
    first = -1
    k1, k2, t = _keyed(rules, a, b, me, zero)
    if keys.shape[0]:
        i = slot(k1, k2, keys.shape[0])
        if keys[i, _KEY1] == k1 and keys[i, _KEY2] == k2:
            first = _stored_move(rules, keys[i, _MOVE], t)
            if np.int64(keys[i, _DEPTH]) == depth:
                stats[_CUT] = keys[i, _MOVE] >> _S8
                low, high = bounds[i, _LOW], bounds[i, _HIGH]
                if low >= beta or low == high:
                    stats[_CUT] |= outer
                    if traced:
                        _set(options.record, ply, _KIND, TABLE)
                    return low
                if high <= alpha:
                    stats[_CUT] |= outer
                    if traced:
                        _set(options.record, ply, _KIND, TABLE)
                    return high
                if traced:
                    _set(options.record, ply, _HIT, 1)
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
    # the game writes its moves straight into this ply's row (a view: nothing allocated,
    # so safe without numba's reference counting)
    count = moves(rules, a, b, me, work[ply])
    _score_moves(work, ply, count, me, first, ordering)
    start_alpha = alpha
    best = -np.inf
    best_move = -1
    if depth > 1:
        # A move that ends the game well enough cuts off at once.
        for i in range(count):
            code = work[ply, i]
            a2, b2 = play(rules, a, b, me, code)
            final = outcome(rules, a2, b2, me, code)
            if final != OPEN and final * decay >= beta:
                stats[_NODES] += i + 1
                stats[_CUT] |= outer
                if traced:
                    _add(options.record, ply + 1, code, alpha, beta, ENDS_AT_ONCE)
                    _set(options.record, ply + 1, _VALUE, final)
                    _best(options.record, ply)
                    _cut(options.record, ply, work, 0, count, code)
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
        a2, b2 = play(rules, a, b, me, code)
        final = outcome(rules, a2, b2, me, code)
        if traced:
            _add(options.record, ply + 1, code, alpha, beta, _kind(final, depth))
        if final != OPEN:
            value = final * decay
            if traced:
                _set(options.record, ply + 1, _VALUE, final)
        elif depth == 1:
            value = 0.0 if zero else evaluate(rules, a2, b2, them, me)
            if traced:
                _set(options.record, ply + 1, _VALUE, value)
            value *= decay
        else:
            reply = _negamax(
                a2, b2, them, _less(depth), ply + 1, -beta / decay, -alpha / decay,
                rules, table, work, options,
            )  # fmt: skip
            if stats[_TIMEOUT]:
                return 0.0
            if traced:
                _set(options.record, ply + 1, _VALUE, -reply)
            value = -decay * reply
        if value > best:
            best = value
            best_move = code
            if traced:
                _best(options.record, ply)
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    if ordering == _FULL_ORDER:
                        _remember_cutoff(work, ply, me, code, depth)
                    if traced:
                        _cut(options.record, ply, work, i + 1, count, code)
                    break
    stats[_NODES] += visited if depth == 1 else count
    cut = stats[_CUT]
    stats[_CUT] = cut | outer
    if depth == 1:  # the frontier's entries cost more to write than they save
        return best
    if best_move >= 0 and t:
        best_move = canonical_move(rules, best_move, t)
    if best <= start_alpha:
        _store(keys, bounds, k1, k2, depth, -np.inf, best, best_move, cut)
    elif best >= beta:
        _store(keys, bounds, k1, k2, depth, best, np.inf, best_move, cut)
    else:
        _store(keys, bounds, k1, k2, depth, best, best, best_move, cut)
    return best


@njit(cache=True)
def _best_first(codes, tied):  # type: ignore[no-untyped-def]
    """Move the marked moves to the front, keeping the order within both groups."""
    # element by element: a slice assignment compiles numba's shape check, whose error
    # message (string formatting) took 1.6 of the kernel's 10 s of compiling
    front = 0
    for i in range(codes.size):
        if tied[i]:
            code = codes[i]
            for j in range(i, front, -1):
                codes[j] = codes[j - 1]
            codes[front] = code
            front += 1


@njit(cache=True, nogil=True)  # other threads (the web server's) run meanwhile
def _deepen(a, b, me, first, depth, count, random_ties, fresh, rules, table, work, options, roots):  # type: ignore[no-untyped-def]
    """Search ``(a, b)`` for ``me`` at depths ``first`` to ``depth``, the best moves of each
    iteration tried first in the next; it stops early once an iteration scored no state at
    the cutoff (its value is then the value to the end). The root moves are the first
    ``count`` of ``roots[0]`` (reordered in place), or with ``count`` -1 all legal moves,
    written there in the game's order. Each iteration searches them in that order, marks
    in ``roots[1]`` the moves of the best value (only the first without ``random_ties``),
    and writes in ``roots[3]`` each move's value (row 0) and 1 where it is only an upper
    bound, the reply having failed high (row 1). ``fresh`` clears the killers and history
    first. Returns the value, the number of root moves, and the length of the principal
    variation written to ``roots[2]`` (at most ``depth`` moves; none after a timeout), all
    in one call because each call from Python costs microseconds. After a timeout, the
    value and marks are those of the moves finished. A record (a fifth option) keeps the
    last iteration's tree.

    The root is part of this function rather than a function of its own: compiled apart,
    it linked and emitted a second copy of the whole search, and inlined (numba's
    ``inline="always"``), its recording steps could not be pruned for the untraced search
    (numba prunes a function's branches by its own argument types, before inlining)."""
    keys, bounds = table
    stats = work[_STATS]
    stats[:] = 0
    if fresh:
        work[:_MAX_PLY, _KILLERS:] = -1
        work[_HISTORY:_STATS] = 0
    buffer, marks, line, rated = roots
    if count < 0:
        count = moves(rules, a, b, me, buffer)
    codes, tied = buffer[:count], marks[:count]
    decay, zero = options.decay, options.zero
    traced = len(options) > 4  # a record (see the module's docstring)
    them = 3 - me
    value = 0.0
    for plies in range(first, depth + 1):
        stats[_CUT] = 0
        best, alpha, best_move = -np.inf, -np.inf, -1
        tied[:] = 0
        if traced:
            _restart(options.record, plies)
        for i in range(codes.size):
            code = codes[i]
            a2, b2 = play(rules, a, b, me, code)
            stats[_NODES] += 1
            final = outcome(rules, a2, b2, me, code)
            bound = 0.0
            if traced:
                _enter_root(options.record, code, alpha, random_ties, _kind(final, plies))
            if final != OPEN:
                move_value = final * decay
                if traced:
                    _set(options.record, np.int64(1), _VALUE, final)
            elif plies == 1:
                stats[_CUT] = 1
                move_value = 0.0 if zero else evaluate(rules, a2, b2, them, me)
                if traced:
                    _set(options.record, np.int64(1), _VALUE, move_value)
                move_value *= decay
            else:
                # With random ties, a move equal to the best must come back exact.
                low = np.nextafter(alpha, -np.inf) if random_ties else alpha
                # ply as an int64, not the literal 1: for a literal, numba would compile a
                # second _negamax whose recursion it cannot reload from its cache (a null call)
                reply = _negamax(
                    a2, b2, them, _less(plies), np.int64(1), -np.inf, -low / decay, rules,
                    table, work, options,
                )  # fmt: skip
                if stats[_TIMEOUT]:
                    break
                if traced:
                    _set(options.record, np.int64(1), _VALUE, -reply)
                move_value = -decay * reply
                if reply >= -low / decay:
                    bound = 1.0
            rated[0, i] = move_value
            rated[1, i] = bound
            if move_value > best:
                best, best_move = move_value, code
                tied[:i] = 0
                tied[i] = 1
                alpha = max(alpha, move_value)
            elif move_value == best and random_ties:
                tied[i] = 1
        value = best
        if stats[_TIMEOUT]:
            return value, count, 0
        k1, k2, t = _keyed(rules, a, b, me, zero)
        if best_move >= 0 and t:
            best_move = canonical_move(rules, best_move, t)
        _store(keys, bounds, k1, k2, plies, best, best, best_move, stats[_CUT])
        if plies == depth or not stats[_CUT]:  # done, or the end seen
            break
        _best_first(codes, tied)
    most = min(depth, line.size)
    return value, count, _line(rules, a, b, me, most, keys, zero, line)


@njit(cache=True)
def _evaluate_once(rules, a, b, to_move, player):  # type: ignore[no-untyped-def]
    return evaluate(rules, a, b, to_move, player)


class RootResult(NamedTuple):
    """One root search: the value for the mover, its best moves (search order), whether a
    state was scored at the depth cutoff, the nodes generated, and whether time ran out
    (then ``value`` and ``best`` are those of the root moves finished; ``best`` may be
    empty)."""

    value: float
    best: list[Hashable]
    cut: bool
    nodes: int
    timed_out: bool
    line: tuple[Hashable, ...] = ()  # the principal variation from the table, first move first
    # each root move in search order, its value and whether that is only an upper bound
    # (none after a timeout)
    rated: tuple[tuple[Hashable, float, bool], ...] = ()


Table = tuple[np.ndarray, np.ndarray]


class Workspace(NamedTuple):
    """One agent's buffers, reused from move to move: the recursion's (move lists, their
    scores, killers, history, counters) and the root's (moves, marks of the best, the
    principal variation, each move's value and whether it is a bound)."""

    search: np.ndarray  # the kernel's ``work`` (see _STATS)
    roots: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


class SearchKernel:
    """The compiled search of one game's compiled rules (see :func:`search_kernel`);
    tables come from :meth:`table` and buffers from :meth:`workspace`, and both live with
    the caller (an agent keeps its own between moves)."""

    def __init__(self, rules: Rules) -> None:
        self.rules, self.game, self.record = rules, rules.game, rules.record
        self.ordered = rules.ordered or hooks.ordered_actions(self.game)
        self._traced_ready = False
        with while_compiling(f"compiling the alpha-beta search of {game_name(self.game)}, once"):
            # compiled (or loaded from the cache) with its explicit signature (_signature);
            # then a depth-1 search compiles the root's functions around it, and reading
            # a line from the table (done when the root's line is not the move played)
            with declared_returns():
                _negamax.compile(_signature(typeof(self.record)))
            start = self.game.initial_state
            if not self.game.is_terminal(start):
                self.root(start, None, 1, self.table(0), self.workspace(), ordering=True,
                          decay=1.0, random_ties=False, deadline=None)  # fmt: skip
                self.pv(start, 1, self.table(2))

    @staticmethod
    def table(size: int) -> Table:
        """An empty table of the largest power of two of slots not above ``size`` (0: none)."""
        slots = 1 << (size.bit_length() - 1) if size > 0 else 0
        return np.zeros((slots, 4), dtype=np.uint64), np.zeros((slots, 2))

    @staticmethod
    def trace_record(cap: int) -> np.ndarray:
        """An empty record of a traced search keeping at most ``cap`` nodes (see _FIRST)."""
        return np.zeros((_FIRST + cap, _FIELDS))

    def _compile_traced(self) -> None:
        """Compile the traced recursion, on the first trace (untraced searches never
        need it)."""
        if not self._traced_ready:
            with while_compiling(f"compiling the traced alpha-beta search of "
                                 f"{game_name(self.game)}, once"):  # fmt: skip
                with declared_returns():
                    _negamax.compile(_signature(typeof(self.record), traced=True))
            self._traced_ready = True

    @staticmethod
    def workspace() -> Workspace:
        search = np.zeros((_STATS + 1, _KILLERS + 2), dtype=np.int64)
        roots = (np.empty(MAX_MOVES, dtype=np.int64), np.zeros(MAX_MOVES, dtype=np.int8),
                 np.empty(_MAX_PLY, dtype=np.int64), np.zeros((2, MAX_MOVES)))  # fmt: skip
        return Workspace(search, roots)

    def root(self, state: object, moves: Sequence[Hashable] | None, depth: float, table: Table,
             work: Workspace, *, ordering: bool, decay: float, random_ties: bool,
             deadline: float | None, deepen: bool = False, zero: bool = False,
             fresh: bool = True, record: np.ndarray | None = None) -> RootResult:  # fmt: skip
        """Search the non-terminal ``state`` to ``depth`` plies (``inf``: to the end), its
        ``moves`` in the order given (None: all, in the game's order), like the Python
        engine's root. ``fresh`` clears the killers and history, which otherwise carry
        over from the last call. With ``deepen`` (a finite depth) it searches depths 1,
        2, ... ``depth`` in one compiled call, each iteration's best moves first in the
        next; the result is the last iteration's. With ``zero``, states at the cutoff
        score 0 (``heuristics.zero``) instead of the game's ``evaluate``. With a ``record``
        (:meth:`trace_record`) the search writes its last iteration's tree there."""
        a, b, me = self.rules.unpack(state)
        buffer, marks, line, rated = work.roots
        count = -1
        if moves is not None:
            count = len(moves)
            buffer[:count] = [self.rules.code(m, me) for m in moves]
        # as in Python, a game whose own order is good keeps it but for the table's move
        if not ordering:
            order = _GAME_ORDER
        elif self.ordered:
            order = _TABLE_MOVE_FIRST
        else:
            order = _FULL_ORDER
        options: SearchOptions | TracedOptions
        options = SearchOptions(decay, order, 0.0 if deadline is None else deadline, zero)
        if record is not None:
            self._compile_traced()
            options = TracedOptions(*options, record)
        plies = _NO_DEPTH if depth == math.inf else int(depth)
        first = 1 if deepen and depth != math.inf else plies
        value, count, length = _deepen(np.uint64(a), np.uint64(b), me, first, plies, count,
                                       random_ties, fresh, self.record, table, work.search,
                                       options, work.roots)  # fmt: skip
        codes = buffer[:count].tolist()
        action = self.rules.action
        best = [action(c, me) for c, m in zip(codes, marks[:count].tolist(), strict=True) if m]
        nodes, cut, timed_out, _ = work.search[_STATS, :4].tolist()
        values, bounds = rated[:, :count].tolist()
        moves_rated = tuple(
            (action(c, me), v, bool(bound))
            for c, v, bound in zip(codes, values, bounds, strict=True)
        ) if not timed_out else ()  # fmt: skip
        return RootResult(float(value), best, bool(cut), nodes, bool(timed_out),
                          self._decode_line(line, length, me), moves_rated)  # fmt: skip

    def _decode_line(self, codes: np.ndarray, length: int, player: int) -> tuple[Hashable, ...]:
        """The first ``length`` move codes of a line, ``player`` to move, as actions."""
        line = []
        for code in codes[:length].tolist():
            line.append(self.rules.action(code, player))
            player = 3 - player
        return tuple(line)

    def evaluate(self, state: object, player: int) -> float:
        """The compiled heuristic (equal to ``game.evaluate``) of a non-terminal ``state``."""
        a, b, to_move = self.rules.unpack(state)
        return float(_evaluate_once(self.record, np.uint64(a), np.uint64(b), to_move, player))

    def pv(
        self, state: object, plies: float, table: Table, zero: bool = False
    ) -> tuple[Hashable, ...]:
        """The table's best moves from the non-terminal ``state``, at most ``plies`` long;
        ``zero``: the table is that of a search with the win/loss-only evaluation."""
        a, b, player = self.rules.unpack(state)
        most = int(min(plies, _MAX_PLY))
        line = np.empty(_MAX_PLY, dtype=np.int64)
        count = _line(self.record, np.uint64(a), np.uint64(b), player, most, table[0], zero,
                      line)  # fmt: skip
        return self._decode_line(line, count, player)


@lru_cache(maxsize=64)
def _kernel_of(rules: Rules) -> SearchKernel:
    return SearchKernel(rules)


def search_kernel(game: Game) -> SearchKernel | None:
    """The one function that fetches the compiled search of ``game``: what the game's own
    ``search_kernel()`` member offers (:func:`zerosum.hooks.search_kernel`, a user's
    compiled search), else the kernel built on its own compiled rules (its optional
    ``compiled_rules()`` member returns them: :func:`zerosum.hooks.compiled_rules`), else
    None. One kernel per rules object. ``AlphaBeta``, the compiled solver and Migration's
    solvers all come here: no game carries a member that fetches it."""
    hook = hooks.search_kernel(game)
    if hook is not None:
        return hook()
    rules = _rules_of(game)
    if rules is None:
        return None
    # off the move's clock: loading or compiling the kernel is no part of its thinking
    # (an agent not prepared first, as zerosum play's while a person plays)
    with budget.not_counted():
        return _kernel_of(rules)


def compile_helpers(game: Game) -> None:
    """Compile (or load from numba's cache) the functions the search of ``game`` links in
    that compile apart from it: the game's heuristic and the reader of the principal
    variation, a third of a first compile of Connect Four's search. Another process doing
    this while one builds the kernel (``arena/ahead.py``) hands them over through the
    cache: the kernel's compile loads them instead. Nothing for a game without compiled
    rules."""
    rules = _rules_of(game)
    if rules is None or rules.game.is_terminal(rules.game.initial_state):
        return
    a, b, me = rules.unpack(rules.game.initial_state)
    keys, bounds = SearchKernel.table(2)  # each called with the types the search passes
    _store(keys, bounds, np.uint64(a), np.uint64(b), 1, 0.0, 0.0, -1, 0)
    _less(1)
    _evaluate_once(rules.record, np.uint64(a), np.uint64(b), me, me)
    line = np.empty(_MAX_PLY, dtype=np.int64)
    _line(rules.record, np.uint64(a), np.uint64(b), me, 1, keys, False, line)
    _best_first(line[:1], np.zeros(1, dtype=np.int8))


def _rules_of(game: Game) -> Rules | None:
    """The game's own compiled rules (:func:`zerosum.hooks.compiled_rules`), or None."""
    hook = hooks.compiled_rules(game)
    return None if hook is None else hook()
