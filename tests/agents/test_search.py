from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zerosum as zs
from helpers import Pile
from search_helpers import Kayles, hashed, random_state
from zerosum.agents import AlphaBeta, Minimax

# Built-in games small enough for plain minimax at these depths.
AGREEMENT_GAMES = [
    ("tictactoe", 4),
    ("connect4:width=4,height=4,k=3", 4),
    ("connect4:width=5,height=4", 3),
    ("migration:n=4", 5),
    ("migration:n=5", 4),
    ("pick:n=3", 4),
    ("pick:n=4", 3),
]


SWITCHES = st.fixed_dictionaries(
    {"ordering": st.booleans(), "table": st.booleans(), "seed": st.none() | st.integers(0, 9)}
)


@settings(max_examples=60, deadline=None)
@given(case=st.sampled_from(AGREEMENT_GAMES), switches=SWITCHES, data=st.data())
def test_alphabeta_agrees_with_minimax_on_built_in_games(
    case: tuple[str, int], switches: dict[str, Any], data: st.DataObject
) -> None:
    spec, depth = case
    game = zs.load_game(spec)
    state = random_state(game, data, 6)
    if game.is_terminal(state):
        return
    heuristic = data.draw(st.sampled_from([None, hashed]), label="heuristic")
    expected, _, _ = Minimax(depth, heuristic).search(game, state)
    exact = AlphaBeta(depth, heuristic, depth_adjust=False, **switches)
    move = exact(game, state)
    assert move in game.actions(state)
    assert exact.last is not None and exact.last.value == expected
    adjusted = AlphaBeta(depth, heuristic, **switches)
    adjusted(game, state)
    assert adjusted.last is not None
    assert (adjusted.last.value > 0) - (adjusted.last.value < 0) == (expected > 0) - (expected < 0)


@settings(max_examples=40, deadline=None)
@given(
    pins=st.integers(1, 8),
    depth=st.none() | st.integers(1, 5),
    switches=SWITCHES,
    data=st.data(),
)
def test_alphabeta_agrees_with_minimax_on_a_user_game(
    pins: int, depth: int | None, switches: dict[str, Any], data: st.DataObject
) -> None:
    game = Kayles(pins)
    state = random_state(game, data, 3)
    if game.is_terminal(state):
        return
    expected, _, _ = Minimax(depth, hashed).search(game, state)
    agent = AlphaBeta(depth, hashed, depth_adjust=False, **switches)
    agent(game, state)
    assert agent.last is not None and agent.last.value == expected


def test_alphabeta_draws_tictactoe_and_searches_far_fewer_nodes_than_minimax() -> None:
    game = zs.games.TicTacToe()
    agent = AlphaBeta()
    agent(game, game.initial_state)
    assert agent.last is not None and agent.last.value == 0
    assert agent.last.nodes < 549_946 / 50
    assert len(agent.last.pv) == agent.last.depth == 9


@pytest.mark.parametrize("switch", ["ordering", "table"])
def test_switching_an_improvement_off_keeps_the_value_but_costs_nodes(switch: str) -> None:
    game = zs.games.ConnectFour(width=5, height=4)
    state = zs.game.replay(game, list("3321"))
    on, off = AlphaBeta(depth=7), AlphaBeta(depth=7, **{switch: False})
    on(game, state)
    off(game, state)
    assert on.last is not None and off.last is not None
    assert on.last.value == off.last.value
    assert on.last.nodes < off.last.nodes


def test_depth_adjust_takes_the_fastest_win() -> None:
    # X to move can win at once (cell 2) or later; only the adjusted search tells them apart
    game = zs.games.TicTacToe()
    state = zs.game.replay(game, ["0", "3", "1", "4"])
    agent = AlphaBeta()
    assert agent(game, state) == 2
    assert agent.last is not None and 0 < agent.last.value < 1
    plain = AlphaBeta(depth_adjust=False)
    plain(game, state)
    assert plain.last is not None and plain.last.value == 1


def test_ties_are_random_with_a_seed_and_fixed_without() -> None:
    game = zs.games.TicTacToe()
    seeded = {AlphaBeta(seed=s)(game, game.initial_state) for s in range(12)}
    assert len(seeded) > 2  # every first move draws
    assert {AlphaBeta()(game, game.initial_state) for _ in range(3)} == {0}
    agent = AlphaBeta(seed=5)
    agent(game, game.initial_state)
    assert agent.last is not None and agent.last.ties == 9


