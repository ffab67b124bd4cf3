"""The yardstick of a training: a fixed set of positions, each solved exactly once, and
the share of them in which a move keeps the solver's value (a win stays a win, a draw a
draw), the same measure as ``zerosum grade``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic

from ..agents.solve import Solver
from ..analysis.grade import random_positions
from ..game import Action, Game, State

__all__ = ["Truths", "solve_positions"]


@dataclass(frozen=True)
class Truths(Generic[State, Action]):
    """Positions with the value of each and of each legal move, for the player to move."""

    states: tuple[State, ...]
    values: tuple[int, ...]
    action_values: tuple[dict[Action, int], ...]

    def kept_share(self, choose: Callable[[State], Action]) -> float:
        """The share of positions in which ``choose``'s move keeps the value."""
        kept = sum(
            moves[choose(state)] == value
            for state, value, moves in zip(
                self.states, self.values, self.action_values, strict=True
            )  # fmt: skip
        )
        return kept / len(self.states)


def solve_positions(
    game: Game[State, Action], count: int, plies: tuple[int, int], seed: int = 0
) -> Truths[State, Action]:
    """``count`` random positions of ``plies`` (seeded, as ``zerosum grade`` draws them;
    all there are in a game with fewer), solved."""
    states: Sequence[State] = random_positions(game, count, plies, seed, fewer=True)
    solver = Solver(game)
    answers = [solver.solve(state, weak=True) for state in states]
    return Truths(
        tuple(states),
        tuple(int(a.value) for a in answers),
        tuple(dict(a.action_values) for a in answers),
    )
