"""Plain minimax, as the textbooks write it: the baseline every faster search is measured by."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from ..game import Action, Game, State
from ..records.search import MinimaxInfo
from .base import Heuristic, SearchInfo, check_trace_cap, evaluator
from .search import AlphaBeta, _Search

if TYPE_CHECKING:
    from ..trace import Trace

__all__ = ["Minimax"]


class Minimax:
    """Minimax without pruning, optionally cut off at ``depth`` plies with a heuristic.

    Values are from the point of view of the player to move at the root: terminal states
    score their utility, cut-off states ``evaluate(state, root_player)`` (the ``evaluate``
    given here, else the game's, else 0). The first best action in the game's order is
    played. ``depth=0`` only scores the position (``last.value``) and plays the first
    legal move. ``last`` holds the :class:`SearchInfo` of the latest move; with ``trace``
    (a number of nodes) ``last.trace`` also holds the tree the search explored
    (``zerosum.trace``; off by default, and then the search is untouched).
    """

    def __init__(
        self,
        depth: int | None = None,
        evaluate: Heuristic | None = None,
        trace: int | None = None,
    ) -> None:
        if depth is not None and (not isinstance(depth, int) or depth < 0):
            raise ValueError(f"depth must be an integer of at least 0, or None; not {depth!r}")
        check_trace_cap(trace)
        self.depth = depth
        self.evaluate = evaluate
        self.trace = trace
        self.last: SearchInfo | None = None
        self._rated: Sequence[tuple[object, float, bool]] = []
        self._cut = False  # did the last search score a position at its depth cutoff?

    def __call__(self, game: Game[State, Action], state: State) -> Action:
        start = time.perf_counter()
        tree = None
        self._rated = []
        self._cut = False
        if self.trace is None:
            value, pv, nodes = self.search(game, state)
        else:
            from .traced_search import minimax_tree

            value, pv, nodes, tree = minimax_tree(self, game, state, self.trace)
        seconds = time.perf_counter() - start
        # each root move's exact value (minimax prunes nothing), for the page and the judge;
        # to_end: every line ended, the value is proved (agents/summary.py)
        rated, to_end = tuple(self._rated), not self._cut
        if not pv:  # depth 0: the position scored, the first move played
            pv = list(game.actions(state))[:1]
            self.last = MinimaxInfo(
                value, 0, nodes, seconds, tuple(pv), trace=tree, rated=rated, to_end=to_end
            )
        else:
            self.last = MinimaxInfo(
                value, len(pv), nodes, seconds, tuple(pv), trace=tree, rated=rated, to_end=to_end
            )
        return pv[0]

    def traced(self, game: Game[State, Action], state: State, cap: int) -> Trace:
        """The tree this agent's search for a move in ``state`` explores, at most ``cap``
        nodes kept."""
        from .traced_search import minimax_tree

        return minimax_tree(self, game, state, cap)[3]

    def search(self, game: Game[State, Action], state: State) -> tuple[float, list[Action], int]:
        """``(value, principal variation, nodes)`` of ``state`` for the player to move: the
        shared negamax (:func:`~zerosum.agents.negamax.build_negamax`) with the window
        never narrowed, so every child is searched and every value is exact."""
        self._rated = []
        me = game.player(state)
        if self.depth == 0:
            if game.is_terminal(state):
                return game.utility(state, me), [], 1
            return self.scorer(game)(state, me), [], 1
        search = minimax_search(self, _Search(minimax_twin(self, game), game, None), me)
        value, _, _ = search.run(state, time.perf_counter())
        self._rated = search.rated  # each root move, its exact value, never a bound
        assert search.lines is not None
        line = cast("list[Action]", list(search.lines[0]))  # the game's actions
        return value, line, search.nodes + 1  # the root counts too

    def scorer(self, game: Game[State, Action]) -> Callable[[State, int], float]:
        """The heuristic that scores a position at the depth cutoff, noting that a line
        was cut (so a value found with no cut is proved, not estimated)."""
        heuristic = evaluator(game, self.evaluate)

        def score(state: State, player: int) -> float:
            self._cut = True
            return heuristic(state, player)

        return score

    def __repr__(self) -> str:
        traced = "" if self.trace is None else f", trace={self.trace!r}"
        return f"Minimax(depth={self.depth!r}{traced})"


def minimax_search(
    agent: Minimax, search: _Search[State, Action], root: int
) -> _Search[State, Action]:
    """``search`` (a ``search._Search`` of :func:`minimax_twin`, or its traced kind) set up
    as ``agent``'s: the full window at every node (``prune`` off), the principal variation
    kept (``lines``), and cut-off positions scored for the ``root`` player by
    :meth:`Minimax.scorer` and negated for the other (a heuristic need not be
    antisymmetric)."""
    search.prune = False
    search.lines = {}
    search.decay = 1  # an int: values keep the game's type (a utility of 1 stays 1)
    score = agent.scorer(search.game)

    def heuristic(child: State, me: int) -> float:
        value = score(child, root)
        return value if me == root else -value

    search.heuristic = heuristic
    return search


def minimax_twin(agent: Minimax, game: Game[State, Action]) -> AlphaBeta:
    """The settings the shared search reads for ``agent`` in ``game``: alpha-beta's Python
    path with no ordering, no table and no decay, searching once to ``agent``'s depth,
    with a fresh memo of the game's answers (the leaf values are one root player's)."""
    twin = AlphaBeta(agent.depth, agent.evaluate, ordering=False, table=False,
                     depth_adjust=False, compiled=False)  # fmt: skip
    twin._table_game = game
    return twin
