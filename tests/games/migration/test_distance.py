"""The compiled distance search (``games/migration/distance.py``) against a plain minimax of
the plies to the end in Python, and against the generic exact solver."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zerosum as zs
from zerosum.games.migration.distance import WIN, distances

from .test_solver import deep_position, random_position


def plain_distance(game: zs.games.Migration) -> Any:
    """The mover's value by the rules alone: ``WIN - d`` if it wins in d plies at fastest,
    ``d - WIN`` if it loses in d at slowest."""

    @cache
    def value(state: Any) -> int:
        if game.is_terminal(state):
            return -WIN
        best = -WIN - 1
        for action in game.actions(state):
            child = -value(game.result(state, action))
            best = max(best, child - 1 if child > 0 else child + 1)
        return best

    return value


@pytest.mark.parametrize("n, plies", [(4, -12), (5, 23)])
def test_the_start_lasts_as_long_as_a_plain_minimax_says(n: int, plies: int) -> None:
    game = zs.games.Migration(n=n)
    value, _ = distances(game, game.initial_state)
    assert value == plain_distance(game)(game.initial_state)
    assert (WIN - abs(value)) * (1 if value > 0 else -1) == plies


@settings(max_examples=20, deadline=None)
@given(
    n=st.sampled_from([4, 5, 6]),
    slots=st.sampled_from([2, 256, 1 << 16]),
    seed=st.integers(0, 2**32),
)
def test_random_positions_last_as_a_plain_minimax_says(n: int, slots: int, seed: int) -> None:
    game = zs.games.Migration(n=n)
    state = random_position(game, seed, 2 * n - 2, 4 * n)
    assert distances(game, state, slots)[0] == plain_distance(game)(state)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_deep_8x8_positions_last_as_a_plain_minimax_says(seed: int) -> None:
    game = zs.games.Migration(n=8)

    def plain(game: zs.games.Migration, state: Any, known: dict[Any, int]) -> int:
        """:func:`plain_distance` with the settled shortcut, memo in ``known``."""
        if state not in known:
            if game.is_terminal(state):
                known[state] = -WIN
            elif (settled := game.settled(state)) is not None:
                known[state] = settled[0] * (WIN - settled[1])
            else:
                children = [-plain(game, game.result(state, a), known) for a in game.actions(state)]
                known[state] = max(c - 1 if c > 0 else c + 1 for c in children)
        return known[state]

    found = deep_position(game, seed, plain, cap=5000)
    if found is not None:
        assert distances(game, found[0], 1 << 16)[0] == found[1]


def test_6x6_lasts_as_long_as_the_generic_solver_says() -> None:
    game = zs.games.Migration(n=6)
    value, _ = distances(game, game.initial_state)
    assert WIN - value == 25  # zs.solve's plies in docs/solved.md, found in pure Python


def test_the_search_stops_at_its_deadline() -> None:
    game = zs.games.Migration(n=8)
    with pytest.raises(zs.budget.OutOfTime, match="8x8"):
        distances(game, game.initial_state, deadline=1e-9)
