from __future__ import annotations

import functools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zerosum as zs
from search_helpers import Kayles, random_state
from zerosum.agents import Minimax, Perfect
from zerosum.agents.solve import Solver, SolveResult


def brute_force(game: Any, state: Any) -> tuple[int, int | None]:
    """``(value, plies)`` for the mover by exhaustive search: fastest win, slowest loss."""

    @functools.cache
    def value(s: Any) -> tuple[int, int]:
        me, best = game.player(s), None
        for a in game.actions(s):
            child = game.result(s, a)
            if game.is_terminal(child):
                u = game.utility(child, me)
                v, d = (u > 0) - (u < 0), 1
            else:
                cv, cd = value(child)
                v, d = (cv if game.player(child) == me else -cv), cd + 1
            # rank: wins by fewest plies, then draws, then losses by most plies
            rank = (v, -d if v > 0 else d if v < 0 else 0)
            if best is None or rank > best[0]:
                best = (rank, (v, d))
        assert best is not None
        return best[1]

    v, d = value(state)
    return v, (None if v == 0 else d)


SMALL = [
    "tictactoe",
    "connect4:width=4,height=3,k=3",
    "connect4:width=4,height=4,k=3",
    "migration:n=4",
    "migration:n=5",
    "pick:n=3",
]


@settings(max_examples=40, deadline=None)
@given(spec=st.sampled_from(SMALL), data=st.data())
def test_solve_matches_exhaustive_search_on_every_move(spec: str, data: st.DataObject) -> None:
    game = zs.load_game(spec)
    state = random_state(game, data, 8)
    if game.is_terminal(state):
        return
    result = zs.solve(game, state)
    assert (result.value, result.plies) == brute_force(game, state)
    for action in game.actions(state):
        child = game.result(state, action)
        if game.is_terminal(child):
            u = game.utility(child, game.player(state))
            expected: tuple[int, int | None] = ((u > 0) - (u < 0), 1)
        else:
            v, d = brute_force(game, child)
            expected = (-v, None if d is None else d + 1)
        if expected[0] == 0:
            expected = (0, None)
        assert (result.action_values[action], result.action_plies[action]) == expected
    assert result.best_actions
    assert all(result.action_plies[a] == result.plies for a in result.best_actions)


@settings(max_examples=30, deadline=None)
@given(pins=st.integers(1, 9), data=st.data())
def test_solve_a_user_game_with_extra_turns(pins: int, data: st.DataObject) -> None:
    game = Kayles(pins)
    state = random_state(game, data, 3)
    if game.is_terminal(state):
        return
    result = zs.solve(game, state)
    assert (result.value, result.plies) == brute_force(game, state)


@pytest.mark.parametrize("spec", ["tictactoe", "migration:n=4", "pick:n=3"])
def test_solve_agrees_with_plain_minimax_from_the_start(spec: str) -> None:
    game = zs.load_game(spec)
    value, _, _ = Minimax().search(game, game.initial_state)
    assert zs.solve(game).value == value


def test_known_values() -> None:
    assert zs.solve(zs.games.TicTacToe()).value == 0
    migration = zs.solve(zs.games.Migration(n=5))
    assert (migration.value, migration.plies) == (1, 23)
    assert migration.best_actions == ((2, 1, 2, 2),)
    four = zs.solve(zs.games.ConnectFour(width=4, height=4))
    assert four.value == 0 and four.plies is None


@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_migration_settled_matches_search(data: st.DataObject) -> None:
    game = zs.games.Migration(n=5)
    state = random_state(game, data, 20)
    if game.is_terminal(state):
        return
    known = game.settled(state)
    if known is not None:
        assert known == brute_force(game, state)


def test_solving_a_finished_game_is_refused() -> None:
    game = zs.games.TicTacToe()
    with pytest.raises(ValueError, match="the game is over"):
        zs.solve(game, zs.game.replay(game, ["0", "3", "1", "4", "2"]))


class Hooked(Kayles):
    """A user game whose own solver answers for the full row and declines otherwise."""

    calls = 0

    def solve_exactly(self, state: tuple[int, int]) -> dict[str, Any] | None:
        if state != self.initial_state:
            return None
        Hooked.calls += 1
        scores = {a: (5 if a == (0, 1) else -3) for a in self.actions(state)}
        return {"scores": scores, "plies": {a: 4 for a in scores}, "nodes": 17}


def test_a_game_solver_hook_fills_scores() -> None:
    game = Hooked(3)
    result = zs.solve(game)
    assert Hooked.calls == 1
    assert result.score == 5 and result.action_scores is not None
    assert result.action_scores[(0, 1)] == 5 and result.action_values[(1, 2)] == -1
    assert result.best_actions == ((0, 1),) and result.plies == 4 and result.nodes == 17
    # a position the hook declines goes the generic way, without scores
    later = zs.solve(game, game.result(game.initial_state, (0, 1)))
    assert later.score is None and later.action_scores is None
    assert (later.value, later.plies) == brute_force(game, game.result(game.initial_state, (0, 1)))


