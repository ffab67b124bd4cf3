"""Migration's positions as text (``games/migration/notation.py``): the board alone says
whose turn it is, and a board the stones cannot reach is refused."""

from __future__ import annotations

import pytest

from zerosum import PositionError
from zerosum.games import Migration

GAME = Migration(n=4)


def test_the_printout_and_the_line_read_back_and_the_turn_follows_from_the_board() -> None:
    state = GAME.initial_state
    for _ in range(3):
        state = GAME.result(state, GAME.actions(state)[0])
    assert GAME.position(GAME.render(state)) == state
    assert GAME.position(GAME.position_text(state)) == state
    assert GAME.position_text(state).endswith(" O")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("..../X.../X.O./.O.. X", "X cannot be to move after 1 steps: it is O's turn"),
        ("..../X.../XX../.OO. X", "row 3: X (○) has 2 stones, it starts with 1"),
        ("..../X.../X.../.O.. X", "column 3: O (●) has 0 stones, it starts with 1"),
        ("..../X.../X..O/.O.. X", "column 3: O (●) has 0 stones"),  # it left its column
        ("..../X.../X.../.OO X", "row 4 has 3 cells, expected 4"),
        ("..../X.../X.../.OO# X", "row 4, column 4: '#'"),
    ],
)
def test_an_unreachable_board_is_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(PositionError, match="^" + reason.replace("(", r"\(").replace(")", r"\)")):
        GAME.position(text)
