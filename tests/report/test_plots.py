"""Charts of a tournament, drawn to a PNG."""

from __future__ import annotations

from pathlib import Path


def test_the_charts_are_drawn_to_a_png(cup, tmp_path: Path) -> None:
    path = tmp_path / "cup.png"
    figure = cup.plot(path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 20_000
    titles = [ax.get_title() for ax in figure.axes]
    assert titles == ["Wins, draws and losses by side", "Elo ratings", "Time per move"]
    bars = figure.axes[0].get_yticklabels()
    assert [t.get_text() for t in bars][:2] == ["mm\nas 1st", "mm\nas 2nd"]
