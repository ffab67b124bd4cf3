"""The learning curve: losses, values kept, and Elo against the fixed opponents."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="the learn extra (scripts/test.sh installs it)")

from zerosum.learn.curve import elo, plot_curve  # noqa: E402
from zerosum.learn.trainer import Round  # noqa: E402


def test_a_clean_sweep_is_a_finite_rating_and_an_even_score_none() -> None:
    assert elo(0.5, 8) == 0
    assert 400 < elo(1.0, 8) < 500 and elo(0.0, 8) == -elo(1.0, 8)
    assert math.isclose(elo(0.75, 8), 400 * math.log10(3))


def test_the_curve_draws_each_opponents_rating_where_it_was_rated(tmp_path: Path) -> None:
    journal = [
        Round(1, 8, 60, 6.0, 2.0, 0.5, 0.5, 0.6, {"random": 0.75, "mcts:iterations=200": 0.25}),
        Round(2, 16, 120, 12.0, 1.8, 0.4),
        Round(3, 24, 180, 18.0, 1.6, 0.3, 0.6, 0.7, {"random": 1.0, "mcts:iterations=200": 0.5}),
    ]
    figure = plot_curve(journal, tmp_path / "curve.png")
    assert (tmp_path / "curve.png").stat().st_size > 0
    losses, kept, rating = figure.axes
    lines = {line.get_label(): line for line in rating.get_lines() if line.get_label()[0] != "_"}
    assert set(lines) == {"random", "mcts:iterations=200"}
    assert list(lines["random"].get_xdata()) == [0.1, 0.3]  # minutes of the rated rounds
    assert list(lines["random"].get_ydata()) == [elo(0.75, 8), elo(1.0, 8)]
    assert list(lines["mcts:iterations=200"].get_ydata()) == [elo(0.25, 8), 0.0]
