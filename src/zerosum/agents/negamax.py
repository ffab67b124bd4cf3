"""The Python negamax: the one recursion of alpha-beta that the Python path of
:class:`~zerosum.agents.AlphaBeta` and its traced search (``traced_search.py``) both run.

What differs between them is chosen once, when the recursion is built, never looked up
per node: the transposition table (a dict, or None), the move ordering (killers and
history, or the game's order), whether to record the tree (a
:class:`~zerosum.trace.Recorder` the search holds, with its cut and prune reasons from
:mod:`zerosum.trace.reasons`; untraced, the recording steps are skipped by one local
flag), and whether to scan an inner node's children for a move that ends the game first
and count every move generated (``ends_first``: the steps of the compiled kernel,
``kernels/alphabeta.py`` ``_negamax``, so that a Python search can count its nodes).

The window is alpha-beta's, fail-soft, with every value shrunk by ``decay`` per ply it
travels up (``depth_adjust``). The compiled kernels mirror this function:
``kernels/alphabeta.py`` ``_negamax`` (same values; the same nodes with ``ends_first``
and ordering and table off, ``tests/kernels/test_mirrors.py``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from ..trace.reasons import child_window, cut_reason, pruned_reason, root_window, spoken

if TYPE_CHECKING:
    from .search import _Search

__all__ = ["DECAY", "build_negamax", "stored_bounds"]

#: Factor applied per ply to values with ``depth_adjust`` (an exact binary fraction).
DECAY = 1.0 - 2.0**-10

_INF = math.inf


class _Timeout(Exception):
    """The time limit ran out in the middle of an iteration."""


def stored_bounds(
    depth: float, best: float, start_alpha: float, beta: float, move: Any, cut: bool
) -> tuple[float, float, float, Any, bool]:
    """A table entry for a fail-soft ``best`` found in the window (``start_alpha``, ``beta``):
    an upper bound at or below it, a lower bound at or above, else the exact value."""
    if best <= start_alpha:
        return (depth, -_INF, best, move, cut)
    if best >= beta:
        return (depth, best, _INF, move, cut)
    return (depth, best, best, move, cut)


def build_negamax(
    search: _Search, ordering: bool
) -> tuple[Callable[..., float], Callable[[Any, Hashable], bool]]:
    """The recursion of ``search`` (a ``search._Search``), as closures over local names
    (no attribute look-ups inside): ``negamax(state, key, me, depth, ply, alpha, beta,
    node=None)``, the fail-soft value of the non-terminal ``state`` for ``me``, its mover;
    and ``ended(state, key)``, whether a state is terminal, asked through the memo.

    It reads from ``search``: the game, its key, heuristic, table (or None), memo of the
    game's answers, deadline, ``traced`` (record into ``search.recorder``, the node ids
    of the best children into ``search.best_child``) and ``ends_first``; it adds to
    ``search.nodes`` (children generated) and ``search.cuts`` (states scored at the
    depth cutoff, and table bounds that rest on such scores).

    The game is asked about a state once per key while the memo holds it (its actions,
    whether it is terminal, its value at the cutoff); each child's key is made once, by
    its parent, and handed down. Children are made one at a time: the first (the
    table's move, a killer) often cuts off, and then its siblings are never made.
    """
    game, agent, memo = search.game, search.agent, search.memo
    actions, result, is_terminal = game.actions, game.result, game.is_terminal
    utility, player, key = game.utility, game.player, search.key
    heuristic = search.heuristic
    table = search.table
    size = agent.table_size
    decay = search.decay
    deadline = search.deadline
    clock = time.perf_counter
    known_terminal, known_actions, leaves = memo.terminal, memo.actions, memo.leaves
    order, reward = search.move_order.order, search.move_order.reward
    traced, ends_first = search.traced, search.ends_first

    def ended(state: Any, k: Hashable) -> bool:
        """``is_terminal(state)``, asked once per key."""
        done = known_terminal.get(k)
        if done is None:
            if len(known_terminal) >= size:
                known_terminal.clear()
            done = known_terminal[k] = bool(is_terminal(state))
        return done

    def legal(state: Any, k: Hashable) -> Any:
        """``actions(state)``, asked once per key (the list is never changed)."""
        moves = known_actions.get(k)
        if moves is None:
            if len(known_actions) >= size:
                known_actions.clear()
            moves = known_actions[k] = actions(state)
        return moves

    def prune(
        node: int | None, moves: Any, after: int, cutter: Any, maximizing: bool,
        value: float, window: tuple[float, float],
    ) -> None:  # fmt: skip
        """Record the moves after ``after`` that ``cutter``'s cut spared (traced only)."""
        recorder = search.recorder
        reason = pruned_reason(spoken(game, cutter), maximizing, value, *window)
        for move in moves[after:]:
            if move != cutter:
                recorder.enter(
                    node, spoken(game, move), not maximizing, kind="pruned", reason=reason
                )

    def end_at_once(
        state: Any, me: int, moves: Any, alpha: float, beta: float, node: int | None
    ) -> float | None:
        """The compiled search's first look at an inner node (``ends_first``): the value of
        a move that ends the game well enough for a cut-off, else None; every move
        generated counts as a node then."""
        for i, move in enumerate(moves):
            child = result(state, move)
            if is_terminal(child) and utility(child, me) * decay >= beta:
                raw = utility(child, me)
                search.nodes += i + 1
                if traced:
                    recorder = search.recorder
                    maximizing = me == search.root_me
                    sign = 1.0 if maximizing else -1.0
                    window = root_window(sign, alpha, beta)
                    why = cut_reason(maximizing, sign * raw * decay, *window)
                    kept = recorder.enter(
                        node, spoken(game, move), not maximizing, child, kind="terminal",
                        value=sign * raw, cut=True, **child_window(sign, alpha, beta, decay),
                        reason=f"ends the game at once, enough for a cut-off: {why}",
                    )  # fmt: skip
                    prune(node, moves, 0, move, maximizing, sign * raw * decay, window)
                    recorder.set(node, value=sign * raw * decay)
                    if kept is not None and node is not None:
                        search.best_child[node] = kept
                return raw * decay
        return None

    def negamax(
        state: Any,
        k: Hashable,
        me: int,
        depth: float,
        ply: int,
        alpha: float,
        beta: float,
        node: int | None = None,
    ) -> float:
        """Fail-soft value of the non-terminal ``state`` (key ``k``) for ``me``, the
        player to move; ``node``: its id in the trace (traced only)."""
        if traced:
            recorder = search.recorder
            maximizing = me == search.root_me
            sign = 1.0 if maximizing else -1.0
        first = None
        if table is not None:
            entry = table.get(k)
            if entry is not None:
                first = entry[3]
                if entry[0] == depth:
                    # bounds found in an earlier search count as that search's cutoffs
                    search.cuts += entry[4]
                    low, high = entry[1], entry[2]
                    answer = None
                    if low >= beta or low == high:
                        answer = low
                    elif high <= alpha:
                        answer = high
                    if answer is not None:
                        if traced:
                            recorder.set(
                                node, kind="table", table="hit", value=sign * answer,
                                reason="answered by the transposition table",
                            )  # fmt: skip
                        return answer
                    if traced:
                        recorder.set(node, table="hit")
                    if low > alpha:
                        alpha = low
                    if high < beta:
                        beta = high
        if deadline is not None and clock() > deadline:
            raise _Timeout
        moves = legal(state, k)
        if ordering and len(moves) > 1:
            moves = order(moves, first, ply)
        start_alpha = alpha
        cuts = search.cuts
        if depth == 1:
            search.cuts += 1
            leaf = leaves[me]
        elif ends_first:
            found = end_at_once(state, me, moves, alpha, beta, node)
            if found is not None:
                return found
        best, best_move, count = -_INF, None, 0
        kept = None
        for move in moves:
            count += 1
            child = result(state, move)
            ck = key(child)
            if depth == 1:  # scored once per key and player to move
                raw = leaf.get(ck)
                if raw is None:
                    raw = utility(child, me) if ended(child, ck) else heuristic(child, me)
                    if len(leaf) >= size:
                        leaf.clear()
                    leaf[ck] = raw
                value = raw * decay
                if traced:
                    facts = child_window(sign, alpha, beta, decay)
                    if ended(child, ck):
                        kept = recorder.enter(
                            node, spoken(game, move), not maximizing, child, kind="terminal",
                            value=sign * raw, **facts,
                        )  # fmt: skip
                    else:
                        kept = recorder.enter(
                            node, spoken(game, move), player(child) == search.root_me, child,
                            kind="cutoff", value=sign * raw, heuristic=sign * raw, **facts,
                        )  # fmt: skip
            elif ended(child, ck):
                raw = utility(child, me)
                value = raw * decay
                if traced:
                    kept = recorder.enter(
                        node, spoken(game, move), not maximizing, child, kind="terminal",
                        value=sign * raw, **child_window(sign, alpha, beta, decay),
                    )  # fmt: skip
            else:
                them = player(child)
                if traced:
                    kept = recorder.enter(
                        node, spoken(game, move), them == search.root_me, child,
                        **child_window(sign, alpha, beta, decay),
                    )  # fmt: skip
                if them == me:
                    value = decay * negamax(
                        child, ck, me, depth - 1, ply + 1, alpha / decay, beta / decay, kept
                    )
                else:
                    value = -decay * negamax(
                        child, ck, them, depth - 1, ply + 1, -beta / decay, -alpha / decay, kept
                    )
            if value > best:
                best, best_move = value, move
                if traced and kept is not None and node is not None:
                    search.best_child[node] = kept
                if value > alpha:
                    if traced:
                        window = root_window(sign, alpha, beta)
                    alpha = value
                    if alpha >= beta:
                        if traced:
                            why = cut_reason(maximizing, sign * value, *window)
                            recorder.set(kept, cut=True, reason=why)
                            prune(node, moves, count, move, maximizing, sign * value, window)
                        if ordering:
                            reward(move, depth, ply)
                        break
        search.nodes += len(moves) if ends_first and depth > 1 else count
        if traced:
            recorder.set(node, value=sign * best)
        if table is not None:
            if len(table) >= size:
                table.clear()
            # does the value rest on the depth cutoff?
            table[k] = stored_bounds(depth, best, start_alpha, beta, best_move, search.cuts != cuts)
        return best

    return negamax, ended
