"""The compiled playout kernels agree with the games' Python rules."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zerosum as zs
from helpers import SMALL_GAMES
from zerosum.game import state_key
from zerosum.kernels.generic import random_playouts
from zerosum.kernels.playouts import compiled, playouts, trace

KERNEL_GAMES = [spec for spec in SMALL_GAMES if compiled(zs.load_game(spec)) is not None]


def random_position(game: Any, rng: random.Random, plies: int) -> Any:
    """The state after up to ``plies`` random moves (stopping at the end of the game)."""
    state = game.initial_state
    for _ in range(plies):
        if game.is_terminal(state):
            break
        state = game.result(state, rng.choice(game.actions(state)))
    return state


def expected_utility(game: Any, state: Any, memo: dict[Any, float]) -> float:
    """Player 1's exact expected utility under uniformly random play, from the Python rules."""
    if game.is_terminal(state):
        return float(game.utility(state, 1))
    key = state_key(game, state)
    if key not in memo:
        actions = game.actions(state)
        total = sum(expected_utility(game, game.result(state, a), memo) for a in actions)
        memo[key] = total / len(actions)
    return memo[key]


def test_every_built_in_game_but_the_oversized_has_a_kernel() -> None:
    assert set(SMALL_GAMES) - set(KERNEL_GAMES) == {"connect4:width=9,height=8,k=5"}
    assert compiled(zs.games.Migration(9)) is None and compiled(zs.games.Migration(8)) is not None
    assert compiled(zs.games.ConnectFour(8, 7)) is not None  # 8 * (7 + 1) = 64 bits


@pytest.mark.parametrize("spec", KERNEL_GAMES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), plies=st.integers(0, 12))
def test_a_kernel_playout_replays_legally_to_the_same_result(
    spec: str, seed: int, plies: int
) -> None:
    game = zs.load_game(spec)
    state = random_position(game, random.Random(seed), plies)
    actions = trace(game, state, seed)
    final = zs.game.replay(game, [game.format_action(a) for a in actions], state)
    assert game.is_terminal(final)
    assert playouts(game, state, 1, seed) == game.utility(final, 1)


@pytest.mark.parametrize(
    "spec",
    [
        "tictactoe",
        "pick:n=3",
        "connect4:width=4,height=4,k=3",
        "migration:n=4",
        "migration:n=5",
        "othello:size=4",
    ],  # fmt: skip
)
def test_kernel_means_match_the_exact_expectation_of_random_play(spec: str) -> None:
    game = zs.load_game(spec)
    exact = expected_utility(game, game.initial_state, {})
    n = 20_000
    mean = playouts(game, game.initial_state, n, seed=7) / n
    # utilities lie in [-1, 1], so the standard error is at most 1 / sqrt(n)
    assert abs(mean - exact) < 5 / math.sqrt(n)


def test_the_same_seed_gives_the_same_playouts_and_another_differs() -> None:
    game = zs.games.ConnectFour()
    first = playouts(game, game.initial_state, 500, seed=3)
    assert playouts(game, game.initial_state, 500, seed=3) == first
    assert trace(game, game.initial_state, 3) == trace(game, game.initial_state, 3)
    assert trace(game, game.initial_state, 4) != trace(game, game.initial_state, 3)


def test_the_game_hook_is_the_kernel() -> None:
    game = zs.games.Pick(4)
    assert game.playouts(game.initial_state, 300, 5) == playouts(game, game.initial_state, 300, 5)


def test_a_board_too_large_for_a_kernel_plays_out_through_the_rules() -> None:
    game = zs.games.ConnectFour(width=9, height=8, k=5)
    total = playouts(game, game.initial_state, 20, seed=1)
    assert total == random_playouts(game, game.initial_state, 20, random.Random(1))
    with pytest.raises(ValueError, match="has no compiled playout kernel"):
        trace(game, game.initial_state, 1)


def test_a_terminal_state_scores_its_utility_each_time() -> None:
    game = zs.games.TicTacToe()
    won = zs.game.replay(game, "0 3 1 4 2".split())
    assert playouts(game, won, 10, seed=0) == 10.0 and trace(game, won, 0) == []


def test_a_negative_number_of_playouts_is_refused() -> None:
    game = zs.games.TicTacToe()
    with pytest.raises(ValueError, match="at least 0, not -1"):
        playouts(game, game.initial_state, -1, seed=0)
