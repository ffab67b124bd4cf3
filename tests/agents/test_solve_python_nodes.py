"""The generic exact solver's Python search (the one negamax with the solver's
``ExactRules``) visits exactly the positions it visited as a recursion of its own: node
counts, values and plies pinned from that search, so a change to the shared negamax that
moves the solver's steps (a bound, a cut-off, the first pass, the count) fails here."""

from __future__ import annotations

from typing import Any

import pytest

import zerosum as zs
from helpers import Pile
from zerosum.agents.solve import Solver


class Again(Pile):
    """Ten stones; who takes two moves again (a mover who moves twice in a row)."""

    initial_state = (10, 1)

    def result(self, state: Any, action: Any) -> Any:
        return (state[0] - action, state[1] if action == 2 else 3 - state[1])


@pytest.mark.parametrize(
    ("game", "weak", "value", "plies", "action_plies", "nodes", "again"),
    [
        (zs.load_game("tictactoe"), False, 0, None, dict.fromkeys(range(9)), 1356, 9),
        (zs.load_game("pick:n=3"), True, 0, None, dict.fromkeys(range(1, 10)), 1292, 9),
        (
            zs.load_game("migration:n=4"),
            False,
            -1,
            12,
            {(1, 0, 1, 1): 6, (2, 0, 2, 1): 12},
            41,
            2,
        ),  # fmt: skip
        (
            zs.load_game("migration:n=4"),
            True,
            -1,
            None,
            {(1, 0, 1, 1): None, (2, 0, 2, 1): None},
            21,
            2,
        ),  # fmt: skip
        (Again(), False, 1, 5, {1: 6, 2: 5}, 18, 2),
        (Again(), True, 1, None, {1: None, 2: None}, 11, 2),
    ],
)
def test_the_python_solver_takes_the_same_steps(
    game: Any, weak: bool, value: int, plies: int | None, action_plies: dict[Any, int | None],
    nodes: int, again: int,
) -> None:  # fmt: skip
    solver = Solver(game, compiled=False)
    result = solver.solve(weak=weak)
    assert (result.value, result.plies, result.action_plies) == (value, plies, action_plies)
    assert result.nodes == nodes
    assert solver.solve(weak=weak).nodes == again  # the kept table answers each move
