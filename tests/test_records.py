"""The records floor: the names it holds are the ones the old paths give."""

from __future__ import annotations

import importlib

import pytest

#: ``(old module, new module, name)`` for every name that moved to the records floor.
MOVED = [
    ("zerosum.arena", "zerosum.records.game", "GameRecord"),
    ("zerosum.arena", "zerosum.records.game", "Reason"),
    ("zerosum.arena.play", "zerosum.records.game", "GameRecord"),
    ("zerosum.arena.play", "zerosum.records.game", "Reason"),
    ("zerosum.arena.records", "zerosum.records.codec", "encode"),
    ("zerosum.arena.records", "zerosum.records.codec", "decode"),
    ("zerosum.arena.records", "zerosum.records.codec", "Opaque"),
    ("zerosum.arena.records", "zerosum.records.codec", "record_to_dict"),
    ("zerosum.arena.records", "zerosum.records.codec", "record_from_dict"),
    ("zerosum.arena.ratings", "zerosum.records.ratings", "score_interval"),
    ("zerosum.arena.ratings", "zerosum.records.ratings", "elo_difference"),
    ("zerosum.arena.ratings", "zerosum.records.ratings", "fit_elo"),
    ("zerosum.arena.results", "zerosum.records.results", "ArenaResult"),
    ("zerosum.arena.results", "zerosum.records.results", "MatchResult"),
    ("zerosum.arena.results", "zerosum.records.results", "TournamentResult"),
    ("zerosum.arena.results", "zerosum.records.results", "Tally"),
    ("zerosum.arena.results", "zerosum.records.results", "Standing"),
    ("zerosum.arena.results", "zerosum.records.results", "Rating"),
    ("zerosum.arena.tasks", "zerosum.records.results", "ArenaGame"),
    ("zerosum.trace", "zerosum.records.trace", "Trace"),
    ("zerosum.trace", "zerosum.records.trace", "Recorder"),
    ("zerosum.trace.model", "zerosum.records.trace", "Node"),
    ("zerosum.trace.model", "zerosum.records.trace", "ROOM"),
    ("zerosum.kernels.rules", "zerosum.records.rules", "Rules"),
    ("zerosum.kernels.rules", "zerosum.records.rules", "MAX_MOVES"),
    ("zerosum.display", "zerosum.report.display", "Table"),
    ("zerosum.display", "zerosum.report.display", "record_html"),
    ("zerosum.display", "zerosum.position", "board_html"),
]


@pytest.mark.parametrize(("old", "new", "name"), MOVED)
def test_a_moved_name_is_the_same_object_at_its_old_path(old: str, new: str, name: str) -> None:
    assert getattr(importlib.import_module(old), name) is getattr(
        importlib.import_module(new), name
    )


def test_the_records_package_names_its_records() -> None:
    import zerosum.records as records
    from zerosum.arena import MatchResult
    from zerosum.trace import Trace

    assert records.MatchResult is MatchResult
    assert records.Trace is Trace
