"""Connect Four positions as text (``games/connect_four/notation.py``): Pons' moves, the
column-digit form, the board as it prints, the compact line, and every refusal."""

from __future__ import annotations

import pytest

from zerosum import PositionError
from zerosum.games import ConnectFour

GAME = ConnectFour()


def _after(moves: str) -> tuple[int, int, int, int]:
    state = GAME.initial_state
    for digit in moves:
        state = GAME.result(state, int(digit) - 1)
    return state


def test_pons_moves_his_test_lines_and_column_numbers_read_the_same_position() -> None:
    assert GAME.position("4453") == _after("4453")
    assert GAME.position("4453 -2") == _after("4453")  # a line of his benchmark files
    assert GAME.position("4 4 5 3") == _after("4453")
    wide = ConnectFour(width=12, height=4)
    assert wide.position("11 12 1") == wide.result(wide.result(wide.result(
        wide.initial_state, 10), 11), 0)  # fmt: skip


def test_the_board_as_it_prints_and_the_compact_line_read_back() -> None:
    state = _after("44536")
    assert GAME.position(GAME.render(state)) == state
    assert GAME.position(GAME.position_text(state)) == state
    assert GAME.position_text(state) == "......./......./......./......./...O.../..OXXX. O"
    assert GAME.position(GAME.render(state) + "\nO to move") == state


def test_a_won_position_is_read_with_its_winner() -> None:
    won = _after("4343434")
    assert won[3] == 1
    assert GAME.position(GAME.position_text(won)) == won


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("......./......./......./......./...X.../....... O", "column 4: a disc floats"),
        ("......./......./......./......./......./XX..... O", "X has 2 discs and O 0"),
        (
            "......./......./......./......./......./X.....O O",
            "O cannot be to move after 2 discs: it is X's turn",
        ),
        ("......./......./...XO../...XO../...XO../...XO.. X", "both X and O have 4 in a row"),
        ("......./......./...X.../...X.../...X.O./O..XOO. X", "X has 4 in a row but O moved"),
        (
            "......./......./X.....X/X.....X/XOO..OX/XOO.OOX O",
            "X has lines that no single last disc made",
        ),
        ("......./......./......./......./......./......", "row 6 has 6 cells, expected 7"),
        ("......./......./......./......./......./...Z...", "row 6, column 4: 'Z'"),
        ("......./......./......./......./......./......./....... X", "expected 6 rows, got 7"),
        ("......./......./......./......./......./....... Z", "the side to move must be X or O"),
        ("4448", "move 4: column 8 is not on the board"),
        ("4444444", "move 7: column 4 is full"),
        ("43434345", "move 8 (5): the game was already won"),
    ],
)
def test_an_impossible_or_unreadable_position_is_refused_with_the_reason(
    text: str, reason: str
) -> None:
    with pytest.raises(PositionError, match="^" + reason.replace("(", r"\(").replace(")", r"\)")):
        GAME.position(text)
