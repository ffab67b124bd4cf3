"""The report tells a match's result from a tournament's by its shape alone."""

from __future__ import annotations

import zerosum as zs
from zerosum.report.shapes import is_match


def test_a_match_has_a_match_summary_and_a_tournament_does_not() -> None:
    match = zs.match("tictactoe", "dummy", "random", games=2)
    cup = zs.tournament("tictactoe", ["dummy", "random"], 2)
    assert is_match(match) and not is_match(cup)
    assert "vs" in match.table().renderables[0] and "vs" not in str(cup.table().renderables[0])
