"""Exports of arena results: JSON with everything (its records load back), CSV with one row
per game, pandas frames."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest


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
