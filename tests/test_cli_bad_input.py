"""Bad command lines end with one line and exit 2 before any work (naming the limit where
one is passed); a solve too big for its time limit ends with one line and exit 1."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import zerosum as zs
from zerosum.arena.executors import check_scheduler, open_pool
from zerosum.cli import main
from zerosum.game import ZerosumError

MATCH = ["match", "tictactoe", "random", "random", "-n", "2"]


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith("zerosum: error: "), err
    assert "Traceback" not in err
    return err


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


@pytest.mark.parametrize(
    "limits, message",
    [
        ({"move_time": 0}, "move cap must be more than 0"),
        ({"move_time": float("nan")}, "not nan"),
        ({"time_margin": -1}, "time_margin must be seconds from 0"),
        ({"memory_mb": -1}, "memory_mb must be a whole number of MB"),
    ],
)
def test_the_library_refuses_the_same_nonsense_before_playing(limits: dict, message: str) -> None:
    with pytest.raises(ZerosumError, match=message):
        zs.match("tictactoe", "random", "random", games=2, **limits)


def test_sensible_values_of_the_new_types_are_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    args = MATCH + ["--move-time", "1", "--time-margin", "0", "--memory-mb", "512"]
    assert main([*args, "-n", "1e0"]) == 0
    assert "1 of 1 games played" in capsys.readouterr().out


def test_scheduler_addresses_of_every_form_dask_takes_pass_the_check() -> None:
    for address in ("tcp://127.0.0.1:8786", "host:8786", "tls://[::1]:8786", "inproc://x/1"):
        assert check_scheduler(address) == address


@pytest.fixture
def not_dask() -> Iterator[str]:
    """A server on a local port that answers every connection with an HTTP reply."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def answer() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            with conn:
                conn.sendall(b"HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nhi" * 10)

    threading.Thread(target=answer, daemon=True).start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    server.close()


def test_a_server_that_is_not_dask_is_one_line_at_once(
    not_dask: str, capsys: pytest.CaptureFixture[str]
) -> None:
    begin = time.monotonic()
    assert main([*MATCH, "--scheduler", not_dask]) == 2
    assert "did not answer as a Dask scheduler" in one_line_error(capsys)
    assert time.monotonic() - begin < 10
    with pytest.raises(ZerosumError, match="did not answer as a Dask scheduler"):
        with open_pool(scheduler=not_dask):
            pass


def test_book_refuses_a_file_as_its_journals_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journals = tmp_path / "notes.txt"
    journals.write_text("mine\n")
    assert main(["book", "--plies", "1", "--journals", str(journals)]) == 2
    assert f"{journals}: is not a folder" in one_line_error(capsys)
    assert journals.read_text() == "mine\n"


@pytest.mark.parametrize("where", ["missing folder", "directory"])
def test_book_checks_its_output_before_solving(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "no" / "x.npz" if where == "missing folder" else tmp_path
    journals = tmp_path / "journals"
    assert main(["book", "--plies", "1", "--journals", str(journals), "--out", str(out)]) == 2
    err = one_line_error(capsys)
    assert "does not exist" in err if where == "missing folder" else "is a directory" in err
    assert not journals.exists()  # nothing was solved (no journal begun)


def test_a_solve_too_big_for_its_time_limit_stops_there_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    begin = time.monotonic()
    assert main(["solve", "migration:n=16", "--time-limit", "1"]) == 1
    assert time.monotonic() - begin < 10
    err = one_line_error(capsys)
    assert "no exact answer within --time-limit 1 s: migration:n=16 is too big" in err


def test_a_solve_without_a_limit_still_answers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "tictactoe", "--time-limit", "none"]) == 0
    assert "player 1 to move draws" in capsys.readouterr().out


def test_a_long_solve_says_what_it_does_and_when_it_gives_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from zerosum.cli import solve as cli_solve

    assert cli_solve.STILL_SOLVING_SECONDS <= 5
    assert main(["solve", "migration:n=16", "--time-limit", "6"]) == 1
    err = capsys.readouterr().err.splitlines()
    doing = "zerosum: solving migration:n=16 (gives up after 6 s; --time-limit)"
    assert err[0] == f"{doing}..."
    assert err[1].startswith(f"{doing}: stopped after 6.")
    assert err[2].startswith("zerosum: error: no exact answer within --time-limit 6 s")
