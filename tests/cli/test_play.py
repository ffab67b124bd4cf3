"""The ``play`` command: two agents, or a person typing moves, on the terminal."""

from __future__ import annotations

import pytest

from processes import run_zerosum
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
    assert "The computer wins in 4 more moves at most, however you play." in said.stdout
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
