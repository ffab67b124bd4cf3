"""Minimax and alpha-beta searches that record the tree they explore (``zerosum.trace``).

They run only when a trace is asked for (``zs.trace``, ``Minimax(trace=cap)``,
``AlphaBeta(trace=cap)``), so the searches of ``classic.py`` and ``search.py`` stay as
they are. :class:`TracedSearch` is the Python alpha-beta search of ``search.py`` with
every switch (ordering, table, depth_adjust, deepening, seed), taking the same steps in
the same order and counting the same nodes; it records the last iteration it finished.
Standing in for a compiled search, it counts and scans as the compiled search does
where that search can be followed (``mirror``; see :func:`compiled_note`).

Values and windows are recorded for the root's player (the textbook's MAX); a value is
what its node returned. With ``depth_adjust`` a value shrinks by ``DECAY`` each ply it
travels up; the trace shows every value and window as the root sees it
(:func:`in_root_terms`), so a parent's value is its best child's, as a textbook draws it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from .. import budget, hooks
from ..game import Game
from ..trace import Recorder, Trace
from ..trace.text import number
from .base import evaluator
from .search import _INF, DECAY, _MoveOrder, _Search, _Timeout, stored_bounds

if TYPE_CHECKING:
    from .classic import Minimax
    from .search import AlphaBeta

__all__ = [
    "TracedSearch", "alphabeta_trace", "compiled_note", "evaluation_trace", "minimax_tree",
    "rerun", "spoken",
]  # fmt: skip


def spoken(game: Game, move: Any) -> str:
    """A move as the game writes it."""
    write = hooks.format_action(game)
    return write(move) if write is not None else str(move)


def _cut_reason(maximizing: bool, value: float, alpha: float, beta: float) -> str:
    """Why a child's value (root player's view) ended its parent's loop."""
    if maximizing:
        return (
            f"MAX gets {number(value)} here, at least beta = {number(beta)}, what MIN can "
            "already hold MAX to elsewhere: MIN never lets the game come here, so the "
            "other moves need no search"
        )
    return (
        f"MIN holds MAX to {number(value)} here, at most alpha = {number(alpha)}, what MAX "
        "can already get elsewhere: MAX never lets the game come here, so the other moves "
        "need no search"
    )


def _pruned_reason(cutter: str, maximizing: bool, value: float, alpha: float, beta: float) -> str:
    """Why a move was never searched (the renderers say "pruned" themselves): the value of
    its sibling ``cutter`` (root player's view) against the window it crossed."""
    if maximizing:
        crossed = f"{number(value)} >= beta {number(beta)}"
    else:
        crossed = f"{number(value)} <= alpha {number(alpha)}"
    above = "MIN" if maximizing else "MAX"
    return f"{cutter} ({crossed}) already showed that {above}, above, avoids this position"


def _agent_name(agent: Any) -> str:
    return hooks.spec(agent) or repr(agent)


def _game_name(game: Game) -> str:
    return hooks.spec(game) or type(game).__name__


def alphabeta_settings(
    agent: AlphaBeta, iteration: float, iterations: int
) -> tuple[dict[str, Any], str]:
    """An alpha-beta trace's ``switches`` (the agent's settings, and the depth of the
    iteration recorded: None for the end) and, when that is not simply the one search
    asked for, the words saying which iteration of iterative deepening it shows."""
    switches = {
        "depth": agent.depth,
        "ordering": agent.ordering,
        "table": agent.table,
        "depth_adjust": agent.depth_adjust,
        "seed": agent.seed,
        "time_limit": agent.time_limit,
        "iteration": None if iteration == _INF else int(iteration),
    }
    if iterations == 1 and iteration == (agent.depth or _INF):
        return switches, ""
    to = "the end" if iteration == _INF else f"depth {int(iteration)}"
    return switches, (
        f"recorded: the search to {to}, the last finished of the {iterations} "
        "iterations of iterative deepening started"
    )


