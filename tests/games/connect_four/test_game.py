from __future__ import annotations

import pytest

import zerosum as zs
from zerosum.game import replay
from zerosum.games import ConnectFour


def play_columns(game: ConnectFour, columns: str) -> tuple[int, int, int, int]:
    return replay(game, list(columns))


@pytest.mark.parametrize(
    "columns, winner, line",
    [
        ("1212121", 1, [(0, 0), (0, 1), (0, 2), (0, 3)]),  # vertical
        ("1122334", 1, [(0, 0), (1, 0), (2, 0), (3, 0)]),  # horizontal
        ("12234334544", 1, [(0, 0), (1, 1), (2, 2), (3, 3)]),  # diagonal /
        ("76654554344", 1, [(3, 3), (4, 2), (5, 1), (6, 0)]),  # diagonal \
        ("71212121", 2, [(0, 0), (0, 1), (0, 2), (0, 3)]),  # the second player
    ],
)
def test_four_in_a_row_in_every_direction(columns: str, winner: int, line: list) -> None:
    game = ConnectFour()
    state = play_columns(game, columns)
    assert game.is_terminal(state)
    assert game.utility(state, winner) == 1
    assert game.winning_line(state) == line


def test_lines_do_not_wrap_between_columns() -> None:
    game = ConnectFour(width=4, height=4)
    # rows 1-3 of column 1 and row 0 of column 2 are not a vertical line
    state = play_columns(game, "2113131")
    assert [game.cell(state, 0, r) for r in range(4)] == [2, 1, 1, 1]
    assert not game.is_terminal(state)


def test_other_sizes_and_line_lengths() -> None:
    game = ConnectFour(width=5, height=4, k=3)
    state = play_columns(game, "11223")
    assert game.is_terminal(state) and game.utility(state, 1) == 1
    big = ConnectFour(width=9, height=8, k=5)
    state = play_columns(big, "9" * 8 + "11223344")
    assert not big.is_terminal(state) and big.actions(state)[0] == 4
    state = play_columns(big, "556677889")
    assert big.is_terminal(state) and big.utility(state, 1) == 1


def test_full_board_is_a_draw_and_full_columns_are_not_offered() -> None:
    game = ConnectFour(width=4, height=4, k=4)
    state = play_columns(game, "1234123421432143")
    assert game.is_terminal(state) and game.utility(state, 1) == 0
    assert 0 not in game.actions(play_columns(game, "1111"))


def test_actions_are_center_first() -> None:
    assert ConnectFour().actions(ConnectFour().initial_state) == [3, 2, 4, 1, 5, 0, 6]
    assert ConnectFour(width=4).actions((0, 0, 0, 0)) == [1, 2, 0, 3]


def test_humans_type_columns_one_based() -> None:
    game = ConnectFour()
    assert game.format_action(0) == "1"
    with pytest.raises(zs.IllegalActionError, match="cannot play 8 in connect4.*legal: 4 3 5"):
        replay(game, ["8"])
    assert game.render(play_columns(game, "44")).splitlines()[-3:] == [
        ". . . O . . .",
        ". . . X . . .",
        "1 2 3 4 5 6 7",
    ]


@pytest.mark.parametrize("spec", ["connect4:width=-1", "connect4:k=1", "connect4:height=x"])
def test_bad_specs_say_what_is_allowed(spec: str) -> None:
    with pytest.raises(zs.SpecError, match=spec.split(":")[1].split("=")[0]):
        zs.load_game(spec)
