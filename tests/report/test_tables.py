"""The tables of a match or tournament, as HTML in a notebook and as a summary line."""

from __future__ import annotations

import zerosum as zs
from zerosum.report.tables import summary_line


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
