"""Where a command starts (``cli/start.py``): ``--position`` wherever ``--moves`` is taken
(solve, explain, play), never both, and bad or finished positions as one line, exit 2."""

from __future__ import annotations

import json

import pytest

from helpers import one_line_error
from zerosum.cli import main

#: O to move after X 0, O 1, X 4: X threatens the diagonal.
POSITION = "XO./.X./... O"


def test_solve_from_a_position_equals_solve_after_its_moves(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "tictactoe", "--json", "--position", POSITION]) == 0
    given = json.loads(capsys.readouterr().out)
    assert main(["solve", "tictactoe", "--json", "--moves", "0 1 4"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert {k: v for k, v in given.items() if k not in ("nodes", "seconds")} == {
        k: v for k, v in replayed.items() if k not in ("nodes", "seconds")
    }


def test_connect_four_takes_pons_moves_and_the_board_as_it_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = "\n".join(["....", "....", ".O..", "XOX.", "1 2 3 4"])
    answers = []
    for text in ("1232", board, "1232 0"):
        assert main(["solve", "connect4:width=4,height=4", "--json", "--position", text]) == 0
        answer = json.loads(capsys.readouterr().out)
        answers.append({k: v for k, v in answer.items() if k not in ("nodes", "seconds")})
    assert answers[0] == answers[1] == answers[2]


def test_explain_and_play_start_from_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "tictactoe", "minimax", "--position", POSITION, "--cap", "5"]) == 0
    assert "root" in capsys.readouterr().out
    assert main(["play", "tictactoe", "--p1", "minimax", "--p2", "minimax",
                 "--position", POSITION]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "game.\nX O 2\n3 X 5\n6 7 8\n" in out  # the position, under the opening lines
    assert out.endswith("\nGame over: X wins.\n")  # X wins from there


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["solve", "tictactoe", "--position", "XX./.../..."], "X has 2 and O 0"),
        (
            ["solve", "tictactoe", "--position", "XXX/OO./..."],
            "the game is over in the position given",
        ),
        (["explain", "tictactoe", "minimax", "--position", "XXX/OO./..."], "no move to explain"),
        (["play", "tictactoe", "--position", "XO./.X./... X"], "X cannot be to move"),
        (["solve", "connect4", "--position", "4453", "--moves", "44"], "not allowed with"),
        (["solve", "othello:size=4", "--position", "..../..../.XO./.... X"], "b2 is empty"),
    ],
)
def test_a_bad_or_finished_position_is_one_line_exit_2(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert says in one_line_error(capsys)
