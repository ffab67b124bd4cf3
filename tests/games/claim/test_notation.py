"""Tic-tac-toe's and Pick's positions as text (``games/claim/notation.py``) and every
refusal of a position of claims that cannot occur."""

from __future__ import annotations

import pytest

from zerosum import PositionError
from zerosum.games import Pick, TicTacToe

TICTACTOE = TicTacToe()
PICK = Pick(n=3)


def _play(game: TicTacToe | Pick, actions: list[int]) -> tuple[int, int, int]:
    state = game.initial_state
    for action in actions:
        state = game.result(state, action)
    return state


def test_tictactoe_reads_its_printout_and_its_line() -> None:
    state = _play(TICTACTOE, [4, 0, 8])
    assert TICTACTOE.position(TICTACTOE.render(state)) == state
    assert TICTACTOE.position_text(state) == "O../.X./..X O"
    assert TICTACTOE.position("O../.X./..X") == state  # the side may go unsaid
    won = _play(TICTACTOE, [0, 3, 1, 4, 2])
    assert TICTACTOE.position(TICTACTOE.position_text(won)) == won


def test_pick_reads_its_printout_and_its_line() -> None:
    state = _play(PICK, [5, 1, 9])
    assert PICK.position(PICK.render(state)) == state
    assert PICK.position_text(state) == "5,9/1 2"
    assert PICK.position("-/- 1") == PICK.initial_state
    assert PICK.position(PICK.render(state) + "\nTo move: 2") == state


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("XX./.../... O", "X has 2 and O 0"),
        ("XO./.../... O", "O cannot be to move after 2 moves: it is X's turn"),
        ("XXX/OOO/... X", "both X and O have won"),
        ("XXX/OO./..O", "X has won but the other moved after it"),
        ("XX/.../... X", "row 1 has 2 cells, expected 3"),
        ("XQ./.../... X", "row 1, column 2: 'Q'"),
    ],
)
def test_tictactoe_refuses_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(PositionError, match="^" + reason):
        TICTACTOE.position(text)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1,2,3/- 2", "player 1 has 3 and player 2 0"),
        ("1/2 2", "player 2 cannot be to move after 2 moves"),
        ("2,7,6/9,5,1 1", "both player 1 and player 2 have won"),
        ("2,7,6/9,5,3", "player 1 has won but the other moved after it"),
        ("1/1 2", "number 1 is held by both players"),
        ("10/- 2", "player 1: '10' is not a number from 1 to 9"),
        ("1,1/- 2", "player 1: 1 is listed twice"),
        ("Free: 1\nPlayer 1: 2", "no line 'Player 2: ...'"),
    ],
)
def test_pick_refuses_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(PositionError, match="^" + reason):
        PICK.position(text)
