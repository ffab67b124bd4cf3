"""The board widget's Python side: what its traits tell the front-end as a game is
played through the same calls and messages the front-end sends."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("anywidget", reason="anywidget is not installed (.[dev] has it)")

import zerosum as zs
from arena_agents import Slow
from test_user_game import Nim
from zerosum.agents.hints import move_hints
from zerosum.agents.summary import solved_moves
from zerosum.notebook import Board
from zerosum.notebook.board import STATIC


def played(board: Board) -> Board:
    assert board.wait(60), "the computer did not answer within 60 s"
    return board


def click(board: Board, content: object) -> None:
    """What a message from the front-end does (ipywidgets' own path for it)."""
    board._handle_custom_msg(content, [])


def test_the_computer_answers_a_move_and_says_what_it_thought() -> None:
    board = played(Board("tictactoe", opponent="alphabeta", human=1))
    assert board.your_turn and board.status == "Your move (you play X)."
    assert board.svg.startswith("<svg") and 'data-action="4"' in board.svg
    assert board.legal == [str(cell) for cell in range(9)] and not board.can_undo
    click(board, {"kind": "play", "action": "4"})
    played(board)
    assert board.moves[0] == "4" and len(board.moves) == 2
    assert board.search["action"] == board.moves[1]
    summary = board.search["summary"]
    assert board.verdict == f"{summary['verdict']} ({summary['basis']})" and summary["verdict"]
    assert "4" not in board.legal and board.moves[1] not in board.legal
    assert board.can_undo and board.your_turn and not board.thinking and board.error == ""


def test_the_learned_agent_answers_on_the_board_with_its_visits() -> None:
    pytest.importorskip("torch", reason="the learn extra (scripts/test.sh installs it)")
    board = played(Board("connect4:width=5,height=4", opponent="alphazero", human=1))
    click(board, {"kind": "play", "action": "2"})
    played(board)
    assert len(board.moves) == 2 and board.error == ""
    assert board.search["action"] == board.moves[1]
    visits = board.search["extra"]["visits"]  # the shipped 5x4 model's search: 200 simulations
    assert sum(visits.values()) == 200 and set(visits) == {"1", "2", "3", "4", "5"}
    assert board.search["summary"]["basis"] == "the average result of 200 simulated games"


def test_a_refused_click_says_why_and_changes_nothing() -> None:
    board = played(Board("tictactoe", opponent="dummy"))
    click(board, {"kind": "play", "action": "9"})
    assert "9" in board.error and "legal" in board.error and board.moves == []
    with pytest.raises(zs.IllegalActionError):
        board.play("9")
    click(board, {"kind": "undo"})
    assert board.error == "there is no move of yours to take back"
    click(board, {"kind": "resign"})
    assert board.error.startswith("unknown request") and "play, undo or new" in board.error


def test_hints_tell_each_moves_value_before_the_persons_move() -> None:
    board = played(Board("connect4:width=4,height=4", opponent="alphabeta", hints=True))
    assert board.hints_offered and board.show_hints
    assert set(board.hints["moves"]) == {"1", "2", "3", "4"}
    assert board.hints == move_hints(board.game, board.state) and board.hints["available"]
    board.play("1")
    played(board)
    assert len(board.moves) == 2  # hints now for the position after the computer's answer
    assert board.hints == move_hints(board.game, board.state)
    solved = solved_moves(board.game, zs.solve(board.game, board.state))
    assert board.hints["moves"] == solved["moves"] and len(solved["moves"]) == 4


def test_hints_follow_their_switch_and_are_only_offered_where_the_game_solves_at_once() -> None:
    board = played(Board("tictactoe", opponent="dummy"))
    assert board.hints == {}
    board.show_hints = True  # what the front-end's checkbox does
    assert played(board).hints["moves"]["4"] == "draw"
    board.show_hints = False
    assert board.hints == {}
    pick = played(Board("pick", opponent="dummy", hints=True))
    assert not pick.hints_offered and not pick.hints["available"]
    assert pick.hints["reason"] == "Hints are not available for Pick 4: it does not solve at once."


def test_undo_takes_back_the_persons_move_and_the_answer() -> None:
    board = played(Board("tictactoe", opponent="random:seed=1"))
    board.play("0")
    played(board)
    board.play(played(board).legal[0])
    played(board)
    assert len(board.moves) == 4
    click(board, {"kind": "undo"})
    assert played(board).moves == board.moves[:2] and len(board.moves) == 2
    board.undo()
    assert played(board).moves == [] and not board.can_undo


def test_as_player_two_the_computer_opens_and_new_game_starts_over() -> None:
    board = played(Board("connect4", opponent="dummy", human=2))
    assert board.moves == ["4"] and board.status == "Your move (you play Yellow)."
    board.play("3")
    click(board, {"kind": "new"})
    assert played(board).moves == ["4"]
    board.new_game(human=1)
    assert played(board).moves == [] and board.human == 1


def test_new_game_while_the_computer_thinks_drops_its_late_answer() -> None:
    board = played(Board("tictactoe", opponent=Slow(0.5)))
    board.play("0")
    assert board.thinking and board.status == "The computer (slow) is thinking…"
    assert not board.your_turn
    with pytest.raises(zs.ZerosumError, match="wait: the computer is thinking"):
        board.play("1")
    board.new_game()
    assert played(board).moves == [] and board.search == {}


def test_a_game_to_its_end_says_who_won() -> None:
    board = played(Board(Nim(3), opponent="dummy"))  # dummy takes 1 stick each time
    board.play("1")
    played(board)
    board.play("1")  # the last stick
    assert board.over and board.status == "Game over: You win!" and board.legal == []
    with pytest.raises(zs.ZerosumError, match="the game is over"):
        board.play("1")


def test_a_game_without_a_drawing_is_shown_as_text_with_its_moves() -> None:
    board = played(Board(Nim(5), opponent="dummy"))
    assert board.svg == "" and board.text.startswith("|||||")
    assert board.legal == ["1", "2", "3"]


def test_two_people_take_turns_on_one_board() -> None:
    board = played(Board("tictactoe", opponent="human"))
    assert board.title == "Tic-tac-toe: two people"
    for cell, status in [("0", "O (player 2) to move."), ("3", "X (player 1) to move.")]:
        board.play(cell)
        assert board.status == status and board.search == {}
    board.play("1")
    board.play("4")
    board.play("2")
    assert board.status == "Game over: X (player 1) wins."
    board.undo()
    assert board.moves == ["0", "3", "1", "4"] and board.status == "X (player 1) to move."


def test_an_agent_object_and_a_starting_state_are_taken() -> None:
    game = zs.games.TicTacToe()
    start = game.result(game.initial_state, 4)
    board = played(Board(game, opponent=zs.agents.Minimax(), state=start))
    assert board.status == "Your move (you play X)." and board.moves == ["0"]
    assert board.title == "Tic-tac-toe: Minimax"  # its class, not the repr of its settings


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"human": 3}, "human must be 1 (you move first) or 2, not 3"),
        ({"move_seconds": 0}, "seconds above 0, not 0"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        Board("tictactoe", **options)  # type: ignore[arg-type]


def test_play_widget_makes_a_board_and_import_zerosum_loads_no_widget_library() -> None:
    board = played(zs.play_widget("tictactoe", opponent="dummy", human=2))
    assert isinstance(board, Board) and board.moves == ["0"]
    code = "import sys, zerosum; print('anywidget' in sys.modules, 'traitlets' in sys.modules)"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.split() == ["False", "False"]


def test_the_front_end_ships_with_the_package() -> None:
    assert (STATIC / "board.js").read_text().startswith("// The board widget")
    assert "zs-widget" in (STATIC / "board.css").read_text()


def test_a_game_without_hints_is_named_as_a_player_names_it() -> None:
    board = played(Board("othello:size=6", opponent="human", hints=True))
    assert board.title == "Othello 6x6: two people"
    assert board.hints == {
        "available": False,
        "reason": "Hints are not available for Othello 6x6: it does not solve at once.",
    }
