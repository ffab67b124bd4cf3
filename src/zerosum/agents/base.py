"""What agents share: the agent contract, and the summary a searcher leaves of its last move
(:class:`SearchInfo`, defined in :mod:`zerosum.records.search`)."""

from __future__ import annotations

import random
from collections.abc import Callable

from .. import hooks
from ..game import Action, Game, State
from ..records.search import SearchInfo  # its home is the records floor; importable here

__all__ = ["Agent", "Resignation", "SearchInfo", "Seeded", "check_trace_cap", "evaluator"]

#: An agent is any callable ``agent(game, state) -> action`` (``Agent[State, Action]``
#: for a game's own types; a bare ``Agent`` plays any game).
Agent = Callable[[Game[State, Action], State], Action]


class Resignation(Exception):
    """Raised by an agent that gives up the game (a person closing the input)."""


class Seeded:
    """Base of agents that draw random numbers: ``seed=None`` means fresh entropy.

    ``reset(seed)`` forgets memory between games and, given a seed, reseeds, so the arena
    can give every game its own reproducible stream.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def reset(self, seed: int | None = None) -> None:
        self.rng = random.Random(self.seed if seed is None else seed)


#: An evaluation ``evaluate(state, player) -> float`` of a game's states.
Heuristic = Callable[[State, int], float]


def evaluator(game: Game[State, Action], evaluate: Heuristic[State] | None) -> Heuristic[State]:
    """The heuristic to use at a depth cutoff: ``evaluate``, else ``game.evaluate``, else 0."""
    if evaluate is not None:
        return evaluate
    return hooks.evaluate(game) or (lambda state, player: 0.0)


def check_trace_cap(cap: int | None) -> None:
    """Refuse a ``trace`` option that is not None or a positive number of nodes."""
    if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 1):
        raise ValueError(f"trace must be a positive number of nodes to keep, or None; not {cap!r}")