@pytest.mark.alone
def test_the_time_limit_is_respected_and_a_legal_move_comes_back() -> None:
    game = zs.games.ConnectFour()
    for limit in (1e-6, 0.2):
        agent = AlphaBeta(time_limit=limit)
        begin = time.perf_counter()
        move = agent(game, game.initial_state)
        spent = time.perf_counter() - begin
        assert move in game.actions(game.initial_state)
        assert spent < limit + 0.15  # the margin allows for a busy machine
        assert agent.last is not None
    assert agent.last.depth >= 3  # 0.2 s reaches some depth


@pytest.mark.alone
def test_a_solved_position_stops_deepening_under_a_time_limit() -> None:
    game = zs.games.TicTacToe()
    agent = AlphaBeta(time_limit=5)
    begin = time.perf_counter()
    agent(game, zs.game.replay(game, ["4", "0"]))
    assert time.perf_counter() - begin < 1
    assert agent.last is not None and agent.last.value == 0


def test_the_game_heuristic_is_used_by_default() -> None:
    game = zs.games.ConnectFour()
    with_game, with_zero = AlphaBeta(depth=2), AlphaBeta(depth=2, evaluate=lambda s, p: 0.0)
    with_game(game, game.initial_state)
    with_zero(game, game.initial_state)
    assert with_game.last is not None and with_zero.last is not None
    assert with_game.last.value != 0 and with_zero.last.value == 0


def test_the_table_stays_within_its_size() -> None:
    game = zs.games.TicTacToe()
    agent = AlphaBeta(table_size=50, compiled=False)
    agent(game, game.initial_state)
    assert 0 < len(agent._table) <= 50
    assert agent.last is not None and agent.last.value == 0


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"depth": -1}, "depth must be an integer of at least 0"),
        ({"time_limit": 0}, "time_limit must be a positive number"),
        ({"table_size": 0}, "table_size must be a positive integer"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        AlphaBeta(**kwargs)


def test_a_finished_game_has_no_move_to_search() -> None:
    game = zs.games.TicTacToe()
    with pytest.raises(ValueError, match="the game is over"):
        AlphaBeta()(game, zs.game.replay(game, ["0", "3", "1", "4", "2"]))


def test_alphabeta_is_registered_with_its_switches() -> None:
    agent = zs.make_agent("alphabeta:depth=3,ordering=false,seed=2")
    assert isinstance(agent, AlphaBeta)
    assert (agent.depth, agent.ordering, agent.table, agent.seed) == (3, False, True, 2)
    record = zs.play(zs.games.ConnectFour(), agent, zs.agents.Random(seed=1), seed=4)
    assert record.winner == 1


def test_the_principal_variation_is_a_legal_line_as_long_as_the_depth() -> None:
    game = zs.games.ConnectFour(width=5, height=4)
    agent = AlphaBeta(depth=6)
    agent(game, game.initial_state)
    assert agent.last is not None and 1 <= len(agent.last.pv) <= 6 == agent.last.depth
    state = game.initial_state
    for move in agent.last.pv:
        assert move in game.actions(state)
        state = game.result(state, move)


class ListMoves(Kayles):
    """Kayles with actions as lists, which cannot be hashed."""

    def actions(self, state: tuple[int, int]) -> list[list[int]]:  # type: ignore[override]
        return [list(a) for a in super().actions(state)]

    def result(self, state: tuple[int, int], action: Any) -> tuple[int, int]:
        return super().result(state, tuple(action))


def test_unhashable_actions_still_search_with_ordering_on() -> None:
    game = ListMoves(6)
    agent = AlphaBeta()
    move = agent(game, game.initial_state)
    assert move in game.actions(game.initial_state)
    expected, _, _ = Minimax().search(game, game.initial_state)
    assert agent.last is not None and (agent.last.value > 0) == (expected > 0)


def test_the_python_search_never_asks_for_the_compiled_one() -> None:
    """``compiled=False`` loads no compiled code: on a machine that has compiled nothing
    yet, it answers at once (the page's stand-in while the compiled search compiles)."""

    class Offering(Pile):
        asked = 0

        def search_kernel(self) -> None:  # a compiled search: none after all
            Offering.asked += 1

    game = Offering()
    AlphaBeta(depth=2, compiled=False)(game, game.initial_state)
    assert Offering.asked == 0
    AlphaBeta(depth=2)(game, game.initial_state)
    assert Offering.asked == 1