def in_root_terms(recorder: Recorder, decay: float) -> None:
    """Scale each recorded node's value and window by ``decay`` once per ply below the
    root: the search shrinks a value each ply it travels up (a win sooner is worth
    more), so in the node's own terms a parent's value would be its best child's times
    ``decay``, and a person reading the tree sees a root that is not its best move's
    value. The heuristic stays the evaluation itself."""
    if decay == 1.0:
        return
    for node in recorder.nodes:
        factor = decay**node.ply
        for name in ("value", "alpha", "beta"):
            found = getattr(node, name)
            if found is not None:
                setattr(node, name, found * factor)


def _line(best: dict[int, int], start: int | None) -> list[int]:
    """Node ids from ``start`` down its best children."""
    line: list[int] = []
    while start is not None:
        line.append(start)
        start = best.get(start)
    return line


# ---- minimax ----


def minimax_tree(
    agent: Minimax, game: Game, state: Any, cap: int
) -> tuple[float, list[Any], int, Trace]:
    """``Minimax.search`` recording its tree: ``(value, principal variation, nodes, trace)``."""
    me = game.player(state)
    heuristic = agent.scorer(game)
    recorder = Recorder(cap)
    best_child: dict[int, int] = {}
    window = {"alpha": None, "beta": None}

    def value(s: Any, depth: int | None, node: int | None) -> tuple[float, list[Any]]:
        if game.is_terminal(s):
            v = game.utility(s, me)
            recorder.set(node, kind="terminal", value=v)
            return v, []
        if depth == 0:
            v = heuristic(s, me)
            recorder.set(node, kind="cutoff", value=v, heuristic=v)
            return v, []
        maximizing = game.player(s) == me
        best: float | None = None
        line: list[Any] = []
        for a in game.actions(s):
            child = game.result(s, a)
            child_max = not maximizing if game.is_terminal(child) else game.player(child) == me
            kept = recorder.enter(node, spoken(game, a), child_max, child, **window)
            v, rest = value(child, None if depth is None else depth - 1, kept)
            if best is None or (v > best if maximizing else v < best):
                best, line = v, [a, *rest]
                if node is not None and kept is not None:
                    best_child[node] = kept
        assert best is not None, "a non-terminal state must have an action"
        recorder.set(node, value=best)
        return best, line

    root = recorder.enter(None, "", True, state, **window)
    v, pv = value(state, agent.depth, root)
    found = recorder.trace(
        "minimax",
        _agent_name(agent),
        _game_name(game),
        move=spoken(game, pv[0]) if pv else "",
        value=v,
        pv=_line(best_child, root),
        switches={"depth": agent.depth},
        game_object=game,
    )
    return v, pv, recorder.visited, found


# ---- alpha-beta ----


def compiled_note(agent: AlphaBeta) -> tuple[bool, str]:
    """Whether a Python search can count the nodes of ``agent``'s compiled search
    (``mirror``), and the trace's note saying where the trace came from."""
    if not agent.ordering and not agent.table:
        return True, (
            "the agent's search is compiled: this is the same search re-run on the Python "
            "path, with the compiled search's steps (a move that ends the game is looked "
            "for first at an inner node) and node count"
        )
    return False, (
        "the agent's search is compiled: this is the same search re-run on the Python path "
        "with the same switches; its value is the compiled search's, but with move "
        "ordering or the table on, its node count and order of moves may differ (the "
        "compiled search keys its table by symmetry, keeps frontier nodes out of it and "
        "first looks for a move that ends the game)"
    )


