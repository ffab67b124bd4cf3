"""The command line's argument types: nonsense ends with one line and exit 2 before any
work, naming the limit where one is passed; sensible values pass."""

from __future__ import annotations

import pytest

from helpers import one_line_error
from zerosum.cli import main

MATCH = ["match", "tictactoe", "random", "random", "-n", "2"]


@pytest.mark.parametrize(
    "args, expected",
    [
        (MATCH + ["--move-time", "0"], "argument --move-time: the move cap must be more than 0"),
        (MATCH + ["--move-time", "-1"], "argument --move-time"),
        (MATCH + ["--move-time", "nan"], "not nan"),
        (MATCH + ["--move-time", "inf"], "MAX_MOVE_SECONDS"),
        (
            MATCH + ["--time-margin", "-1"],
            "argument --time-margin: the margin must be seconds from 0",
        ),
        (MATCH + ["--time-margin", "nan"], "argument --time-margin"),
        (MATCH + ["--memory-mb", "-1"], "argument --memory-mb: the value must be a whole number"),
        (MATCH + ["--memory-mb", "99999999999"], "over the limit of this machine's memory"),
        (MATCH + ["--workers", "0"], "argument --workers: expected a whole number of at least 1"),
        (["match", "tictactoe", "random", "random", "-n", "1000000000000"], "(MAX_GAMES)"),
        (["match", "tictactoe", "random", "random", "-n", "1e12"], "(MAX_GAMES)"),
        (["match", "tictactoe", "random", "random", "-n", "0"], "at least 1"),
        (["match", "tictactoe", "random", "random", "-n", "2.5"], "expected a whole number"),
        (["tournament", "tictactoe", "random", "dummy", "-n", "1e6"], "(MAX_GAMES)"),
        (["analyze", "tictactoe", "--probes", "1e12"], "argument --probes: 1000000000000 is over"),
        (["analyze", "tictactoe", "--probes", "-1"], "at least 0"),
        (["analyze", "tictactoe", "--max-positions", "1e12"], "(MAX_POSITIONS)"),
        (["analyze", "tictactoe", "--plies", "-3"], "argument --plies"),
        (["grade", "tictactoe", "random", "--positions", "1e9"], "(MAX_GRADED)"),
        (["solve", "tictactoe", "--time-limit", "0"], "argument --time-limit"),
        (["solve", "tictactoe", "--time-limit", "-5"], "or none"),
        (["solve", "connect4", "--tt-mb", "nan"], "argument --tt-mb: expected a number above 0"),
        (["solve", "connect4", "--workers", "-2"], "argument --workers"),
        (["book", "--plies", "0"], "argument --plies"),
        (["book", "--workers", "0"], "argument --workers"),
        (MATCH + ["--scheduler", "tcp://127.0.0.1:notaport"], "not a host and port 1..65535"),
        (MATCH + ["--scheduler", "127.0.0.1:99999"], "not a host and port"),
        (MATCH + ["--scheduler", "http://127.0.0.1:8786"], "unknown scheme 'http'"),
        (["book", "--scheduler", "tcp://:8786"], "not a host and port"),
    ],
)
def test_nonsense_is_refused_in_one_line(
    args: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert expected in one_line_error(capsys)


def test_sensible_values_of_the_new_types_are_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    args = MATCH + ["--move-time", "1", "--time-margin", "0", "--memory-mb", "512"]
    assert main([*args, "-n", "1e0"]) == 0
    assert "1 of 1 games played" in capsys.readouterr().out
