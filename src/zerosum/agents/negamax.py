"""The Python negamax: the one recursion of alpha-beta that the Python path of
:class:`~zerosum.agents.AlphaBeta`, its traced search (``traced_search.py``),
:class:`~zerosum.agents.Minimax` and the generic exact solver (``solve.py``, with
:class:`ExactRules`: distance scores, its table policy, ``settled``, a first pass over
the children, positions counted as entered) all run.

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
and ordering and table off, ``tests/kernels/test_alphabeta_mirrors.py``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..trace.reasons import child_window, cut_reason, pruned_reason, root_window, spoken

if TYPE_CHECKING:
    from ..trace import Recorder
    from .search import _Search

__all__ = ["DECAY", "ExactRules", "build_negamax", "memo_lookups"]

#: Factor applied per ply to values with ``depth_adjust`` (an exact binary fraction).
DECAY = 1.0 - 2.0**-10

_INF = math.inf

#: The moves of a state, as the game lists them: the search reads them, never their insides.
Moves = Sequence[object]
#: A table entry: (depth, lower bound, upper bound, best move, whether the bounds rest on
#: the depth cutoff).
Entry = tuple[float, float, float, object, bool]


class _Timeout(Exception):
    """The time limit ran out in the middle of an iteration."""


#: ``store(key, entry, depth, best, start_alpha, beta, move, cut)``: keep a node's bounds
#: (``entry``: what the table held for the key when the node was entered, or None).
Store = Callable[[Hashable, "Entry | None", float, float, float, float, object, bool], None]
#: ``first_pass(state, key, me, moves, alpha, beta, entry)`` before an inner node's loop:
#: ``(answer, best, best_move, alpha, moves, children)``; ``answer`` not None ends the
#: node with it, else the loop searches ``moves`` (children made: ``children``).
FirstPass = Callable[
    [Any, Hashable, int, Moves, float, float, "Entry | None"],
    tuple[float | None, float, object, float, Moves, Sequence[Any]],
]


@dataclass(frozen=True)
class ExactRules:
    """What the generic exact solver (``agents/solve.py``) changes in the recursion, chosen
    once when it is built (AlphaBeta's search passes none):

    - the score policy: ``distance`` scores are integers that encode the distance to the
      end (``WIN - plies``), a child's carried up one ply longer and a window carried
      down one ply shorter, instead of values shrunk by ``decay`` per ply;
    - the table policy: ``store`` keeps a node's bounds (the solver merges them with the
      entry it found and never trims the table; entries are keyed without depth, the
      solver searching to the end at depth ``inf``), and ``known`` answers a position
      missing from the table without search (the game's ``settled``), or None;
    - ``first_pass``: an inner node's look at all its children before the loop (a win at
      once ends it, other endings are scored, then a child whose table entry proves a
      cut-off ends it), which leaves the loop only the children still open;
    - ``enter``: called on entering each node the table did not answer (the solver counts
      positions there, with its limit and its deadline), in place of the deadline check;
    - ``legal``, ``order``, ``reward``: the moves of a position, their order and the
      reward of a move that cut off (the solver's history heuristic).
    """

    distance: bool
    store: Store
    known: Callable[[Any, Hashable], float | None] | None
    first_pass: FirstPass
    enter: Callable[[], None]
    legal: Callable[[Any, Hashable], Moves]
    order: Callable[[Moves, object, int], Moves]
    reward: Callable[[object, float, int], None]


def _never_ended(state: object, k: Hashable) -> bool:
    """The exact solver's ``ended`` in the loop: its first pass took out every child that
    ends the game."""
    return False


def _bounded_store(table: dict[Hashable, Entry], size: int) -> Store:
    """AlphaBeta's table policy: the bounds a fail-soft ``best`` found in the window
    (``start_alpha``, ``beta``) proves at ``depth`` (an upper bound at or below it, a
    lower bound at or above, else the exact value), the table cleared when full."""

    def store(
        k: Hashable, entry: Entry | None, depth: float, best: float, start_alpha: float,
        beta: float, move: object, cut: bool,
    ) -> None:  # fmt: skip
        if len(table) >= size:
            table.clear()
        if best <= start_alpha:
            table[k] = (depth, -_INF, best, move, cut)
        elif best >= beta:
            table[k] = (depth, best, _INF, move, cut)
        else:
            table[k] = (depth, best, best, move, cut)

    return store


def memo_lookups(
    search: _Search,
) -> tuple[Callable[[object, Hashable], bool], Callable[[object, Hashable], Moves]]:
    """``ended(state, key)`` and ``legal(state, key)``: the game's ``is_terminal`` and
    ``actions``, each asked once per key while ``search``'s memo holds it (a user's game
    answers in tens of microseconds, a look-up in a fraction of one)."""
    game, memo, size = search.game, search.memo, search.agent.table_size
    actions, is_terminal = game.actions, game.is_terminal
    known_terminal, known_actions = memo.terminal, memo.actions

    def ended(state: object, k: Hashable) -> bool:
        """``is_terminal(state)``, asked once per key."""
        done = known_terminal.get(k)
        if done is None:
            if len(known_terminal) >= size:
                known_terminal.clear()
            done = known_terminal[k] = bool(is_terminal(state))
        return done

    def legal(state: object, k: Hashable) -> Moves:
        """``actions(state)``, asked once per key (the list is never changed)."""
        moves = known_actions.get(k)
        if moves is None:
            if len(known_actions) >= size:
                known_actions.clear()
            moves = known_actions[k] = actions(state)
        return moves

    return ended, legal


class _TreeWriter:
    """What a traced recursion records, node by node, into ``search.recorder`` (a new
    recorder each iteration), in the root player's terms: values and windows signed by
    ``sign`` (1 where the root's player moves, else -1) and windows one ply further by
    ``decay`` (:func:`zerosum.trace.reasons.child_window`). Called only when traced."""

    def __init__(self, search: _Search) -> None:
        self.search = search
        self.game = search.game
        self.decay = search.decay

    @property
    def recorder(self) -> Recorder:
        """The recorder of the iteration under way (there is one whenever this is asked)."""
        recorder = self.search.recorder
        assert recorder is not None, "a traced search records into a recorder"
        return recorder

    def table(self, node: int | None, value: float, narrowed: bool) -> None:
        """The table answered the node (``value``, root's terms) or only narrowed it."""
        recorder = self.recorder
        if narrowed:
            recorder.set(node, table="hit")
        else:
            recorder.set(node, kind="table", table="hit", value=value,
                         reason="answered by the transposition table")  # fmt: skip

    def child(
        self, node: int | None, move: object, child: object, maximizing: bool, sign: float,
        window: tuple[float, float], **facts: object,
    ) -> int | None:  # fmt: skip
        """A child entered under ``node`` with its window on entry: its id (None past the
        room). ``maximizing``: whether the root's player moves in the child."""
        low, high = child_window(sign, *window, self.decay).values()
        return self.recorder.enter(
            node, spoken(self.game, move), maximizing, child, alpha=low, beta=high, **facts
        )

    def cut(
        self, node: int | None, kept: int | None, moves: Moves, after: int, cutter: object,
        maximizing: bool, value: float, window: tuple[float, float],
    ) -> None:  # fmt: skip
        """``cutter``'s ``value`` (root's terms) crossed ``window`` (root's terms) at
        ``node``: the child marked as the cut, and the moves after ``after`` as pruned."""
        recorder = self.recorder
        why = cut_reason(maximizing, value, *window)
        if kept is not None:
            recorder.set(kept, cut=True, reason=why)
        self.prune(node, moves, after, cutter, maximizing, value, window)

    def prune(
        self, node: int | None, moves: Moves, after: int, cutter: object, maximizing: bool,
        value: float, window: tuple[float, float],
    ) -> None:  # fmt: skip
        """The moves after ``after`` that ``cutter``'s cut spared."""
        game, recorder = self.game, self.recorder
        reason = pruned_reason(spoken(game, cutter), maximizing, value, *window)
        for move in moves[after:]:
            if move != cutter:
                recorder.enter(
                    node, spoken(game, move), not maximizing, kind="pruned", reason=reason
                )

    def ends_at_once(
        self, node: int | None, moves: Moves, move: object, child: object, maximizing: bool,
        raw: float, alpha: float, beta: float,
    ) -> None:  # fmt: skip
        """A move found by ``ends_first`` that ends the game, enough for a cut-off."""
        sign, decay = (1.0 if maximizing else -1.0), self.decay
        window = root_window(sign, alpha, beta)
        why = cut_reason(maximizing, sign * raw * decay, *window)
        kept = self.child(
            node, move, child, not maximizing, sign, (alpha, beta), kind="terminal",
            value=sign * raw, cut=True,
            reason=f"ends the game at once, enough for a cut-off: {why}",
        )  # fmt: skip
        self.prune(node, moves, 0, move, maximizing, sign * raw * decay, window)
        self.recorder.set(node, value=sign * raw * decay)
        if kept is not None and node is not None:
            self.search.best_child[node] = kept


def _end_at_once(
    search: _Search, write: _TreeWriter
) -> Callable[[object, int, Moves, float, float, int | None], float | None]:
    """The compiled search's first look at an inner node (``ends_first``), as a closure
    over ``search``'s game (see :func:`build_negamax`)."""
    game, decay, traced = search.game, search.decay, search.traced
    result, is_terminal, utility = game.result, game.is_terminal, game.utility

    def end_at_once(
        state: object, me: int, moves: Moves, alpha: float, beta: float, node: int | None
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
                    maximizing = me == search.root_me
                    write.ends_at_once(node, moves, move, child, maximizing, raw, alpha, beta)
                return raw * decay
        return None

    return end_at_once


def build_negamax(
    search: _Search, ordering: bool, exact: ExactRules | None = None
) -> tuple[Callable[..., float], Callable[[object, Hashable], bool]]:
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

    ``exact`` (:class:`ExactRules`) makes it the generic exact solver's search instead,
    over integer distance scores to the end (``depth`` then ``inf``); what it changes is
    picked here, once, so AlphaBeta's search pays a few tests of local flags per node.
    """
    game = search.game
    result, utility, player, key = game.result, game.utility, game.player, search.key
    heuristic = search.heuristic
    table = search.table
    decay = search.decay
    deadline = search.deadline
    clock = time.perf_counter
    order: Callable[[Moves, object, int], Moves]
    reward: Callable[[object, float, int], None]
    known: Callable[[object, Hashable], float | None] | None = None
    first_pass: FirstPass | None = None
    enter: Callable[[], None] | None = None
    distance = False
    if exact is None:
        size = search.agent.table_size
        leaves = search.memo.leaves
        ended, legal = memo_lookups(search)
        order, reward = search.move_order.order, search.move_order.reward
        store = None if table is None else _bounded_store(table, size)
    else:
        size, leaves, ended, legal = 0, {}, _never_ended, exact.legal
        order, reward, store = exact.order, exact.reward, exact.store
        distance, known, first_pass, enter = (
            exact.distance, exact.known, exact.first_pass, exact.enter
        )  # fmt: skip
    traced, ends_first = search.traced, search.ends_first
    prune, lines = search.prune, search.lines
    write = _TreeWriter(search)

    end_at_once = _end_at_once(search, write)

    def negamax(
        state: object,
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
            maximizing = me == search.root_me
            sign = 1.0 if maximizing else -1.0
        first = entry = None
        if table is not None:
            entry = table.get(k)
            if entry is not None:
                first = entry[3]
                if entry[0] == depth:
                    # bounds found in an earlier search count as that search's cutoffs
                    search.cuts += entry[4]
                    low, high = entry[1], entry[2]
                    if low >= beta or low == high or high <= alpha:
                        answer = low if low >= beta or low == high else high
                        if traced:
                            write.table(node, sign * answer, narrowed=False)
                        return answer
                    if traced:
                        write.table(node, 0.0, narrowed=True)
                    if low > alpha:
                        alpha = low
                    if high < beta:
                        beta = high
            elif known is not None:  # answered without search (the solver's settled)
                score = known(state, k)
                if score is not None:
                    return score
        if enter is not None:
            enter()
        elif deadline is not None and clock() > deadline:
            raise _Timeout
        moves = legal(state, k)
        if ordering and len(moves) > 1:
            moves = order(moves, first, ply)
        start_alpha = alpha
        cuts = search.cuts
        best, best_move, count, kept, made = -_INF, None, 0, None, None
        frontier = depth == 1  # the children are scored, not searched
        if frontier:
            search.cuts += 1
            leaf = leaves[me]
        elif ends_first:
            found = end_at_once(state, me, moves, alpha, beta, node)
            if found is not None:
                return found
        elif first_pass is not None:
            found, best, best_move, alpha, moves, made = first_pass(
                state, k, me, moves, alpha, beta, entry
            )
            if found is not None:
                return found
        for move in moves:
            count += 1
            child = result(state, move) if made is None else made[count - 1]
            ck = key(child)
            if frontier:  # scored once per key and player to move
                raw = leaf.get(ck)
                if raw is None:
                    raw = utility(child, me) if ended(child, ck) else heuristic(child, me)
                    if len(leaf) >= size:
                        leaf.clear()
                    leaf[ck] = raw
                value = raw * decay
                if traced and ended(child, ck):
                    kept = write.child(node, move, child, not maximizing, sign, (alpha, beta),
                                       kind="terminal", value=sign * raw)  # fmt: skip
                elif traced:
                    kept = write.child(node, move, child, player(child) == search.root_me, sign,
                                       (alpha, beta), kind="cutoff", value=sign * raw,
                                       heuristic=sign * raw)  # fmt: skip
            elif ended(child, ck):
                raw = utility(child, me)
                value = raw * decay
                if traced:
                    kept = write.child(node, move, child, not maximizing, sign, (alpha, beta),
                                       kind="terminal", value=sign * raw)  # fmt: skip
            else:
                them = player(child)
                if traced:
                    kept = write.child(node, move, child, them == search.root_me, sign,
                                       (alpha, beta))  # fmt: skip
                if distance:  # a win or loss one ply longer; window bounds one shorter
                    if them == me:
                        a = alpha + 1 if alpha > 0 else alpha - 1 if alpha < 0 else 0
                        b = beta + 1 if beta > 0 else beta - 1 if beta < 0 else 0
                        value = negamax(child, ck, me, depth, ply + 1, a, b)
                        value = value - 1 if value > 0 else value + 1 if value < 0 else 0
                    else:
                        a = 1 - beta if beta < 0 else -1 - beta if beta > 0 else 0
                        b = 1 - alpha if alpha < 0 else -1 - alpha if alpha > 0 else 0
                        value = negamax(child, ck, them, depth, ply + 1, a, b)
                        value = 1 - value if value > 0 else -1 - value if value < 0 else 0
                elif them == me:
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
                if lines is not None:  # the line below a searched child is its own
                    below = () if frontier or ended(child, ck) else lines[ply + 1]
                    lines[ply] = (move, *below)
                if value > alpha and prune:
                    raised, alpha = alpha, value
                    if alpha >= beta:
                        if traced:
                            write.cut(node, kept, moves, count, move, maximizing, sign * value,
                                      root_window(sign, raised, beta))  # fmt: skip
                        if ordering:
                            reward(move, depth, ply)
                        break
        search.nodes += len(moves) if ends_first and depth > 1 else count
        if traced:
            write.recorder.set(node, value=sign * best)
        if store is not None:  # does the value rest on the depth cutoff?
            store(k, entry, depth, best, start_alpha, beta, best_move, search.cuts != cuts)
        return best

    return negamax, ended
