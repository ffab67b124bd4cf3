from __future__ import annotations

from zerosum.game import replay
from zerosum.games import TicTacToe


def test_rows_columns_and_diagonals_win() -> None:
    game = TicTacToe()
    for moves, winner in [
        ("0 3 1 4 2", 1),  # top row
        ("0 1 3 2 6", 1),  # left column
        ("0 1 4 2 8", 1),  # diagonal
        ("1 2 0 4 3 6", 2),  # anti-diagonal for O
    ]:
        state = replay(game, moves.split())
        assert game.is_terminal(state)
        assert game.utility(state, winner) == 1 and game.utility(state, 3 - winner) == -1
        assert game.actions(state) == []


def test_full_board_without_line_is_a_draw() -> None:
    game = TicTacToe()
    state = replay(game, "0 1 2 4 3 5 7 6 8".split())
    assert game.is_terminal(state) and game.utility(state, 1) == 0


def test_render_shows_marks_and_free_cell_numbers() -> None:
    game = TicTacToe()
    assert game.render(replay(game, ["4", "0"])) == "O 1 2\n3 X 5\n6 7 8"
    assert game.winning_line(replay(game, "0 3 1 4 2".split())) == [0, 1, 2]
