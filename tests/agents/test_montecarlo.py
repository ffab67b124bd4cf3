"""MonteCarlo and MCTS: reproducible, strong against Random, exact where the solver proves,
on the compiled Connect Four path, the generic path and a user-defined game."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zerosum as zs
from test_user_game import Nim
from zerosum.agents import MCTS, MonteCarlo, Random
from zerosum.game import replay, state_key

C4 = zs.games.ConnectFour()
WIN_IN_1 = replay(C4, "1 2 1 2 1 2".split())  # X wins in column 1; O threatens column 2
WIN_IN_3 = replay(C4, "3 3 4 4".split())  # X to move: 2 or 5 makes an open three
LOST = replay(C4, "3 3 4 4 2".split())  # O to move faces the open three 2-3-4

PATHS = [pytest.param(True, id="compiled"), pytest.param(False, id="generic")]


def exact_value(game: Any, state: Any, memo: dict[Any, float]) -> float:
    """The game-theoretic value for the player to move (memoized minimax on the rules)."""
    if game.is_terminal(state):
        return float(game.utility(state, game.player(state)))
    key = state_key(game, state)
    if key not in memo:
        me = game.player(state)
        values = []
        for action in game.actions(state):
            child = game.result(state, action)
            value = exact_value(game, child, memo)
            values.append(value if game.player(child) == me else -value)
        memo[key] = max(values)
    return memo[key]


def random_position(game: Any, seed: int, plies: int) -> Any:
    record = zs.play(game, Random(seed=seed), Random(seed=seed + 1))
    state = game.initial_state
    for action in record.actions[: min(plies, record.plies - 1)]:
        state = game.result(state, action)
    return state


def wins_and_losses(game: Any, agent: Any, games: int) -> tuple[int, int]:
    """``agent``'s wins and losses against Random over ``games`` seeded games, sides swapped."""
    wins = losses = 0
    for i in range(games):
        opponent = Random(seed=100 + i)
        first = i % 2 == 0
        record = zs.play(game, *((agent, opponent) if first else (opponent, agent)), seed=i)
        me = 1 if first else 2
        wins += record.winner == me
        losses += record.winner == 3 - me
    return wins, losses


# MonteCarlo


def test_montecarlo_is_reproducible_and_reports_every_mean() -> None:
    game = zs.games.Pick(3)
    first, second = MonteCarlo(playouts=50, seed=4), MonteCarlo(playouts=50, seed=4)
    assert first(game, game.initial_state) == second(game, game.initial_state)
    assert first.last is not None and second.last is not None
    assert first.last.means == second.last.means
    assert sorted(first.last.means) == [str(x) for x in range(1, 10)]
    assert first.last.nodes == 50 * 9 and first.last.value == max(first.last.means.values())


def test_montecarlo_takes_a_win_in_one() -> None:
    agent = MonteCarlo(playouts=20, seed=0)
    assert agent(C4, WIN_IN_1) == 0
    assert agent.last is not None and agent.last.value == 1.0


@pytest.mark.parametrize("spec", ["tictactoe", "connect4:width=5,height=4"])
def test_montecarlo_beats_random(spec: str) -> None:
    wins, losses = wins_and_losses(zs.load_game(spec), MonteCarlo(playouts=40, seed=1), 6)
    assert wins >= 5 and losses == 0


def test_montecarlo_plays_a_user_game_through_its_methods() -> None:
    game = Nim(5)
    agent = MonteCarlo(playouts=200, seed=0)
    assert agent(game, game.initial_state) == 1  # leaves 4 sticks: every other take loses
    assert agent.last is not None and agent.last.means["1"] > 0


# MCTS


@pytest.mark.parametrize("compiled", PATHS)
def test_mcts_is_reproducible_with_a_seed(compiled: bool) -> None:
    def search(seed: int) -> tuple[Any, dict[str, Any]]:
        agent = MCTS(iterations=300, seed=seed, compiled=compiled)
        action = agent(C4, WIN_IN_3)
        assert agent.last is not None and agent.last.compiled is compiled
        return action, agent.last.details()

    assert search(5) == search(5)
    assert search(5)[1]["visits"] != search(6)[1]["visits"]


