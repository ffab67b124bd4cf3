"""The ``play`` command: two agents, or a person typing moves, on the terminal."""

from __future__ import annotations

import io
import sys

import pytest

from processes import run_zerosum
from zerosum import budget
from zerosum.agents import hints as hints_module
from zerosum.cli import main


def test_play_between_two_agents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "tictactoe", "--p1", "minimax", "--p2", "dummy"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("Winner: 1st player")


def test_a_human_plays_by_typing_and_the_board_is_printed_once() -> None:
    result = run_zerosum("play", "tictactoe", "--p2", "dummy", stdin="4\n2\n6\n")
    assert result.returncode == 0, result.stderr
    assert "Player 1 plays 4" in result.stdout and "Winner: 1st player" in result.stdout
    # the judge prints each state; the human's prompt does not print it again
    assert result.stdout.count("0 1 2\n3 X 5") == 1


def test_end_of_input_ends_the_game_cleanly() -> None:
    result = run_zerosum("play", "connect4", stdin="")
    assert result.returncode == 0 and "resigned" in result.stdout
    assert "Traceback" not in result.stderr


def test_a_person_sees_what_the_computer_thought_unless_told_not_to() -> None:
    moves = "1\n2\n4\n"  # the computer (perfect) wins after 1 0 2 3 4 6
    said = run_zerosum("play", "tictactoe", "--p2", "perfect", stdin=moves)
    assert said.returncode == 0, said.stderr
    assert "Player 2 plays 0\nWith best play from both sides, the game is a draw." in said.stdout
    assert "The computer wins within 2 more of its moves, however you play." in said.stdout
    assert "What each move leads to with perfect play" in said.stdout
    assert "  3: win in 5 (played), " in said.stdout
    quiet = run_zerosum("play", "tictactoe", "--p2", "perfect", "--no-thinking", stdin=moves)
    assert quiet.returncode == 0, quiet.stderr
    assert "Player 2 plays 0\nO X 2" in quiet.stdout and "Winner: 2nd player" in quiet.stdout
    assert "computer" not in quiet.stdout and "(played)" not in quiet.stdout


def test_two_agents_are_named_by_their_seats(capsys: pytest.CaptureFixture[str]) -> None:
    agents = ["--p1", "alphabeta:depth=2,compiled=false", "--p2", "montecarlo:playouts=10"]
    assert main(["play", "tictactoe", *agents, "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Player 1 plays 4\nPlayer 1 thinks it is slightly ahead." in out
    assert "Each move's value for player 1 from its search" in out
    assert "Player 2 thinks player 1 is" in out and "computer" not in out


def test_two_people_play_tic_tac_toe_to_the_end() -> None:
    result = run_zerosum(
        "play", "tictactoe", "--p1", "human", "--p2", "human", stdin="4\n0\n1\n2\n7\n"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("X (player 1), your move: ") == 3  # the game's own words
    assert result.stdout.count("O (player 2), your move: ") == 2
    assert "Player 1 plays 7\nO X O\n3 X 5\n6 X 8" in result.stdout
    assert result.stdout.rstrip().endswith("Winner: 1st player")


def test_hints_give_each_move_its_value_before_a_persons_move() -> None:
    result = run_zerosum(
        "play", "tictactoe", "--p2", "human", "--p1", "human", "--hints", stdin="4\n"
    )
    assert result.returncode == 0, result.stderr
    every_draw = ", ".join(f"{cell}: draw" for cell in range(9))
    assert f"Hints: what each move leads to with perfect play:\n  {every_draw}\n" in result.stdout
    # after X takes the centre, O's edges lose (in 6 moves, counting O's) and corners draw
    assert "  0: draw, 1: loss in 6, 2: draw," in result.stdout
    assert result.stdout.index("0: draw, 1: loss") < result.stdout.index("O (player 2), your move")


def test_hints_where_a_game_does_not_solve_at_once_say_so_once() -> None:
    result = run_zerosum("play", "othello:size=6", "--hints", stdin="")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("Hints are not available for othello:size=6") == 1
    assert "perfect play" not in result.stdout


def test_hints_need_a_person(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "tictactoe", "--p1", "dummy", "--p2", "dummy", "--hints"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "zerosum: error: --hints are for a person: give --p1 or --p2 human"
    ]


def test_the_computers_verdict_is_one_line_right_under_its_move() -> None:
    result = run_zerosum("play", "tictactoe", "--p2", "perfect", stdin="1\n2\n4\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    under = [lines[i + 1] for i, line in enumerate(lines) if line.startswith("Player 2 plays")]
    assert under[0] == "With best play from both sides, the game is a draw."
    assert under[1].startswith("The computer wins") and under[1].endswith("however you play.")


def test_hints_that_run_out_of_the_moves_time_say_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def too_slow(game: object, state: object) -> None:
        raise budget.OutOfTime

    monkeypatch.setattr(hints_module, "solve", too_slow)
    monkeypatch.setattr(sys, "stdin", io.StringIO("4\n"))
    assert main(["play", "tictactoe", "--p2", "dummy", "--hints"]) == 0
    out = capsys.readouterr().out
    assert "Hints: this position did not solve within the move's time.\nX (player 1), your" in out