class TracedSearch(_Search):
    """The Python alpha-beta search (``search._Search``) recording its last iteration's
    tree: at most ``cap`` nodes. ``mirror``: count and scan as the compiled search does
    (for ``ordering=False, table=False``)."""

    def __init__(
        self, agent: AlphaBeta, game: Game, deadline: float | None, cap: int, mirror: bool = False
    ) -> None:
        super().__init__(agent, game, deadline)
        self.cap = cap
        self.mirror = mirror
        self.recorder: Recorder | None = None  # the iteration being searched
        self.finished: Recorder | None = None  # the last iteration finished
        self.best_child: dict[int, int] = {}
        self.finished_best: dict[int, int] = {}
        self.iteration: float = 0  # the depth of the iteration being searched
        self.finished_iteration: float = 0
        self.iterations = 0  # iterations started
        self.root_me = 0

    def trace(self, state: Any, move: Any, value: float, note: str = "", name: str = "") -> Trace:
        """The trace of the last finished iteration (else of the one the deadline cut), of
        the agent ``name`` (by default, of this search's agent)."""
        recorder = self.finished or self.recorder
        assert recorder is not None, "the search has not run"
        best = self.finished_best if self.finished else self.best_child
        iteration = self.finished_iteration if self.finished else self.iteration
        agent = self.agent
        root, said = recorder.nodes[0], spoken(self.game, move)
        chosen = next((i for i in root.children if recorder.nodes[i].move == said), None)
        pv = [root.id, *_line(best, chosen)]
        switches, recorded = alphabeta_settings(agent, iteration, self.iterations)
        words = [word for word in (note, recorded) if word]
        in_root_terms(recorder, DECAY if agent.depth_adjust else 1.0)
        return recorder.trace(
            "alphabeta",
            name or _agent_name(agent),
            _game_name(self.game),
            move=spoken(self.game, move),
            value=value,
            pv=pv,
            switches=switches,
            note="; ".join(words),
            game_object=self.game,
        )

    def _root(self, state: Any, moves: list[Any], depth: float) -> tuple[float, list[Any]]:
        game, negamax, key = self.game, self.negamax, self.key
        me = self.root_me = game.player(state)
        decay = DECAY if self.agent.depth_adjust else 1.0
        random_ties = self.agent.seed is not None
        recorder = self.recorder = Recorder(self.cap)
        self.best_child = {}
        self.iteration = depth
        self.iterations += 1
        root = recorder.enter(None, "", True, state, alpha=-_INF, beta=_INF)
        best, tied = -_INF, [moves[0]]
        alpha = -_INF
        for move in moves:
            child = game.result(state, move)
            ck = key(child)
            self.nodes += 1
            low = math.nextafter(alpha, -_INF) if random_ties else alpha
            ended = bool(game.is_terminal(child))
            child_max = (not ended) and game.player(child) == me
            node = recorder.enter(
                root, spoken(game, move), child_max, child, alpha=low / decay, beta=_INF
            )
            if ended:
                raw = game.utility(child, me)
                recorder.set(node, kind="terminal", value=raw)
                value = raw * decay
            elif depth == 1:
                self.cuts += 1
                raw = self.heuristic(child, me)
                recorder.set(node, kind="cutoff", value=raw, heuristic=raw)
                value = raw * decay
            else:
                them = game.player(child)
                if them == me:
                    value = decay * negamax(child, ck, me, depth - 1, 1, low / decay, _INF, node)
                else:
                    value = -decay * negamax(
                        child, ck, them, depth - 1, 1, -_INF, -low / decay, node
                    )
            if value > best:
                best, tied = value, [move]
                alpha = max(alpha, value)
                if node is not None and root is not None:
                    self.best_child[root] = node
            elif value == best and random_ties:
                tied.append(move)
            self.partial = (best, tied)
        recorder.set(root, value=best)
        if self.table is not None:
            self._store(state, depth, best, best, tied[0], self.cuts > 0)
        self.finished, self.finished_best = recorder, self.best_child
        self.finished_iteration = self.iteration
        return best, tied

    def _build(self, ordering: bool) -> Callable[..., float]:
        """``search._Search._build``'s recursion, step for step, recording as it goes
        (the game asked directly: a trace is for looking at, not for speed)."""
        game, agent = self.game, self.agent
        actions, result, is_terminal = game.actions, game.result, game.is_terminal
        utility, player, key = game.utility, game.player, self.key
        heuristic = self.heuristic
        table = self.table
        size = agent.table_size
        decay = DECAY if agent.depth_adjust else 1.0
        deadline = self.deadline
        clock = time.perf_counter
        move_order = _MoveOrder(game)
        order, reward = move_order.order, move_order.reward
        mirror = self.mirror
        search = self

        def prune(
            node: int | None, moves: Any, after: int, cutter: Any, maximizing: bool,
            value: float, window: tuple[float, float],
        ) -> None:  # fmt: skip
            recorder = search.recorder
            assert recorder is not None
            reason = _pruned_reason(spoken(game, cutter), maximizing, value, *window)
            for move in moves[after:]:
                if move != cutter:
                    recorder.enter(
                        node, spoken(game, move), not maximizing, kind="pruned", reason=reason
                    )

        def negamax(
            state: Any,
            k: Hashable,
            me: int,
            depth: float,
            ply: int,
            alpha: float,
            beta: float,
            node: int | None,
        ) -> float:
            recorder = search.recorder
            assert recorder is not None
            maximizing = me == search.root_me
            sign = 1.0 if maximizing else -1.0
            first = None
            if table is not None:
                entry = table.get(k)
                if entry is not None:
                    first = entry[3]
                    if entry[0] == depth:
                        search.cuts += entry[4]
                        low, high = entry[1], entry[2]
                        answer = None
                        if low >= beta or low == high:
                            answer = low
                        elif high <= alpha:
                            answer = high
                        if answer is not None:
                            recorder.set(
                                node, kind="table", table="hit", value=sign * answer,
                                reason="answered by the transposition table",
                            )  # fmt: skip
                            return answer
                        recorder.set(node, table="hit")
                        if low > alpha:
                            alpha = low
                        if high < beta:
                            beta = high
            if deadline is not None and clock() > deadline:
                raise _Timeout
            moves = list(actions(state))
            if ordering and len(moves) > 1:
                moves = order(moves, first, ply)
            start_alpha = alpha
            cuts = search.cuts
            if depth == 1:
                search.cuts += 1
            best, best_move, count = -_INF, None, 0
            if mirror and depth > 1:
                # the compiled search first looks for a move that ends the game well enough
                for i, move in enumerate(moves):
                    child = result(state, move)
                    if is_terminal(child) and utility(child, me) * decay >= beta:
                        raw = utility(child, me)
                        window = _window(sign, alpha, beta, decay)
                        root_window = _root_window(sign, alpha, beta)
                        why = _cut_reason(maximizing, sign * raw * decay, *root_window)
                        kept = recorder.enter(
                            node, spoken(game, move), not maximizing, child, kind="terminal",
                            value=sign * raw, cut=True, **window,
                            reason=f"ends the game at once, enough for a cut-off: {why}",
                        )  # fmt: skip
                        prune(node, moves, 0, move, maximizing, sign * raw * decay, root_window)
                        recorder.set(node, value=sign * raw * decay)
                        if kept is not None and node is not None:
                            search.best_child[node] = kept
                        search.nodes += i + 1
                        return raw * decay
            for i, move in enumerate(moves):
                count += 1
                child = result(state, move)
                ck = key(child)
                window = _window(sign, alpha, beta, decay)
                if is_terminal(child):
                    raw = utility(child, me)
                    kept = recorder.enter(
                        node, spoken(game, move), not maximizing, child, kind="terminal",
                        value=sign * raw, **window,
                    )  # fmt: skip
                    value = raw * decay
                elif depth == 1:
                    raw = heuristic(child, me)
                    them = player(child)
                    kept = recorder.enter(
                        node, spoken(game, move), them == search.root_me, child, kind="cutoff",
                        value=sign * raw, heuristic=sign * raw, **window,
                    )  # fmt: skip
                    value = raw * decay
                else:
                    them = player(child)
                    kept = recorder.enter(
                        node, spoken(game, move), them == search.root_me, child, **window
                    )
                    if them == me:
                        value = decay * negamax(
                            child, ck, me, depth - 1, ply + 1, alpha / decay, beta / decay, kept
                        )
                    else:
                        value = -decay * negamax(
                            child, ck, them, depth - 1, ply + 1, -beta / decay, -alpha / decay,
                            kept,
                        )  # fmt: skip
                if value > best:
                    best, best_move = value, move
                    if kept is not None and node is not None:
                        search.best_child[node] = kept
                    if value > alpha:
                        a_root, b_root = _root_window(sign, alpha, beta)
                        alpha = value
                        if alpha >= beta:
                            recorder.set(
                                kept, cut=True,
                                reason=_cut_reason(maximizing, sign * value, a_root, b_root),
                            )  # fmt: skip
                            prune(
                                node, moves, i + 1, move, maximizing, sign * value,
                                (a_root, b_root),
                            )  # fmt: skip
                            if ordering:
                                reward(move, depth, ply)
                            break
            search.nodes += len(moves) if mirror and depth > 1 else count
            recorder.set(node, value=sign * best)
            if table is not None:
                if len(table) >= size:
                    table.clear()
                table[k] = stored_bounds(
                    depth, best, start_alpha, beta, best_move, search.cuts != cuts
                )
            return best

        return negamax