def test_a_broken_hook_answer_is_refused() -> None:
    class Broken(Kayles):
        def solve_exactly(self, state: Any) -> dict[str, Any]:
            return {"scores": {(0, 1): 1}, "plies": {}, "nodes": 0}

    with pytest.raises(ValueError, match="every legal action"):
        zs.solve(Broken(3))


def test_perfect_never_loses_and_wins_fast() -> None:
    game = zs.games.TicTacToe()
    for seed in range(3):
        record = zs.play(game, zs.agents.Random(seed=seed), Perfect(seed=seed))
        assert record.winner in (2, None)
    # Migration 5x5 is a first-player win in 23 plies: Perfect against itself takes exactly 23
    migration = zs.games.Migration(n=5)
    record = zs.play(migration, Perfect(), Perfect(seed=1))
    assert record.winner == 1 and record.plies == 23
    first = record.searches[0]
    assert first is not None and (first.value, first.depth) == (1, 23)
    assert first.solve.best_actions == ((2, 1, 2, 2),)


def test_perfect_breaks_ties_towards_the_fewest_escapes() -> None:
    # Every first move of tic-tac-toe draws; after a corner the opponent keeps the draw
    # only by the centre, after the centre by any of four corners, after an edge by more.
    game = zs.games.TicTacToe()
    corners = {0, 2, 6, 8}
    for seed in (None, 0, 1, 2, 3, 4):
        agent = Perfect(seed=seed)
        assert agent(game, game.initial_state) in corners


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_perfect_keeps_the_best_value_whatever_the_tie_break(data: st.DataObject) -> None:
    game = zs.games.TicTacToe()
    state = random_state(game, data, 8)
    if game.is_terminal(state):
        return
    agent = Perfect(seed=data.draw(st.integers(0, 9)))
    move = agent(game, state)
    assert move in zs.solve(game, state).best_actions


def test_perfect_is_registered_and_keeps_its_table_between_moves() -> None:
    agent = zs.make_agent("perfect:seed=3")
    assert isinstance(agent, Perfect) and agent.seed == 3
    game = zs.games.Migration(5)  # its settled() keeps it on the generic solver
    first = agent(game, game.initial_state)
    solver = agent._solver
    assert isinstance(solver, Solver) and solver.table
    second = game.result(game.initial_state, first)
    agent(game, game.result(second, game.actions(second)[0]))
    assert agent._solver is solver


def assert_weak(result: SolveResult, game: Any, state: Any) -> None:
    """A weak solve's values agree with exhaustive search; it claims no distances."""
    assert result.value == brute_force(game, state)[0]
    for action in game.actions(state):
        child = game.result(state, action)
        if game.is_terminal(child):
            u = game.utility(child, game.player(state))
            expected = (u > 0) - (u < 0)
        else:
            value = brute_force(game, child)[0]
            expected = value if game.player(child) == game.player(state) else -value
        assert result.action_values[action] == expected
    assert result.plies is None and set(result.action_plies.values()) == {None}
    best = tuple(a for a, v in result.action_values.items() if v == result.value)
    assert result.best_actions == best


@settings(max_examples=40, deadline=None)
@given(spec=st.sampled_from(SMALL), data=st.data())
def test_a_weak_solve_matches_exhaustive_search(spec: str, data: st.DataObject) -> None:
    # Migration's go through its compiled win/loss solver, the others through the generic one
    game = zs.load_game(spec)
    state = random_state(game, data, 8)
    if not game.is_terminal(state):
        assert_weak(zs.solve(game, state, weak=True), game, state)


@settings(max_examples=20, deadline=None)
@given(pins=st.integers(1, 9), data=st.data())
def test_a_weak_solve_of_a_user_game_with_extra_turns(pins: int, data: st.DataObject) -> None:
    game = Kayles(pins)
    state = random_state(game, data, 3)
    if not game.is_terminal(state):
        assert_weak(zs.solve(game, state, weak=True), game, state)


class PlainMigration(zs.games.Migration):
    """Migration without its compiled win/loss solver: the generic weak solve runs."""

    solve_weakly = None


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_the_compiled_migration_solver_agrees_with_the_generic_one_on_6x6(
    data: st.DataObject,
) -> None:
    game, plain = zs.games.Migration(n=6), PlainMigration(n=6)
    state = random_state(game, data, 30, least=12)
    if game.is_terminal(state):
        return
    compiled = zs.solve(game, state, weak=True)
    generic = zs.solve(plain, state, weak=True)
    assert compiled.action_values == generic.action_values
    assert compiled.best_actions == generic.best_actions


def test_migration_6x6_is_won_by_one_first_move_only() -> None:
    result = zs.solve(zs.games.Migration(n=6), weak=True)
    assert result.value == 1 and result.best_actions == ((3, 1, 3, 2),)
    assert result.nodes > 0 and result.plies is None


def test_a_broken_weak_hook_answer_is_refused() -> None:
    class Broken(Kayles):
        def solve_weakly(self, state: Any) -> dict[str, Any]:
            return {"values": {(0, 1): 1}, "nodes": 0}  # not every legal action

    with pytest.raises(ValueError, match="every legal action"):
        zs.solve(Broken(3), weak=True)
    assert zs.solve(Broken(3)).plies is not None  # an exact solve does not ask the hook
