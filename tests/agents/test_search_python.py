"""The Python search, which user games, OpenSpiel's games, big boards and custom heuristics
take, against plain minimax: at full depth and at cut-off depths, with the game's and a
custom heuristic, on user games where states recur through many move orders (tuple and
list states), with one agent's table and memo carried from move to move; and its
deadline on a user game."""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from search_helpers import Heaps, Kayles, ListTicTacToe, scrambled
from zerosum import budget
from zerosum.agents import AlphaBeta, Minimax

GAMES: dict[str, Any] = {
    "heaps": lambda: Heaps((2, 3, 2)),
    "heaps as lists": lambda: Heaps((2, 3, 2), lists=True),
    "four heaps as lists": lambda: Heaps((1, 2, 2, 1), lists=True),
    "tic-tac-toe as lists": ListTicTacToe,
    "kayles (extra turns)": lambda: Kayles(6),
}
#: Plies played before the search starts: tic-tac-toe from the empty board is slow for
#: plain minimax.
FIRST_PLIES = {"tic-tac-toe as lists": 3}

SWITCHES = st.fixed_dictionaries(
    {"ordering": st.booleans(), "table": st.booleans(), "seed": st.none() | st.integers(0, 9)}
)


def draw_state(name: str, data: st.DataObject) -> tuple[Any, Any]:
    """A game and a random non-terminal state of it (None when the walk ended the game)."""
    game = GAMES[name]()
    state = game.initial_state
    low = FIRST_PLIES.get(name, 0)
    for _ in range(data.draw(st.integers(low, low + 3), label="plies")):
        if game.is_terminal(state):
            break
        state = game.result(state, data.draw(st.sampled_from(game.actions(state))))
    return game, None if game.is_terminal(state) else state


def deadline_if(deepen: bool) -> Any:
    """A deadline far away: the search then deepens iteratively, as under a time limit."""
    return budget.limit(600.0 if deepen else None)


@settings(max_examples=120, deadline=None)
@given(
    name=st.sampled_from(list(GAMES)),
    depth=st.none() | st.integers(1, 5),
    custom=st.booleans(),
    deepen=st.booleans(),
    switches=SWITCHES,
    data=st.data(),
)
def test_the_python_search_agrees_with_minimax(
    name: str,
    depth: int | None,
    custom: bool,
    deepen: bool,
    switches: dict[str, Any],
    data: st.DataObject,
) -> None:
    game, state = draw_state(name, data)
    if state is None:
        return
    heuristic = scrambled if custom else None
    expected, _, _ = Minimax(depth, heuristic).search(game, state)
    exact = AlphaBeta(depth, heuristic, depth_adjust=False, compiled=False, **switches)
    with deadline_if(deepen):
        move = exact(game, state)
    assert move in game.actions(state)
    assert exact.last is not None and exact.last.value == expected
    assert not exact.last.compiled and not exact.last.note
    adjusted = AlphaBeta(depth, heuristic, compiled=False, **switches)
    with deadline_if(deepen):
        adjusted(game, state)
    assert adjusted.last is not None
    assert (adjusted.last.value > 0) - (adjusted.last.value < 0) == (expected > 0) - (expected < 0)


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(list(GAMES)),
    depth=st.none() | st.integers(1, 4),
    custom=st.booleans(),
    deepen=st.booleans(),
    data=st.data(),
)
def test_one_agent_keeps_agreeing_with_minimax_through_a_game(
    name: str, depth: int | None, custom: bool, deepen: bool, data: st.DataObject
) -> None:
    # The table and the memo carry over from move to move: what one search stored must
    # hold for the next, whose tree overlaps it.
    game, state = draw_state(name, data)
    heuristic = scrambled if custom else None
    agent = AlphaBeta(depth, heuristic, depth_adjust=False, compiled=False)
    while state is not None and not game.is_terminal(state):
        expected, _, _ = Minimax(depth, heuristic).search(game, state)
        with deadline_if(deepen):
            move = agent(game, state)
        assert agent.last is not None and agent.last.value == expected
        state = game.result(state, move)


def test_list_states_search_with_the_table_on() -> None:
    # lists cannot be hashed: the table once raised "unhashable type: 'list'"
    game = ListTicTacToe()
    agent = AlphaBeta(compiled=False)
    agent(game, game.initial_state)
    assert agent.last is not None and agent.last.value == 0
    assert agent._table and len(agent.last.pv) == 9


def test_a_new_heuristic_is_not_answered_from_the_old_ones_values() -> None:
    game = Heaps((3, 3, 3), lists=True)
    agent = AlphaBeta(depth=2, evaluate=scrambled, depth_adjust=False, compiled=False)
    agent(game, game.initial_state)
    agent.evaluate = lambda state, player: 0.25 if player == 1 else -0.25
    agent(game, game.initial_state)
    expected, _, _ = Minimax(2, agent.evaluate).search(game, game.initial_state)
    assert agent.last is not None and agent.last.value == expected


class SlowTree:
    """A user game of 20 moves a turn and no transpositions (the state is the line played,
    as a list), whose heuristic takes a millisecond from the third ply on: the first two
    iterations take milliseconds, the third at least 0.4 s (20 * 20 lines at the least)."""

    initial_state: list[int] = []

    def player(self, state: list[int]) -> int:
        return 1 + len(state) % 2

    def actions(self, state: list[int]) -> list[int]:
        return list(range(20))

    def result(self, state: list[int], action: int) -> list[int]:
        return [*state, action]

    def is_terminal(self, state: list[int]) -> bool:
        return len(state) >= 12

    def utility(self, state: list[int], player: int) -> int:
        return 0

    def evaluate(self, state: list[int], player: int) -> float:
        if len(state) > 2:
            time.sleep(0.001)
        return scrambled(state, player)

    def print_state(self, state: list[int]) -> None:
        print(state)


@pytest.mark.alone
def test_the_time_limit_holds_on_a_user_game() -> None:
    game, limit = SlowTree(), 0.2
    agent = AlphaBeta(time_limit=limit, compiled=False)
    begin = time.perf_counter()
    move = agent(game, game.initial_state)
    spent = time.perf_counter() - begin
    assert move in range(20)
    assert spent < limit + 0.15  # the margin allows for a busy machine
    assert agent.last is not None and 1 <= agent.last.depth < 4 and not agent.last.note


@pytest.mark.alone
def test_the_callers_deadline_cuts_a_user_game_short_with_a_note() -> None:
    game, limit = SlowTree(), 0.2
    agent = AlphaBeta(depth=5, compiled=False)
    begin = time.perf_counter()
    with budget.limit(limit):
        move = agent(game, game.initial_state)
    spent = time.perf_counter() - begin
    assert move in range(20) and spent < limit + 0.15
    assert agent.last is not None and agent.last.cut_short
    assert "asked to depth 5" in agent.last.note


def load_benchmark(name: str) -> Any:
    path = Path(__file__).parents[2] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_the_benchmarks_notebook_migration_agrees_with_the_notebooks_search(depth: int) -> None:
    notebook = load_benchmark("notebook_migration")
    game = notebook.NotebookMigration(5)
    agent = AlphaBeta(depth, depth_adjust=False, compiled=False)
    state = game.initial_state
    while not game.is_terminal(state):
        action, value = notebook.notebook_alphabeta(game, state, depth)
        agent(game, state)
        assert agent.last is not None and agent.last.value == value
        assert value == Minimax(depth).search(game, state)[0]
        state = game.result(state, action)
