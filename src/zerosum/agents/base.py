"""What agents share: the agent contract and the summary a searcher leaves of its last move."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import hooks
from ..game import Game
from ..records import codec, show

if TYPE_CHECKING:
    from ..records.trace import Trace

__all__ = ["Agent", "Resignation", "SearchInfo", "Seeded", "check_trace_cap", "evaluator"]

#: An agent is any callable ``agent(game, state) -> action``.
Agent = Callable[[Game, Any], Any]


class Resignation(Exception):
    """Raised by an agent that gives up the game (a person closing the input)."""


@dataclass(frozen=True)
class SearchInfo:
    """What one search did: its value for the player to move, the depth it reached, the nodes
    it visited, the seconds it took and the principal variation (actions, best first).

    ``note`` is set when the caller's deadline cut the search short of what the agent was
    asked to do (a depth, a number of playouts, a proof): it says how far it got and
    which move it played instead. ``trace`` is the tree the search explored, kept when the
    agent was asked for it (``AlphaBeta(trace=cap)``, ``Minimax(trace=cap)``)."""

    value: float
    depth: int
    nodes: int
    seconds: float
    pv: tuple[Any, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)
    note: str = ""
    trace: Trace | None = field(default=None, repr=False, compare=False)

    @property
    def cut_short(self) -> bool:
        """Whether the caller's deadline stopped the search before it finished."""
        return bool(self.note)

    def _repr_html_(self) -> str:
        """Jupyter's drawing (:func:`zerosum.report.display.search_html`)."""
        return show.html(self)


codec.read_searches_as(SearchInfo)  # game records keep, and read back, searches as these


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


Heuristic = Callable[[Any, int], float]


def evaluator(game: Game, evaluate: Heuristic | None) -> Heuristic:
    """The heuristic to use at a depth cutoff: ``evaluate``, else ``game.evaluate``, else 0."""
    if evaluate is not None:
        return evaluate
    return hooks.evaluate(game) or (lambda state, player: 0.0)


def check_trace_cap(cap: int | None) -> None:
    """Refuse a ``trace`` option that is not None or a positive number of nodes."""
    if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 1):
        raise ValueError(f"trace must be a positive number of nodes to keep, or None; not {cap!r}")
