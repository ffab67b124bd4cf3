"""Minimax and alpha-beta searches that record the tree they explore (``zerosum.trace``).

They run only when a trace is asked for (``zs.trace``, ``Minimax(trace=cap)``,
``AlphaBeta(trace=cap)``). :class:`TracedSearch` is the Python alpha-beta search of
``search.py`` with every switch (ordering, table, depth_adjust, deepening, seed), running
the same recursion (``negamax.py``) with its recording on, so it takes the same steps in
the same order and counts the same nodes; it records the last iteration it finished.
The words beside its nodes (cut and prune reasons, windows, the best line) are
:mod:`zerosum.trace.reasons`'s, which the compiled search's trace uses too.
Standing in for a compiled search, it counts and scans as the compiled search does
where that search can be followed (``mirror``; see :func:`compiled_note`). Set up as
Minimax's (``classic.py`` :func:`~zerosum.agents.classic.minimax_search`: the full
window), it is also Minimax's traced search (:func:`minimax_tree`).

Values and windows are recorded for the root's player (the textbook's MAX); a value is
what its node returned. With ``depth_adjust`` a value shrinks by ``DECAY`` each ply it
travels up; the trace shows every value and window as the root sees it
(:func:`in_root_terms`), so a parent's value is its best child's, as a textbook draws it.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, cast

from .. import budget
from ..game import Action, Game, State
from ..trace import Recorder, Trace
from ..trace.reasons import agent_name, best_line, game_name, in_root_terms, spoken
from .base import evaluator
from .search import _INF, DECAY, _Search

if TYPE_CHECKING:
    from .classic import Minimax
    from .search import AlphaBeta

__all__ = [
    "TracedSearch", "alphabeta_trace", "compiled_note", "evaluation_trace", "minimax_tree",
    "rerun", "spoken",
]  # fmt: skip


def alphabeta_settings(
    agent: AlphaBeta, iteration: float, iterations: int
) -> tuple[dict[str, object], str]:
    """An alpha-beta trace's ``switches`` (the agent's settings, and the depth of the
    iteration recorded: None for the end) and, when that is not simply the one search
    asked for, the words saying which iteration of iterative deepening it shows."""
    switches: dict[str, object] = {
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


# ---- minimax ----


def minimax_tree(
    agent: Minimax, game: Game[State, Action], state: State, cap: int
) -> tuple[float, list[Action], int, Trace]:
    """``Minimax.search`` recording its tree: ``(value, principal variation, nodes, trace)``.
    The same recursion (the shared negamax with the full window) with its recording on;
    minimax has no window, so the trace shows none."""
    from .classic import minimax_search, minimax_twin

    me = game.player(state)
    if agent.depth == 0:  # the root alone, scored
        recorder = Recorder(cap)
        root = recorder.enter(None, "", True, state, alpha=None, beta=None)
        ended = game.is_terminal(state)
        v = game.utility(state, me) if ended else agent.scorer(game)(state, me)
        facts = {"kind": "terminal"} if ended else {"kind": "cutoff", "heuristic": v}
        recorder.set(root, value=v, **facts)
        pv: list[Action] = []
        best_child: dict[int, int] = {}
    else:
        search = TracedSearch(minimax_twin(agent, game), game, None, cap)
        minimax_search(agent, search, me)
        v, _, _ = search.run(state, time.perf_counter())
        assert search.lines is not None and search.finished is not None
        pv = cast("list[Action]", list(search.lines[0]))  # the game's actions
        recorder, best_child, root = search.finished, search.finished_best, 0
        for node in recorder.nodes:
            node.alpha = node.beta = None
    found = recorder.trace(
        "minimax",
        agent_name(agent),
        game_name(game),
        move=spoken(game, pv[0]) if pv else "",
        value=v,
        pv=best_line(best_child, root),
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


class TracedSearch(_Search[State, Action]):
    """The Python alpha-beta search (``search._Search``) recording its last iteration's
    tree: at most ``cap`` nodes. ``mirror``: count and scan as the compiled search does
    (for ``ordering=False, table=False``)."""

    def __init__(
        self,
        agent: AlphaBeta,
        game: Game[State, Action],
        deadline: float | None,
        cap: int,
        mirror: bool = False,
    ) -> None:
        super().__init__(agent, game, deadline)
        self.cap = cap
        self.mirror = self.ends_first = mirror
        self.traced = True  # the recursion records into recorder (agents/negamax.py)
        self.recorder: Recorder | None = None  # the iteration being searched
        self.finished: Recorder | None = None  # the last iteration finished
        self.best_child: dict[int, int] = {}
        self.finished_best: dict[int, int] = {}
        self.iteration: float = 0  # the depth of the iteration being searched
        self.finished_iteration: float = 0
        self.iterations = 0  # iterations started
        self.root_me = 0

    def trace(
        self, state: State, move: Action, value: float, note: str = "", name: str = ""
    ) -> Trace:
        """The trace of the last finished iteration (else of the one the deadline cut), of
        the agent ``name`` (by default, of this search's agent)."""
        recorder = self.finished or self.recorder
        assert recorder is not None, "the search has not run"
        best = self.finished_best if self.finished else self.best_child
        iteration = self.finished_iteration if self.finished else self.iteration
        agent = self.agent
        root, said = recorder.nodes[0], spoken(self.game, move)
        chosen = next((i for i in root.children if recorder.nodes[i].move == said), None)
        pv = [root.id, *best_line(best, chosen)]
        switches, recorded = alphabeta_settings(agent, iteration, self.iterations)
        words = [word for word in (note, recorded) if word]
        in_root_terms(recorder, DECAY if agent.depth_adjust else 1.0)
        return recorder.trace(
            "alphabeta",
            name or agent_name(agent),
            game_name(self.game),
            move=spoken(self.game, move),
            value=value,
            pv=pv,
            switches=switches,
            note="; ".join(words),
            game_object=self.game,
        )

    def _begin(self, state: State, me: int, depth: float) -> int | None:
        """A fresh recorder for the iteration to ``depth``, and its root's node."""
        self.root_me = me
        recorder = self.recorder = Recorder(self.cap)
        self.best_child = {}
        self.iteration = depth
        self.iterations += 1
        return recorder.enter(None, "", True, state, alpha=-_INF, beta=_INF)

    def _finish(self, root: int | None, best: float) -> None:
        """The iteration finished: its tree is the one to show."""
        assert self.recorder is not None
        self.recorder.set(root, value=best)
        self.finished, self.finished_best = self.recorder, self.best_child
        self.finished_iteration = self.iteration


def alphabeta_trace(
    agent: AlphaBeta,
    game: Game[State, Action],
    state: State,
    search: _Search[State, Action] | None,
    move: Action | None,
    value: float | None,
    cap: int,
) -> Trace:
    """The trace of ``agent``'s move: from ``search`` when it was a :class:`TracedSearch`,
    else from a fresh search with the same switches on the Python path (``search`` was
    compiled, or None: ``zs.trace``), its move ``move`` when that is one of its best."""
    if isinstance(search, TracedSearch):
        assert value is not None and move is not None
        return search.trace(state, move, value)
    found, _ = rerun(agent, game, state, cap, move)
    return found


def rerun(
    agent: AlphaBeta,
    game: Game[State, Action],
    state: State,
    cap: int,
    move: Action | None = None,
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
    return search.trace(state, move, value, note, agent_name(agent)), search.nodes


def evaluation_trace(
    algorithm: str, agent: AlphaBeta, game: Game[State, Action], state: State, cap: int
) -> Trace:
    """Depth 0: the root alone, scored by the heuristic."""
    me = game.player(state)
    value = evaluator(game, agent.evaluate)(state, me)
    recorder = Recorder(cap)
    recorder.enter(None, "", True, state, kind="cutoff", value=value, heuristic=value)
    first = next(iter(game.actions(state)))
    return recorder.trace(
        algorithm, agent_name(agent), game_name(game), move=spoken(game, first), value=value,
        pv=[0], switches={"depth": 0}, game_object=game,
    )  # fmt: skip
