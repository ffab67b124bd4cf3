"""Where a page's game starts: a position as text, the moves played on from it, and what
the position editor needs."""

from __future__ import annotations

import pytest

from zerosum import games
from zerosum.web.starts import BadStart, editor_of, sides_to_move, start_of


def test_the_editor_gets_the_start_and_each_sides_token() -> None:
    assert editor_of(games.TicTacToe()) == {"start": ".../.../... X", "sides": ["X", "O"]}
    assert editor_of(games.Pick(n=3)) == {"start": "-/- 1", "sides": ["1", "2"]}


def test_a_start_is_a_position_and_the_moves_played_from_it() -> None:
    game = games.TicTacToe()
    start, actions = start_of(game, {"position": "X../.../... O", "moves": ["4"]})
    assert start == game.result(game.initial_state, 0) and actions == [4]
    assert start_of(game, {}) == (game.initial_state, [])


def test_a_start_that_cannot_be_played_says_why() -> None:
    game = games.TicTacToe()
    with pytest.raises(BadStart, match=r"^This is not a position of Tic-tac-toe: X has 2 and O 0"):
        start_of(game, {"position": "XX./.../... O"})
    with pytest.raises(BadStart, match="^This position is already over in Tic-tac-toe"):
        start_of(game, {"position": "XXX/OO./... O"})
    with pytest.raises(BadStart, match=r"^'moves' has 1001 moves, over the limit of 1000"):
        start_of(game, {"moves": ["0"] * 1001})
    with pytest.raises(BadStart, match=r"^'position' is longer than 2000 characters"):
        start_of(game, {"position": "." * 2001})


def test_who_is_to_move_follows_the_pieces_where_the_game_decides_it() -> None:
    assert sides_to_move(games.TicTacToe(), ".../.X./...") == ["O"]
    assert sides_to_move(games.TicTacToe(), ".../.X./..O") == ["X"]
    assert sides_to_move(games.TicTacToe(), "XX./.../...") == []  # no such position
    othello = games.Othello(size=6)
    assert sides_to_move(othello, "....../....../..OX../..XO../....../......") == ["X", "O"]
