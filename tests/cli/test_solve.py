"""The ``solve`` command: values and distances of every move, JSON, and its time limit."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from helpers import one_line_error
from processes import run_zerosum
from zerosum.cli import main


def test_solve_prints_the_value_and_every_move(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "migration:n=5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "player 1 to move wins in 23 plies"
    assert "2,1>2,2  wins in 23  (best)" in out[2]
    assert "1,0>1,1  loses in 10" in out[1]
    assert out[-1].endswith(" s") and "nodes" in out[-1]


def test_solve_json_after_moves(capsys: pytest.CaptureFixture[str]) -> None:
    # Migration has no compiled solver: the generic path reports values, plies and best moves
    assert main(["solve", "migration:n=4", "--moves", "1,0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] in (-1, 0, 1) and set(data["moves"]) == set(data["plies_by_move"])
    assert data["best"] and all(data["moves"][m] == data["value"] for m in data["best"])
    assert data["nodes"] > 0 and data["seconds"] >= 0


def test_solve_json_with_the_compiled_connect_four_solver(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "connect4:width=4,height=4", "--moves", "2233", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["score"] == 0 and data["moves"] == {"2": -1, "3": -1, "1": 0, "4": 0}
    assert data["nodes"] > 0 and data["seconds"] >= 0


@pytest.mark.parametrize(
    "args, message",
    [
        (["solve", "tictactoe", "--moves", "0 3 1 4 2"], "the game is over after '0 3 1 4 2'"),
        (["solve", "connect4", "--moves", "9"], "move 1 ('9'): player 1 cannot play 9"),
        (["solve", "chess"], "unknown game 'chess'"),
    ],
)
def test_bad_solve_input_exits_2_with_one_line(args: list[str], message: str) -> None:
    result = run_zerosum(*args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr


def test_a_weak_solve_prints_values_without_distances(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "migration:n=5", "--weak"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "player 1 to move wins"
    assert out[1:4] == ["   1,0>1,1  loses", "   2,1>2,2  wins  (best)", "   3,0>3,1  loses"]
    assert main(["solve", "migration:n=5", "--weak", "--json", "--moves", "2,1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == -1 and data["plies"] is None
    assert set(data["plies_by_move"].values()) == {None} and data["values_only"]


def test_values_from_the_book_say_they_have_no_distances(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from zerosum.games.connect_four.book import Book, book

    shipped = book()
    if shipped is None:
        pytest.skip("no opening book shipped")
    # the shipped book as values only: every position's sign
    signs = (shipped.scores > 0).astype(shipped.scores.dtype) - (shipped.scores < 0)
    values = Book(shipped.keys, signs, shipped.plies, 0)
    monkeypatch.setattr("zerosum.games.connect_four.book.book", lambda: values)
    assert main(["solve", "connect4", "--moves", "444"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "player 2 to move loses" and "no distances" in out[1]
    assert "4  loses  (best)" in [line.strip() for line in out]
    assert out[-1].startswith("0 nodes")
    assert main(["solve", "connect4", "--moves", "444", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["values_only"]


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


def _compiled_modules(cache: Path) -> set[str]:
    """The modules whose functions numba compiled into ``cache``, as ``package/module``
    (from its index files, ``package_DIGEST/module.function-line.pyXY.nbi``)."""
    return {
        f"{path.parent.name.rsplit('_', 1)[0]}/{path.name.split('.')[0]}"
        for path in cache.rglob("*.nbi")
    }


def test_a_first_solve_of_tic_tac_toe_compiles_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a machine that has compiled nothing (numba's cache empty), tic-tac-toe is solved
    by the Python search within its first positions: numba compiles nothing (it compiled
    the alpha-beta kernel, 29 functions and 10 s, before answering in a hundredth of one)."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    result = run_zerosum("solve", "tictactoe")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("player 1 to move draws")
    assert _compiled_modules(tmp_path) == set()


def test_a_first_solve_compiles_only_the_solver_it_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Connect Four 4x4 is solved by the game's own solver: a first run compiles it and
    nothing else (no alpha-beta, MCTS or playouts kernel, nothing of another game)."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    result = run_zerosum("solve", "connect4:width=4,height=4", "--weak")
    assert result.returncode == 0, result.stderr
    compiled = _compiled_modules(tmp_path)
    solver = {"connect_four/search", "connect_four/table", "connect_four/solver", "kernels/bits"}
    assert "connect_four/search" in compiled and compiled <= solver, compiled