def _root_window(sign: float, alpha: float, beta: float) -> tuple[float, float]:
    """A negamax window of the player to move as the root player's ``(alpha, beta)``."""
    return (alpha, beta) if sign > 0 else (-beta, -alpha)


def _window(sign: float, alpha: float, beta: float, decay: float) -> dict[str, float]:
    """A child's window on entry, for the root player: its parent's, one ply further."""
    low, high = _root_window(sign, alpha, beta)
    return {"alpha": low / decay, "beta": high / decay}


def alphabeta_trace(
    agent: AlphaBeta,
    game: Game,
    state: Any,
    search: _Search | None,
    move: Any,
    value: float | None,
    cap: int,
) -> Trace:
    """The trace of ``agent``'s move: from ``search`` when it was a :class:`TracedSearch`,
    else from a fresh search with the same switches on the Python path (``search`` was
    compiled, or None: ``zs.trace``), its move ``move`` when that is one of its best."""
    if isinstance(search, TracedSearch):
        assert value is not None
        return search.trace(state, move, value)
    found, _ = rerun(agent, game, state, cap, move)
    return found


def rerun(
    agent: AlphaBeta, game: Game, state: Any, cap: int, move: Any = None
) -> tuple[Trace, int]:
    """A fresh traced search of ``state`` with ``agent``'s switches on the Python path:
    its trace and its node count."""
    from .search import AlphaBeta

    twin = AlphaBeta(
        agent.depth, agent.evaluate, agent.time_limit, agent.ordering, agent.table,
        agent.depth_adjust, agent.seed, agent.table_size, compiled=False,
    )  # fmt: skip
    twin._table_game = game
    note = ""
    mirror = False
    if agent.depth == 0:
        return evaluation_trace("alphabeta", agent, game, state, cap), 1
    if agent.would_compile(game):
        mirror, note = compiled_note(agent)

    start = time.perf_counter()
    # the agent's time limit (and the caller's deadline) bound the re-run as the move
    search = TracedSearch(twin, game, budget.deadline_for(agent.time_limit, start), cap, mirror)
    value, moves, _ = search.run(state, start)
    if move is None or move not in moves:
        move = moves[0] if agent.seed is None or len(moves) == 1 else twin.rng.choice(moves)
    return search.trace(state, move, value, note, _agent_name(agent)), search.nodes


def evaluation_trace(algorithm: str, agent: Any, game: Game, state: Any, cap: int) -> Trace:
    """Depth 0: the root alone, scored by the heuristic."""
    me = game.player(state)
    value = evaluator(game, agent.evaluate)(state, me)
    recorder = Recorder(cap)
    recorder.enter(None, "", True, state, kind="cutoff", value=value, heuristic=value)
    first = next(iter(game.actions(state)))
    return recorder.trace(
        algorithm, _agent_name(agent), _game_name(game), move=spoken(game, first), value=value,
        pv=[0], switches={"depth": 0}, game_object=game,
    )  # fmt: skip
