"""Plain minimax, as the textbooks write it: the baseline every faster search is measured by."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..game import Game
from .base import SearchInfo, evaluator

__all__ = ["Minimax"]


class Minimax:
    """Minimax without pruning, optionally cut off at ``depth`` plies with a heuristic.

    Values are from the point of view of the player to move at the root: terminal states
    score their utility, cut-off states ``evaluate(state, root_player)`` (the ``evaluate``
    given here, else the game's, else 0). The first best action in the game's order is
    played. ``last`` holds the :class:`SearchInfo` of the latest move.
    """

    def __init__(
        self, depth: int | None = None, evaluate: Callable[[Any, int], float] | None = None
    ) -> None:
        if depth is not None and depth < 1:
            raise ValueError(f"depth must be at least 1 or None, not {depth}")
        self.depth = depth
        self.evaluate = evaluate
        self.last: SearchInfo | None = None

    def __call__(self, game: Game, state: Any) -> Any:
        start = time.perf_counter()
        value, pv, nodes = self.search(game, state)
        self.last = SearchInfo(value, len(pv), nodes, time.perf_counter() - start, tuple(pv))
        return pv[0]

    def search(self, game: Game, state: Any) -> tuple[float, list[Any], int]:
        """``(value, principal variation, nodes)`` of ``state`` for the player to move."""
        me = game.player(state)
        heuristic = evaluator(game, self.evaluate)
        nodes = 0

        def value(s: Any, depth: int | None) -> tuple[float, list[Any]]:
            nonlocal nodes
            nodes += 1
            if game.is_terminal(s):
                return game.utility(s, me), []
            if depth == 0:
                return heuristic(s, me), []
            maximizing = game.player(s) == me
            best: float | None = None
            line: list[Any] = []
            for a in game.actions(s):
                v, rest = value(game.result(s, a), None if depth is None else depth - 1)
                if best is None or (v > best if maximizing else v < best):
                    best, line = v, [a, *rest]
            assert best is not None, "a non-terminal state must have an action"
            return best, line

        v, pv = value(state, self.depth)
        return v, pv, nodes

    def __repr__(self) -> str:
        return f"Minimax(depth={self.depth!r})"
