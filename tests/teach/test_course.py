"""The course's tic-tac-toe (a board of lists) plays as zerosum's own tic-tac-toe."""

import zerosum as zs
from zerosum.teach.course import CourseTicTacToe, course_game


def test_it_solves_to_a_draw_and_its_result_leaves_the_state_alone() -> None:
    game = course_game("course-tictactoe")
    assert isinstance(game, CourseTicTacToe) and course_game("other") is None
    state = game.initial_state
    assert zs.solve(game, state).value == 0
    after = game.result(state, (1, 1))
    assert state == game.initial_state and after["board"][1][1] == "X" and game.player(after) == 2


def test_a_line_wins_for_its_player() -> None:
    game = CourseTicTacToe()
    state = game.initial_state
    for move in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        state = game.result(state, move)
    assert game.is_terminal(state) and game.utility(state, 1) == 1 and game.utility(state, 2) == -1
    assert game.actions(state) == []
