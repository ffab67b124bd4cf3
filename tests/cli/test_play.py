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
