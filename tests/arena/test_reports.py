"""Tables, exports and charts of arena results, and the match/tournament commands."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import zerosum as zs
from arena_agents import Raiser
from zerosum.cli import main
from zerosum.report.tables import summary_line

SRC = str(Path(__file__).resolve().parents[2] / "src")
C4 = "connect4:width=5,height=4"


@pytest.fixture(scope="module")
def cup() -> zs.arena.TournamentResult:
    return zs.tournament(C4, {"mm": "minimax:depth=2", "rnd": "random", "bug": Raiser()}, 4)


def test_html_shows_every_table(cup) -> None:
    html = cup._repr_html_()
    assert html.count("<table>") == 3 and "Crosstable" in html and "Elo ratings" in html
    assert "<td>bug</td>" in html


def test_the_match_summary_line() -> None:
    result = zs.match("tictactoe", "minimax:depth=4", "dummy", games=4)
    assert summary_line(result) == (
        "minimax:depth=4 vs dummy: +4 =0 -0, score 100.0% [51.0%, 100.0%], "
        "Elo +inf [+7, +inf] (95%)"
    )
    assert "<p>minimax:depth=4 vs dummy: +4" in result._repr_html_()


def test_json_export_holds_everything_and_records_load_back(cup, tmp_path: Path) -> None:
    path = tmp_path / "cup.json"
    cup.to_json(path)
    data = json.loads(path.read_text())
    assert data["agents"] == ["mm", "rnd", "bug"] and len(data["games"]) == 12
    assert {s["agent"]: s["forfeits"] for s in data["standings"]}["bug"] == 8
    assert data["crosstable"][0][2] == {"wins": 4, "draws": 0, "losses": 0}
    from zerosum.arena.tasks import ArenaGame

    games = [ArenaGame.from_dict(g, data["agents"]) for g in data["games"]]
    assert games == list(cup.games)


def test_csv_export_has_one_row_per_game(cup, tmp_path: Path) -> None:
    path = tmp_path / "cup.csv"
    cup.to_csv(path)
    rows = list(csv.DictReader(path.open()))
    assert len(rows) == 12 and rows[0]["a"] == "mm" and rows[0]["first"] == "mm"
    assert {r["reason"] for r in rows if "bug" in (r["a"], r["b"])} == {"forfeit-error"}


def test_pandas_frames(cup) -> None:
    pytest.importorskip("pandas")
    games = cup.to_pandas()
    assert len(games) == 12 and set(games["winner"].dropna()) <= {"mm", "rnd", "bug"}
    standings = cup.to_pandas("standings").set_index("agent")
    assert standings.loc["bug", "losses"] == 8
    assert list(cup.to_pandas("ratings")["agent"]) == ["mm", "rnd", "bug"]
    with pytest.raises(ValueError, match="unknown table 'elo'"):
        cup.to_pandas("elo")


def test_the_charts_are_drawn_to_a_png(cup, tmp_path: Path) -> None:
    path = tmp_path / "cup.png"
    figure = cup.plot(path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 20_000
    titles = [ax.get_title() for ax in figure.axes]
    assert titles == ["Wins, draws and losses by side", "Elo ratings", "Time per move"]
    bars = figure.axes[0].get_yticklabels()
    assert [t.get_text() for t in bars][:2] == ["mm\nas 1st", "mm\nas 2nd"]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": SRC}
    return subprocess.run(
        [sys.executable, "-m", "zerosum", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=cwd,
    )


def test_the_match_command_reports_and_exports(tmp_path: Path) -> None:
    result = run(
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
    result = run(*args, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert result.stderr.startswith("zerosum: error: ")