@pytest.mark.parametrize("compiled", PATHS)
@pytest.mark.parametrize("solver", [False, True])
def test_mcts_takes_a_win_in_one_with_a_few_iterations(compiled: bool, solver: bool) -> None:
    # the solver knows a win is the best outcome at once; plain UCT needs the visits
    for seed in range(5):
        agent = MCTS(iterations=10 if solver else 200, seed=seed, compiled=compiled, solver=solver)
        assert agent(C4, WIN_IN_1) == 0
        assert agent.last is not None and agent.last.proven["1"] == 1


@pytest.mark.parametrize("compiled", PATHS)
def test_the_solver_proves_a_win_in_three(compiled: bool) -> None:
    for seed in range(3):
        agent = MCTS(iterations=3000, seed=seed, compiled=compiled, solver=True)
        assert agent(C4, WIN_IN_3) in (1, 4)
        assert agent.last is not None and agent.last.value == 1
        assert agent.last.iterations < 3000  # stopped once the root was proven


@pytest.mark.parametrize("compiled", PATHS)
def test_the_solver_proves_a_lost_position(compiled: bool) -> None:
    agent = MCTS(iterations=3000, seed=0, compiled=compiled, solver=True)
    agent(C4, LOST)
    assert agent.last is not None and agent.last.value == -1
    assert agent.last.proven == {str(col): -1 for col in range(1, 8)}


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(1, 6))
def test_solved_values_agree_with_minimax_on_tictactoe(seed: int, plies: int) -> None:
    game = zs.games.TicTacToe()
    state = random_position(game, seed, plies)
    agent = MCTS(iterations=100_000, seed=seed, solver=True)
    action = agent(game, state)
    memo: dict[Any, float] = {}
    assert agent.last is not None and agent.last.value == exact_value(game, state, memo)
    assert -exact_value(game, game.result(state, action), memo) == agent.last.value


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 8))
def test_compiled_solved_values_agree_with_minimax_on_a_small_connect_four(
    seed: int, plies: int
) -> None:
    game = zs.games.ConnectFour(width=4, height=3, k=3)
    state = random_position(game, seed, plies)
    agent = MCTS(iterations=200_000, seed=seed, solver=True)
    action = agent(game, state)
    memo: dict[Any, float] = {}
    assert agent.last is not None and agent.last.compiled
    assert agent.last.value == exact_value(game, state, memo)
    assert -exact_value(game, game.result(state, action), memo) == agent.last.value


@pytest.mark.parametrize("compiled", PATHS)
def test_mcts_beats_random_at_connect_four(compiled: bool) -> None:
    game = zs.games.ConnectFour(width=5, height=4)
    wins, losses = wins_and_losses(game, MCTS(iterations=300, seed=2, compiled=compiled), 6)
    assert wins >= 5 and losses == 0


def test_mcts_beats_random_at_tictactoe() -> None:
    wins, losses = wins_and_losses(zs.games.TicTacToe(), MCTS(iterations=300, seed=3), 6)
    assert wins >= 4 and losses == 0


@pytest.mark.parametrize("compiled", PATHS)
def test_the_tree_is_reused_after_the_reply_and_forgotten_on_reset(compiled: bool) -> None:
    agent = MCTS(iterations=500, seed=0, compiled=compiled)
    start = C4.initial_state
    mine = agent(C4, start)
    assert agent.last is not None and agent.last.reused == 0
    visits_of_mine = agent.last.visits[str(mine + 1)]
    # playing both sides, the next root is our own move's node, visits and all
    after = C4.result(start, mine)
    agent(C4, after)
    assert agent.last.reused == visits_of_mine
    reply = max(agent.last.visits, key=agent.last.visits.get)
    agent(C4, C4.result(after, int(reply) - 1))
    reused = agent.last.reused
    assert reused > 0
    assert reused + 500 - 1 <= sum(agent.last.visits.values()) <= reused + 500
    agent.reset()
    agent(C4, C4.result(after, int(reply) - 1))
    assert agent.last.reused == 0


