"""Exports of arena results: JSON (everything), CSV (one row per game), pandas DataFrames.

Files are written by :func:`zerosum.files.write_file`: to a temporary name renamed into
place, so an interrupted export never leaves a half-written file, and only ever over a
regular file. Infinite Elo values (a clean sweep) are written as null.
"""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

from ..files import write_file
from .shapes import is_match

if TYPE_CHECKING:
    import pandas

    from ..records.results import ArenaResult

__all__ = ["result_to_dict", "write_json", "write_csv", "csv_text", "game_rows", "to_pandas"]


def _finite(x: float | None) -> float | None:
    return None if x is None or not math.isfinite(x) else x


def _standings(result: ArenaResult) -> list[dict[str, object]]:
    rows = []
    for i, s in enumerate(result.standings):
        rows.append(
            {
                "agent": s.name,
                "games": s.total.games,
                "distinct": result.distinct_of(i),
                "wins": s.total.wins,
                "draws": s.total.draws,
                "losses": s.total.losses,
                "score": s.total.score,
                "first": asdict(s.as_first),
                "second": asdict(s.as_second),
                "forfeits": s.forfeits,
                "not_played": s.not_played,
                "moves": s.moves,
                "seconds_per_move": s.seconds_per_move,
                "nodes_per_move": s.nodes_per_move,
            }
        )
    return rows


def _ratings(result: ArenaResult) -> list[dict[str, object]]:
    rows = []
    for r in result.ratings:
        low, high = r.interval
        rows.append({"agent": r.name, "elo": r.elo, "low": _finite(low), "high": _finite(high)})
    return rows


def result_to_dict(result: ArenaResult) -> dict[str, object]:
    """Settings, standings, crosstable, ratings (and for a match its score and Elo
    difference with intervals), then every game with its full record."""
    data: dict[str, object] = {
        "game": result.game,
        "agents": list(result.names),
        "settings": result.settings,
        "seconds": result.seconds,
        "standings": _standings(result),
        "crosstable": [
            [None if t is None else asdict(t) for t in line] for line in result.crosstable
        ],
        "ratings": _ratings(result),
        "distinct": [
            {"a": result.names[a], "b": result.names[b], "games": n}
            for (a, b), n in sorted(result.distinct.items())
        ],
    }
    if is_match(result):
        data["match"] = {
            "score": result.score,
            "score_interval": list(result.score_interval),
            "elo": _finite(result.elo),
            "elo_interval": [_finite(x) for x in result.elo_interval],
        }
    data["games"] = [g.to_dict(list(result.names)) for g in result.games]
    return data


def write_json(result: ArenaResult, path: str | Path) -> None:
    """Everything (:func:`result_to_dict`) as one JSON document."""
    write_file(path, lambda f: json.dump(result_to_dict(result), f, indent=1))


def game_rows(result: ArenaResult) -> list[dict[str, object]]:
    """One flat row per game: the pairing, who moved first, the outcome and its reason."""
    rows = []
    for g in result.games:
        r = g.record
        first, second = result.names[g.first], result.names[g.second]
        winner = None if r is None or r.winner is None else (first if r.winner == 1 else second)
        rows.append(
            {
                "a": result.names[g.a],
                "b": result.names[g.b],
                "index": g.index,
                "seed": g.seed,
                "first": first,
                "second": second,
                "played": r is not None,
                "winner": winner,
                "draw": r is not None and r.winner is None,
                "reason": None if r is None else r.reason.value,
                "detail": g.note if r is None else r.detail,
                "plies": None if r is None else r.plies,
                "first_seconds": None if r is None else sum(r.move_seconds[g.opener - 1 :: 2]),
                "second_seconds": None if r is None else sum(r.move_seconds[2 - g.opener :: 2]),
                "seconds": g.seconds,
            }
        )
    return rows


def write_csv(result: ArenaResult, path: str | Path) -> None:
    """:func:`game_rows` as CSV, with a header line."""
    text = csv_text(result)
    write_file(path, lambda f: f.write(text))


def to_pandas(result: ArenaResult, table: str = "games") -> pandas.DataFrame:
    """A DataFrame of ``"games"`` (:func:`game_rows`), ``"standings"`` or ``"ratings"``."""
    try:
        import pandas as pd
    except ImportError:
        raise ImportError("to_pandas() needs pandas: pip install pandas") from None
    makers = {"games": game_rows, "standings": _standings, "ratings": _ratings}
    if table not in makers:
        raise ValueError(f"unknown table {table!r}; expected one of: {', '.join(makers)}")
    frame = pd.DataFrame(makers[table](result))
    if table == "standings":
        frame = frame.drop(columns=["first", "second"])
    return frame


def csv_text(result: ArenaResult) -> str:
    """The CSV of :func:`write_csv` as a string."""
    out = io.StringIO()
    rows = game_rows(result)
    writer = csv.DictWriter(out, fieldnames=list(rows[0]) if rows else ["a"])
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()
