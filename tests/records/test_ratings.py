from __future__ import annotations

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from zerosum.records.ratings import elo_difference, fit_elo, score_interval


@given(st.integers(1, 500), st.data())
def test_the_score_interval_holds_the_score_and_stays_in_bounds(games: int, data) -> None:
    points = data.draw(st.integers(0, 2 * games)) / 2
    low, high = score_interval(points, games)
    assert 0 <= low <= points / games <= high <= 1 and low < high


def test_the_interval_narrows_with_more_games() -> None:
    a, b = score_interval(30, 60), score_interval(300, 600)
    assert b[1] - b[0] < (a[1] - a[0]) / 2
    assert score_interval(0, 0) == (0.0, 1.0)


def test_elo_difference_of_known_scores() -> None:
    assert elo_difference(0.5) == 0
    assert round(elo_difference(10 / 11)) == 400  # 10:1 odds are 400 points
    assert elo_difference(1) == math.inf and elo_difference(0) == -math.inf


def test_two_agents_fit_to_the_direct_formula() -> None:
    games = np.array([[0, 40], [40, 0]])
    points = np.array([[30, 0], [10, 0]])
    elo, margin = fit_elo(games, points, prior=0)
    assert math.isclose(elo[0] - elo[1], elo_difference(0.75), abs_tol=1e-6)
    assert math.isclose(elo.sum(), 0, abs_tol=1e-9) and margin[0] > 0


def test_a_clean_sweep_stays_finite_and_ranked() -> None:
    games = np.array([[0, 10, 10], [10, 0, 10], [10, 10, 0]])
    points = np.array([[0, 10, 10], [0, 0, 7], [0, 3, 0]])
    elo, margin = fit_elo(games, points)
    assert np.all(np.isfinite(elo)) and np.all(np.isfinite(margin))
    assert elo[0] > elo[1] > elo[2]


@given(st.lists(st.integers(0, 20), min_size=3, max_size=3))
def test_at_the_fit_every_agent_scores_what_the_model_expects(wins: list[int]) -> None:
    # maximum likelihood: observed points (plus the prior's half points) = expected points
    games = np.full((3, 3), 20.0) - np.diag([20.0] * 3)
    points = np.zeros((3, 3))
    for (i, j), w in zip([(0, 1), (1, 2), (0, 2)], wins, strict=True):
        points[i, j], points[j, i] = w, 20 - w
    elo, _ = fit_elo(games, points)
    expected = 1 / (1 + 10 ** (-(elo[:, None] - elo[None, :]) / 400))
    met = games > 0
    observed = (points + met / 2).sum(axis=1)
    assert np.allclose(((games + met) * expected).sum(axis=1), observed, atol=1e-6)
