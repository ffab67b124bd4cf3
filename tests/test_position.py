"""Positions as text (``zerosum/position.py``): ``zs.position`` and ``zs.position_text``
through the games' hooks, a user game's own refusal in the same one line, and, for
random reachable states of every built-in game, text -> position -> text round-trips
in both forms (the board as it prints and the compact line) and gives the state back."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zerosum as zs
from helpers import Pile as BarePile
from zerosum import PositionError

GAMES = [
    zs.games.ConnectFour(),
    zs.games.ConnectFour(width=5, height=4),
    zs.games.TicTacToe(),
    zs.games.Pick(n=3),
    zs.games.Pick(n=4),
    zs.games.Migration(n=5),
    zs.games.Othello(size=6),
    zs.games.Othello(),
]


def _reachable(game: Any, seed: int, plies: int) -> Any:
    """The state after up to ``plies`` random moves (fewer where the game ends)."""
    rng = random.Random(seed)
    state = game.initial_state
    for _ in range(plies):
        if game.is_terminal(state):
            break
        state = game.result(state, rng.choice(list(game.actions(state))))
    return state


def _board(game: Any, state: Any) -> str:
    """The board as it prints; Othello's with the turn, which passes hide from the board."""
    said = f"\n{'XO'[game.player(state) - 1]} to move" if isinstance(game, zs.games.Othello) else ""
    return game.render(state) + said


@pytest.mark.parametrize("game", GAMES, ids=repr)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 64))
def test_both_forms_round_trip_for_reachable_states(game: Any, seed: int, plies: int) -> None:
    state = _reachable(game, seed, plies)
    line = zs.position_text(game, state)
    assert zs.position(game, line) == state
    assert zs.position_text(game, zs.position(game, line)) == line
    board = _board(game, state)
    assert zs.position(game, board) == state
    assert _board(game, zs.position(game, board)) == board


class Pile(BarePile):
    """A user game offering the two hooks: a pile of stones, take one or two."""

    initial_state = (3, 1)

    def position(self, text: str) -> Any:
        stones, player = text.split()
        if not stones.isdigit():
            raise ValueError(f"{stones!r} is not a number of stones")
        return (int(stones), int(player))

    def position_text(self, state: Any) -> str:
        return f"{state[0]} {state[1]}"


def test_a_user_games_hooks_serve_and_its_refusal_is_a_position_error() -> None:
    assert zs.position(Pile(), "2 2") == (2, 2)
    assert zs.position_text(Pile(), (2, 2)) == "2 2"
    with pytest.raises(PositionError, match="^'x' is not a number of stones$"):
        zs.position(Pile(), "x 1")


def test_a_game_without_the_hooks_is_refused_by_name() -> None:
    class Plain(Pile):
        position = None  # type: ignore[assignment]
        position_text = None  # type: ignore[assignment]

    with pytest.raises(PositionError, match="reads no positions as text"):
        zs.position(Plain(), "2 1")
    with pytest.raises(PositionError, match="writes no positions as text"):
        zs.position_text(Plain(), (2, 1))
    assert issubclass(PositionError, zs.ZerosumError)
