"""The ``match`` and ``tournament`` commands: reports, exports and a journal; bad arguments
end with one line and exit 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from processes import run_zerosum
from zerosum.cli import main

C4 = "connect4:width=5,height=4"


def test_the_match_command_reports_and_exports(tmp_path: Path) -> None:
    result = run_zerosum(
        "match",
        "tictactoe",
        "minimax:depth=4",
        "random",
        "-n",
        "6",
        "--workers",
        "2",
        "--json",
        "m.json",
        "--csv",
        "m.csv",
        "--plot",
        "m.png",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "minimax:depth=4 vs random: +" in result.stdout and "Results" in result.stdout
    assert "games 6/6" in result.stderr  # plain progress lines when not a terminal
    assert json.loads((tmp_path / "m.json").read_text())["settings"]["workers"] == 2
    assert (tmp_path / "m.png").stat().st_size > 0 and (tmp_path / "m.csv").exists()


def test_the_tournament_command_prints_crosstable_and_ratings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "tournament",
            C4,
            "dummy",
            "random",
            "minimax:depth=1",
            "-n",
            "2",
            "--workers",
            "1",
            "--random-opening",
            "2",
            "--journal",
            str(tmp_path / "j"),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0 and "Crosstable" in out and "Elo ratings" in out
    assert "minimax:depth=1" in out and (tmp_path / "j").read_text().count("\n") == 7


@pytest.mark.parametrize(
    "args, message",
    [
        (["match", "tictactoe", "dummy"], "the following arguments are required: b"),
        (["match", "tictactoe", "dummy", "queen"], "unknown agent 'queen'"),
        (["tournament", "tictactoe", "dummy"], "at least 2 agents, got 1"),
        (["match", "tictactoe", "dummy", "dummy", "--plot", "x.txt"], "ending in .png"),
        (["match", "tictactoe", "dummy", "dummy", "--json", "no/x.json"], "does not exist"),
        (["match", "tictactoe", "dummy", "dummy", "-n", "0"], "-n/--games: expected a whole"),
        (["match", "tictactoe", "dummy", "dummy", "--workers", "0"], "--workers: expected a whole"),
        (["match", "tictactoe", "dummy", "dummy", "--journal", "notes"], "not a zerosum journal"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "notes").write_text("mine\n")
    result = run_zerosum(*args, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert result.stderr.startswith("zerosum: error: ")


def test_a_tournament_by_aliases_renames_every_output_and_keeps_the_aliases(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    aliases = tmp_path / "aliases.csv"
    aliases.write_text("name,alias\nrandom,Team Red\n")
    out = {kind: tmp_path / f"cup.{kind}" for kind in ("json", "csv", "html")}
    args = ["tournament", "tictactoe", "random", "dummy", "-n", "2", "--workers", "1"]
    args += ["--alias", str(aliases)] + [a for k, p in out.items() for a in (f"--{k}", str(p))]
    assert main(args) == 0
    kept = aliases.read_text().splitlines()
    assert kept[:2] == ["name,alias", "random,Team Red"] and kept[2].startswith("dummy,")
    dummy = kept[2].split(",")[1]
    printed = capsys.readouterr().out
    assert "Team Red" in printed and dummy in printed and "dummy" not in printed
    assert json.loads(out["json"].read_text())["agents"] == ["Team Red", dummy]
    for path in out.values():
        text = path.read_text()
        assert "Team Red" in text and not re.search(r"\b(random|dummy)\b", text), path


def test_a_bad_alias_file_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    aliases = tmp_path / "aliases.csv"
    aliases.write_text("student,pseudonym\n")
    page = tmp_path / "cup.html"
    args = ["tournament", "tictactoe", "random", "dummy", "--alias", str(aliases)]
    assert main([*args, "--html", str(page)]) == 2
    assert "starts with the line 'name,alias'" in capsys.readouterr().err
    assert not page.exists()
