from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from zerosum.cli import main

SRC = str(Path(__file__).resolve().parents[1] / "src")


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run(
        [sys.executable, "-m", "zerosum", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_games_lists_every_game_with_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for text in ("connect4", "width=7 (int)", "migration", "n=8 (int)", "pick", "tictactoe"):
        assert text in out


def test_agents_lists_every_agent_with_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agents"]) == 0
    out = capsys.readouterr().out
    for text in ("dummy", "random", "seed=None (int or none)", "human", "minimax"):
        assert text in out


def test_play_between_two_agents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "tictactoe", "--p1", "minimax", "--p2", "dummy"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("Winner: 1st player")


def test_a_human_plays_by_typing_and_the_board_is_printed_once() -> None:
    result = run("play", "tictactoe", "--p2", "dummy", stdin="4\n2\n6\n")
    assert result.returncode == 0, result.stderr
    assert "Player 1 plays 4" in result.stdout and "Winner: 1st player" in result.stdout
    # the judge prints each state; the human's prompt does not print it again
    assert result.stdout.count("0 1 2\n3 X 5") == 1


def test_end_of_input_ends_the_game_cleanly() -> None:
    result = run("play", "connect4", stdin="")
    assert result.returncode == 0 and "resigned" in result.stdout
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["play", "chess"],
            "unknown game 'chess'; known: connect4, migration, openspiel, othello, pick",
        ),
        (["play", "connect4:width=-1"], "width must be an integer from 1 to 16"),
        (["play", "pick:n=x", "--p1", "dummy"], "bad value 'x' for n"),
        (["play", "tictactoe", "--p1", "minimax:depth=zero"], "bad value 'zero' for depth"),
        (["play", "tictactoe", "--seed", "many"], "invalid int value: 'many'"),
        (["fly"], "invalid choice: 'fly'"),
        (["book", "--plies", "4", "--exact-plies", "5"], "exact plies must be from 1 to"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert result.stderr.startswith("zerosum: error: ")
