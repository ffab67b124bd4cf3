"""The reference searches a student's function is held against, written plainly as the
course writes them: exact values (minimax with a table), plain minimax and textbook
alpha-beta in the game's order of actions (node for node: run through a
:class:`~zerosum.teach.counting.CountingGame`), and depth-limited minimax with an
evaluation of the student's."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..game import Game, state_key

__all__ = ["action_values", "minimax", "alphabeta", "depth_values"]

Evaluate = Callable[[Any, Any, int], float]


def action_values(game: Game, state: Any) -> list[tuple[Any, float]]:
    """Each legal action of ``state`` with its exact minimax value for the player to move."""
    table: dict[Any, float] = {}
    me = game.player(state)

    def value(s: Any) -> float:  # the value for ``me``
        if game.is_terminal(s):
            return game.utility(s, me)
        key = state_key(game, s)
        if key not in table:
            children = [value(game.result(s, a)) for a in game.actions(s)]
            table[key] = max(children) if game.player(s) == me else min(children)
        return table[key]

    return [(a, value(game.result(state, a))) for a in game.actions(state)]


def minimax(game: Game, state: Any) -> Any:
    """Plain minimax: the first action of the best value, no table, no pruning."""
    me = game.player(state)

    def value(s: Any) -> float:
        if game.is_terminal(s):
            return game.utility(s, me)
        children = [value(game.result(s, a)) for a in game.actions(s)]
        return max(children) if game.player(s) == me else min(children)

    best, best_value = None, -math.inf
    for a in game.actions(state):
        v = value(game.result(state, a))
        if v > best_value:
            best, best_value = a, v
    return best


def alphabeta(game: Game, state: Any, *, strict: bool = False) -> Any:
    """Textbook alpha-beta (the root's alpha raised after each action): a node's remaining
    actions are cut once its value reaches the bound (``>=``), or with ``strict`` once it
    passes it (``>``): both are alpha-beta, and a student may write either."""
    me = game.player(state)

    def cut(v: float, bound: float) -> bool:
        return v > bound if strict else v >= bound

    def max_value(s: Any, alpha: float, beta: float) -> float:
        if game.is_terminal(s):
            return game.utility(s, me)
        v = -math.inf
        for a in game.actions(s):
            v = max(v, value(game.result(s, a), alpha, beta))
            if cut(v, beta):
                return v
            alpha = max(alpha, v)
        return v

    def min_value(s: Any, alpha: float, beta: float) -> float:
        if game.is_terminal(s):
            return game.utility(s, me)
        v = math.inf
        for a in game.actions(s):
            v = min(v, value(game.result(s, a), alpha, beta))
            if cut(-v, -alpha):
                return v
            beta = min(beta, v)
        return v

    def value(s: Any, alpha: float, beta: float) -> float:
        turn = max_value if game.player(s) == me else min_value
        return turn(s, alpha, beta)

    best, alpha = None, -math.inf
    for a in game.actions(state):
        v = value(game.result(state, a), alpha, math.inf)
        if v > alpha or best is None:
            best, alpha = a, max(alpha, v)
    return best


def depth_values(game: Game, state: Any, depth: int, evaluate: Evaluate) -> list[tuple[Any, float]]:
    """Each action's value by minimax ``depth`` moves deep (the action itself the first),
    the states at the depth or terminal before it scored ``evaluate(game, s, me)``, ``me``
    the player to move at ``state``."""
    me = game.player(state)

    def value(s: Any, left: int) -> float:
        if left == 0 or game.is_terminal(s):
            return float(evaluate(game, s, me))
        children = [value(game.result(s, a), left - 1) for a in game.actions(s)]
        return max(children) if game.player(s) == me else min(children)

    return [(a, value(game.result(state, a), depth - 1)) for a in game.actions(state)]
