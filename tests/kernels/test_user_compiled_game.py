"""A user's own game in the compiled style gets the compiled AlphaBeta, playouts and MCTS.

The game is Nim with one heap (take 1 to 3 sticks; who takes the last wins), written as
a user would from ``docs/compiled_games.md``: the seven methods, then the rules again as
numba functions, a NamedTuple record, a codec and ``compiled_rules()``.
"""

from __future__ import annotations

import sys
from typing import Any, NamedTuple

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

import zerosum as zs
from zerosum.agents import MCTS, AlphaBeta
from zerosum.kernels.check import compare
from zerosum.kernels.playouts import compiled as compiled_playouts
from zerosum.kernels.rules import OPEN, Rules, compiled_rules


@njit(cache=True)
def _moves(rules, a, b, player, out):  # type: ignore[no-untyped-def]
    count = 0
    for take in range(1, min(rules.most, a) + 1):  # a: the sticks left
        out[count] = take
        count += 1
    return count


@njit(cache=True)
def _play(rules, a, b, player, code):  # type: ignore[no-untyped-def]
    return a - np.uint64(code), b


@njit(cache=True)
def _outcome(rules, a, b, mover, code):  # type: ignore[no-untyped-def]
    return 1.0 if a == 0 else OPEN


@njit(cache=True)
def _evaluate(rules, a, b, to_move, player):  # type: ignore[no-untyped-def]
    return 0.0


@njit(cache=True)
def _key(rules, a, b, player):  # type: ignore[no-untyped-def]
    return a, np.uint64(player)  # the sticks alone do not say whose turn it is


@compiled_rules(moves=_moves, play=_play, outcome=_outcome, evaluate=_evaluate, key=_key)
class NimRules(NamedTuple):
    most: int


class NimCodec(Rules):
    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.record = NimRules(3)
        self.most_moves = 3

    def unpack(self, state: Any) -> tuple[int, int, int]:
        return state[0], 0, state[1]

    def action(self, code: int, player: int) -> Any:
        return code

    def code(self, action: Any, player: int) -> int:
        return int(action)


class Nim:
    """The seven methods; states are ``(sticks, player)``."""

    def __init__(self, sticks: int = 15) -> None:
        self.sticks = sticks
        self._rules: NimCodec | None = None

    @property
    def initial_state(self) -> tuple[int, int]:
        return (self.sticks, 1)

    def player(self, state: tuple[int, int]) -> int:
        return state[1]

    def actions(self, state: tuple[int, int]) -> list[int]:
        return list(range(1, min(3, state[0]) + 1))

    def result(self, state: tuple[int, int], action: int) -> tuple[int, int]:
        return (state[0] - action, 3 - state[1])

    def is_terminal(self, state: tuple[int, int]) -> bool:
        return state[0] == 0

    def utility(self, state: tuple[int, int], player: int) -> int:
        return 1 if state[1] != player else -1  # the player who took the last stick won

    def print_state(self, state: tuple[int, int]) -> None:
        print(state)

    def evaluate(self, state: tuple[int, int], player: int) -> float:
        return 0.0

    def compiled_rules(self) -> NimCodec:
        if self._rules is None:
            self._rules = NimCodec(self)
        return self._rules


@settings(max_examples=20, deadline=None)
@given(sticks=st.integers(1, 30), data=st.data())
def test_the_compiled_rules_agree_with_the_methods(sticks: int, data: st.DataObject) -> None:
    game = Nim(sticks)
    state = game.initial_state
    while not game.is_terminal(state):
        compare(game, state)
        state = game.result(state, data.draw(st.sampled_from(game.actions(state))))


def test_the_compiled_alphabeta_solves_it_as_the_plain_one_does() -> None:
    game = Nim(21)
    compiled, plain = AlphaBeta(), AlphaBeta(compiled=False)
    move = compiled(game, game.initial_state)
    plain(game, game.initial_state)
    assert compiled.last is not None and plain.last is not None
    assert compiled.last.compiled and compiled.last.value == plain.last.value > 0
    assert move == 1  # leave a multiple of 4


def test_playouts_and_mcts_run_compiled() -> None:
    game = Nim(9)
    assert compiled_playouts(game) is not None
    agent = MCTS(iterations=2000, seed=0, solver=True)
    assert agent(game, game.initial_state) == 1
    assert agent.last is not None and agent.last.compiled


def test_pure_monte_carlo_rolls_out_compiled() -> None:
    game = Nim(9)
    agent = zs.agents.MonteCarlo(playouts=300, seed=0)
    assert agent(game, game.initial_state) in game.actions(game.initial_state)
    assert zs.agents.uct.playouts_hook(game) is not None


@pytest.mark.parametrize("sticks", [4, 9, 12, 21])
def test_a_weak_solve_runs_the_compiled_search(sticks: int) -> None:
    # whoever faces a multiple of 4 sticks loses; every other count is won by leaving one
    result = zs.solve(Nim(sticks), weak=True)
    assert result.value == (-1 if sticks % 4 == 0 else 1)
    assert result.action_values == {
        take: (1 if (sticks - take) % 4 == 0 else -1) for take in range(1, 4)
    }


def test_a_weak_solve_searches_compiled_not_through_the_methods(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # past the positions a solve first tries in Python (Nim(21) fits in them)
    monkeypatch.setattr(sys.modules["zerosum.agents.solve"], "PYTHON_FIRST_NODES", 0)

    class Counted(Nim):
        made = 0

        def result(self, state: tuple[int, int], action: int) -> tuple[int, int]:
            Counted.made += 1
            return super().result(state, action)

    assert zs.solve(Counted(21), weak=True).value == 1
    assert Counted.made == 3  # the root's three children; the rest ran compiled
