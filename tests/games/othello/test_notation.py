"""Othello's positions as text (``games/othello/notation.py``): the printout with its
labels, the turn said or inferred, and the refusals."""

from __future__ import annotations

import pytest

from zerosum import PositionError
from zerosum.games import Othello

GAME = Othello(size=6)


def test_the_printout_and_the_line_read_back() -> None:
    state = GAME.initial_state
    for _ in range(3):
        state = GAME.result(state, GAME.actions(state)[0])
    assert GAME.position(GAME.render(state)) == state  # 7 discs: white's turn, inferred
    assert GAME.position(GAME.position_text(state)) == state
    passed = (state[0], state[1], 3 - state[2])
    assert GAME.position(GAME.render(passed) + "\nX to move") == passed
    assert GAME.position(GAME.position_text(passed)) == passed


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("....../....../..X.../..XX../....../...... O", "d3 is empty"),
        ("....../....../..OX../..XO../....../..... X", "row 6 has 5 cells, expected 6"),
        ("....../....../..OX../..XO../....../.....* X", "row 6, column 6: '*'"),
        ("....../....../..OX../..XO../...... X", "expected 6 rows, got 5"),
        (
            "  a b c d e f\n1 . . . . . .\n2 . . . . . .\n3 . . O X . .\n4 . . X O . .\n"
            "5 . . . . . .\n6 . . . . . .\nnobody to move",
            "cannot tell who is to move",
        ),
    ],
)
def test_an_impossible_or_unreadable_position_is_refused_with_the_reason(
    text: str, reason: str
) -> None:
    with pytest.raises(PositionError, match="^" + reason):
        GAME.position(text)
