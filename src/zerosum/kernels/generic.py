"""Random playouts through a game's own methods: works for every game, needs no compiler."""

from __future__ import annotations

import random

from ..game import Action, Game, State

__all__ = ["random_playouts"]


def random_playouts(game: Game[State, Action], state: State, n: int, rng: random.Random) -> float:
    """Total utility for player 1 of ``n`` random playouts from ``state``, through the game's
    own methods (works for any game; the fallback when no compiled kernel applies)."""
    total = 0.0
    for _ in range(n):
        s = state
        while not game.is_terminal(s):
            s = game.result(s, rng.choice(game.actions(s)))
        total += game.utility(s, 1)
    return total
