"""The ``analyze`` and ``grade`` commands: tables, JSON, charts and exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zerosum.cli import main


def test_analyze_prints_the_table_and_totals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "tictactoe", "--probes", "0"]) == 0
    out = capsys.readouterr().out
    assert "5,478 (765 up to symmetry)" in out and "255,168 (26,830 up to symmetry)" in out
    assert "  1,520  " in out  # ply 6


def test_analyze_json_and_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plot = tmp_path / "space.png"
    args = ["analyze", "connect4", "--plies", "5", "--probes", "50", "--json", "-"]
    assert main([*args, "--plot", str(plot)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["positions"] for p in data["plies"][:6]] == [1, 7, 49, 238, 1120, 4263]
    assert data["probes"] == 50 and data["positions_estimate"]["value"] > 4263
    assert plot.stat().st_size > 10_000


def test_grade_table_and_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_json = tmp_path / "grades.json"
    args = ["grade", "tictactoe", "perfect", "dummy", "--positions", "20", "--plies", "1-5"]
    assert main([*args, "--json", str(out_json)]) == 0
    out = capsys.readouterr().out
    assert "20 positions at plies 1-5" in out and "100.0%" in out
    data = json.loads(out_json.read_text())
    assert [g["agent"] for g in data["grades"]] == ["perfect", "dummy"]
    assert data["grades"][0]["kept"] == 20 and data["grades"][1]["kept"] < 20


def test_grade_positions_from_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    positions = tmp_path / "positions.txt"
    positions.write_text("4 0 8\n0 1\n")  # X to move wins (a fork); O to move must block
    assert main(["grade", "tictactoe", "perfect", "--file", str(positions)]) == 0
    out = capsys.readouterr().out
    assert "2 positions (1 won, 1 drawn, 0 lost for the mover)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["analyze", "tictactoe", "--plies", "-1"],
            "--plies: expected a whole number of at least 0",
        ),
        (["analyze", "chess"], "unknown game 'chess'"),
        (["analyze", "tictactoe", "--plot", "x.txt"], "expected a file name ending in .png"),
        (["grade", "tictactoe", "perfect", "--plies", "5-2"], "the range ends before it starts"),
        (["grade", "tictactoe", "perfect", "--plies", "a"], "expected a range A-B"),
        (["grade", "tictactoe", "nobody"], "unknown agent 'nobody'"),
        (
            ["grade", "tictactoe", "perfect", "--positions", "0"],
            "--positions: expected a whole number of at least 1",
        ),
        (["grade", "tictactoe", "perfect", "--file", "/nonexistent/p.txt"], "cannot read"),
    ],
)
def test_bad_input_exits_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_bad_line_in_the_file_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    positions = tmp_path / "positions.txt"
    positions.write_text("4\n4 4\n")
    assert main(["grade", "tictactoe", "perfect", "--file", str(positions)]) == 2
    assert "line 2: move 2 ('4')" in capsys.readouterr().err


def test_grade_one_position_given_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "tictactoe", "minimax", "--position", "XO./.X./... O"]) == 0
    assert capsys.readouterr().out.startswith("tictactoe: 1 positions (0 won, 0 drawn, 1 lost")
    assert main(["grade", "tictactoe", "random", "--position", "XXX/OO./..."]) == 2
    assert "is over in the position given: nothing to grade" in capsys.readouterr().err
    assert main(["grade", "tictactoe", "random", "--position", "X/", "--file", "f.txt"]) == 2
    assert "not allowed with" in capsys.readouterr().err


def test_analyze_from_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["analyze", "tictactoe", "--probes", "0", "--json", "-"]
    assert main([*args, "--moves", "4 0"]) == 0
    after_two = json.loads(capsys.readouterr().out)
    assert after_two["complete"] and after_two["plies"][0]["positions"] == 1
    assert after_two["positions"] < 5478 and after_two["games"] < 255168
    # X to move on XOX/OXO/...: 6 and 8 win at once (2-4-6, 0-4-8); after 7, O has 6 or
    # 8 and X wins on the last cell: 1 + 3 + 2 + 2 positions, 4 games, 2 up to the mirror.
    assert main([*args, "--position", "XOX/OXO/... X"]) == 0
    nearly_full = json.loads(capsys.readouterr().out)
    assert [p["positions"] for p in nearly_full["plies"]] == [1, 3, 2, 2]
    assert [p["terminal"] for p in nearly_full["plies"]] == [0, 2, 0, 2]
    assert (nearly_full["positions"], nearly_full["games"]) == (8, 4)
    assert (nearly_full["symmetric"], nearly_full["symmetric_games"]) == (5, 2)


def test_analyze_from_a_position_with_probes(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["analyze", "connect4", "--moves", "4453", "--plies", "2", "--probes", "20"]
    assert main([*args, "--json", "-"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["positions"] for p in data["plies"][:3]] == [1, 7, 49]
    assert data["probes"] == 20 and data["positions_estimate"] is None
    assert data["nodes_estimate"]["value"] > 57


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["analyze", "tictactoe", "--position", "XX"], "expected 3 rows"),
        (["analyze", "tictactoe", "--moves", "4 4"], "move 2 ('4')"),
        (["analyze", "tictactoe", "--moves", "4", "--position", "X"], "not allowed with"),
    ],
)
def test_analyze_bad_start_exits_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