def test_the_tree_is_not_reused_for_another_game() -> None:
    agent = MCTS(iterations=100, seed=0)
    agent(C4, C4.initial_state)
    small = zs.games.ConnectFour(width=5, height=4)
    assert agent(small, small.initial_state) in range(5)
    assert agent.last is not None and agent.last.reused == 0


@pytest.mark.alone
@pytest.mark.parametrize("game", [C4, zs.games.TicTacToe()], ids=["compiled", "generic"])
def test_a_time_limit_is_respected(game: Any) -> None:
    agent = MCTS(time_limit=0.05, seed=0)
    begin = time.perf_counter()
    agent(game, game.initial_state)
    assert time.perf_counter() - begin < 0.5
    assert agent.last is not None and agent.last.iterations > 10


def test_mcts_plays_and_solves_a_user_game() -> None:
    game = Nim(7)
    agent = MCTS(iterations=500, seed=0, solver=True)
    assert agent(game, game.initial_state) == 3  # leaves a multiple of 4
    assert agent.last is not None and agent.last.value == 1
    assert agent.last.compiled is False
    assert zs.play(game, MCTS(iterations=200, seed=1), Random(seed=1)).winner == 1
    first, second = MCTS(iterations=300, seed=4), MCTS(iterations=300, seed=4)
    assert first(game, game.initial_state) == second(game, game.initial_state)
    assert first.last is not None and second.last is not None
    assert first.last.details() == second.last.details()


@pytest.mark.parametrize("spec", ["mcts:iterations=20,seed=1", "montecarlo:playouts=5,seed=1"])
def test_registered_agents_play_every_small_game(spec: str, game: Any) -> None:
    agent = zs.make_agent(spec)
    state = random_position(game, 0, 3)
    assert agent(game, state) in game.actions(state)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: MCTS(iterations=0), "iterations must be a positive integer or None, not 0"),
        (lambda: MCTS(time_limit=0), "time_limit must be positive seconds or None, not 0"),
        (lambda: MCTS(c=-1), "c must be at least 0, not -1"),
        (lambda: MonteCarlo(playouts=0), "playouts must be a positive integer, not 0"),
    ],
)
def test_bad_parameters_are_refused(make: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()


def test_a_bad_spec_names_the_parameter() -> None:
    with pytest.raises(zs.SpecError, match="bad agent spec 'mcts:iterations=-3'"):
        zs.make_agent("mcts:iterations=-3")


@pytest.mark.parametrize("agent", [MCTS(iterations=5), MonteCarlo(playouts=5)])
def test_a_terminal_state_has_no_move_to_choose(agent: Any) -> None:
    won = replay(C4, "1 2 1 2 1 2 1".split())
    with pytest.raises(zs.ZerosumError, match="the state is terminal in connect4"):
        agent(C4, won)


def test_neither_budget_means_1000_iterations() -> None:
    agent = MCTS(seed=0)
    agent(C4, C4.initial_state)
    assert agent.last is not None and agent.last.nodes == 1000


@pytest.mark.parametrize("compiled", PATHS)
def test_both_paths_open_connect_four_in_the_centre(compiled: bool) -> None:
    for seed in range(3):
        assert MCTS(iterations=4000, seed=seed, compiled=compiled)(C4, C4.initial_state) == 3


class ScoredNim(Nim):
    """Nim where taking the last stick scores 2: a utility outside the solver's [-1, 1]."""

    def utility(self, state, player):
        return 2 * super().utility(state, player)


def test_the_solver_refuses_utilities_outside_minus_one_to_one() -> None:
    game = ScoredNim(3)
    assert MCTS(iterations=50, seed=0)(game, game.initial_state) == 3
    with pytest.raises(ValueError, match=r"solver=True needs utilities in \[-1, 1\], not 2.0"):
        MCTS(iterations=50, seed=0, solver=True)(game, game.initial_state)


def test_without_the_solver_any_utility_scale_is_fine() -> None:
    # from 5 sticks, taking 1 wins: a big terminal score must not hide the unknown moves
    game = ScoredNim(5)
    agent = MCTS(iterations=2000, seed=0)
    assert agent(game, game.initial_state) == 1
    assert agent.last is not None and agent.last.value > 0
