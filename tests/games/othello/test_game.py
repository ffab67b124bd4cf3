"""Othello: the plain rules, and the compiled twin agreeing with them move for move."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zerosum as zs
from search_helpers import random_state
from zerosum.agents import AlphaBeta
from zerosum.fast_paths import FastPaths, register_fast_paths
from zerosum.games import Othello
from zerosum.games.othello.game import PASS
from zerosum.kernels.check import compare

START_6 = """\
  a b c d e f
1 . . . . . .
2 . . . . . .
3 . . O X . .
4 . . X O . .
5 . . . . . .
6 . . . . . ."""


def test_the_start_and_its_four_moves() -> None:
    game = Othello(6)
    state = game.initial_state
    assert game.render(state) == START_6
    assert [game.format_action(a) for a in game.actions(state)] == ["c2", "b3", "e4", "d5"]
    black, white, player = game.result(state, game.parse_action("c2", state))
    assert (black.bit_count(), white.bit_count(), player) == (4, 1, 2)


def test_a_player_without_a_move_passes_and_the_game_ends_when_neither_can_move() -> None:
    game = Othello(4)
    # black holds a1 and b1, white c1: white cannot move, black can (d1)
    a1, b1, c1 = 0, 1, 2
    state = (1 << a1 | 1 << b1, 1 << c1, 2)
    assert game.actions(state) == [PASS]
    after = game.result(state, PASS)
    assert game.actions(after) == [3]
    end = game.result(after, 3)
    assert game.is_terminal(end) and game.actions(end) == []
    assert game.utility(end, 1) == 1 and game.utility(end, 2) == -1


def test_sizes_are_checked_and_the_spec_rebuilds_the_game() -> None:
    with pytest.raises(ValueError, match="size must be one of 4, 6, 8"):
        Othello(5)
    assert zs.load_game("othello:size=6") == Othello(6)
    assert Othello().spec == "othello:size=8"
    with pytest.raises(ValueError, match="expected a cell"):
        Othello(6).parse_action("h9", Othello(6).initial_state)


@settings(max_examples=40, deadline=None)
@given(size=st.sampled_from([4, 6, 8]), data=st.data())
def test_compiled_rules_agree_with_the_plain_ones_move_for_move(
    size: int, data: st.DataObject
) -> None:
    game = Othello(size)
    state = game.initial_state
    while not game.is_terminal(state):
        compare(game, state)  # moves, order, next positions, ends, utilities, heuristic
        state = game.result(state, data.draw(st.sampled_from(game.actions(state))))


@settings(max_examples=15, deadline=None)
@given(size=st.sampled_from([4, 6]), depth=st.integers(1, 3), data=st.data())
def test_compiled_and_plain_alphabeta_return_the_same_value(
    size: int, depth: int, data: st.DataObject
) -> None:
    game = Othello(size)
    state = game.initial_state
    for _ in range(data.draw(st.integers(0, 20))):
        if game.is_terminal(state):
            break
        state = game.result(state, data.draw(st.sampled_from(game.actions(state))))
    if game.is_terminal(state):
        return
    compiled, plain = AlphaBeta(depth), AlphaBeta(depth, compiled=False)
    compiled(game, state)
    plain(game, state)
    assert compiled.last is not None and plain.last is not None
    assert compiled.last.compiled and not plain.last.compiled
    assert compiled.last.value == plain.last.value


def test_othello_4x4_is_solved_the_same_by_both_paths() -> None:
    game = Othello(4)
    compiled, plain = AlphaBeta(), AlphaBeta(compiled=False)
    compiled(game, game.initial_state)
    plain(game, game.initial_state)
    assert compiled.last is not None and plain.last is not None
    assert compiled.last.value == plain.last.value
    assert game.compiled_rules() is game.compiled_rules()  # built once


def test_mcts_runs_compiled_on_othello() -> None:
    game = Othello(6)
    agent = zs.agents.MCTS(iterations=300, seed=1)
    move = agent(game, game.initial_state)
    assert move in game.actions(game.initial_state)
    assert agent.last is not None and agent.last.compiled


class PlainOthello(Othello):
    """The same game without its compiled rules: the generic solver's path."""

    def compiled_rules(self) -> None:  # type: ignore[override]
        return None


@settings(max_examples=15, deadline=None)
@given(st.data(), st.booleans())
def test_a_solve_by_the_compiled_search_matches_the_generic_solver(
    data: st.DataObject, weak: bool
) -> None:
    game, plain = Othello(4), PlainOthello(4)
    state = random_state(game, data, 8, least=2)
    if game.is_terminal(state):
        return
    compiled = zs.solve(game, state, weak=weak)
    generic = zs.solve(plain, state, weak=weak)
    assert compiled.action_values == generic.action_values
    # exact: the same distances, so the same fastest wins and slowest losses
    assert compiled.action_plies == generic.action_plies
    assert compiled.best_actions == generic.best_actions and compiled.plies == generic.plies


def _counted(base: type[Othello]) -> type[Othello]:
    """``base`` counting the calls of its ``result`` (in ``made``), its rules its own."""

    class Counted(base):  # type: ignore[valid-type,misc]
        made = 0
        # counting leaves the rules as they are: it brings the base's twin as its own
        compiled_rules = base.compiled_rules

        def result(self, state: Any, action: int) -> Any:
            Counted.made += 1
            return super().result(state, action)

    register_fast_paths(Counted, FastPaths(compiled_rules=base.compiled_rules))
    return Counted


def test_an_exact_solve_of_othello_4x4_from_the_start_runs_compiled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys.modules["zerosum.agents.solve"], "PYTHON_FIRST_NODES", 0)
    counted = _counted(Othello)
    compiled, generic = zs.solve(counted(4)), zs.solve(PlainOthello(4))
    assert (compiled.value, compiled.plies) == (generic.value, generic.plies) == (-1, 12)
    assert compiled.action_plies == generic.action_plies
    assert counted.made == 4  # the root's four children; the rest ran compiled


def test_a_solve_too_big_for_its_first_python_positions_goes_on_compiled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Othello 4x4 fits in the 4096 positions a solve first tries in Python: 1000 do not
    monkeypatch.setattr(sys.modules["zerosum.agents.solve"], "PYTHON_FIRST_NODES", 1000)
    counted, plain = _counted(Othello), _counted(PlainOthello)
    compiled, generic = zs.solve(counted(4)), zs.solve(plain(4))
    assert compiled.action_plies == generic.action_plies
    # Python's first 1000 positions, then compiled: fewer calls than Python to the end
    assert 4 < counted.made < plain.made, (counted.made, plain.made)
