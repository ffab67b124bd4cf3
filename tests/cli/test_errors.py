"""How the command fails: bad arguments of any command end with one line and exit 2."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

from processes import run_zerosum


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
        (["fly"], "unknown command 'fly'; choose from games, agents, play, match"),
        (["book", "--plies", "4", "--exact-plies", "5"], "exact plies must be from 1 to"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: list[str], message: str) -> None:
    result = run_zerosum(*args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert result.stderr.startswith("zerosum: error: ")


@pytest.mark.parametrize(
    "args, line",
    [
        (["tournamnt"], "unknown command 'tournamnt' (did you mean 'tournament'?); choose from "),
        (["play", "conect4"], "unknown game 'conect4' (did you mean 'connect4'?); known: "),
        (["play", "connect4", "--p2", "alphabet"], "unknown agent 'alphabet' (did you mean"),
        (["play", "tictactoe", "--p2", "minimax:dept=2"], "'dept' (did you mean 'depth'?) in"),
        (["play", "tictactoe", "--seed", "x"], "play: argument --seed: invalid int value: 'x'"),
    ],
)
def test_an_error_names_the_program_once_and_the_closest_choice(args: list[str], line: str) -> None:
    """``zerosum: error:`` once, never ``zerosum: error: zerosum: ...``; a typo of a
    command, game, agent or parameter is answered with the valid name nearest to it."""
    result = run_zerosum(*args)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.count("zerosum") == 1, result.stderr
    assert result.stderr.startswith("zerosum: error: ") and line in result.stderr, result.stderr


def test_a_reader_that_leaves_early_ends_the_command_quietly() -> None:
    """``zerosum agents | head -1``: the reader is gone before the command writes a word,
    so the output hits a closed pipe; the command ends as SIGPIPE would end it (141),
    with nothing on stderr, not with an error line or a traceback."""
    command = subprocess.Popen(
        [sys.executable, "-m", "zerosum", "agents"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert command.stdout is not None and command.stderr is not None
    command.stdout.close()  # before the command is even done importing
    status = command.wait(timeout=60)
    assert command.stderr.read() == b""
    assert status == 128 + signal.SIGPIPE
