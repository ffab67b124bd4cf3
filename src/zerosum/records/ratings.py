"""Scores, confidence intervals and Elo ratings.

A game scores 1 for a win, 0.5 for a draw and 0 for a loss. Elo differences follow the
logistic model: an agent ``d`` points stronger scores ``1 / (1 + 10 ** (-d / 400))``.

>>> round(elo_difference(0.75))
191
>>> score_interval(30, 60)[0] < 0.5 < score_interval(30, 60)[1]
True
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["Z95", "score_interval", "elo_difference", "fit_elo"]

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054
_K = math.log(10) / 400  # d(logit of the expected score) / d(Elo)


def score_interval(points: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson interval of a mean score of ``points / games`` (draws count half a point).

    Treating draws as half wins makes it a little wider than the trinomial interval: on the
    safe side. Unlike the plain normal interval it stays inside [0, 1] and is not empty at
    a score of 0 or 1. ``(0, 1)`` when no game was played.
    """
    if games <= 0:
        return (0.0, 1.0)
    p = points / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    low = 0.0 if p == 0 else max(0.0, centre - half)  # exact at the ends, not 1e-18 off
    high = 1.0 if p == 1 else min(1.0, centre + half)
    return (low, high)


def elo_difference(score: float) -> float:
    """The Elo difference that predicts a mean ``score`` (±inf at 1 and 0)."""
    if score >= 1:
        return math.inf
    if score <= 0:
        return -math.inf
    return 400 * math.log10(score / (1 - score))


def fit_elo(
    games: np.ndarray, points: np.ndarray, prior: float = 1.0, z: float = Z95
) -> tuple[np.ndarray, np.ndarray]:
    """Maximum-likelihood Elo ratings of ``n`` agents from all their games at once.

    ``games[i, j]`` is how many games ``i`` and ``j`` played, ``points[i, j]`` what ``i``
    scored in them. Every pair that met also counts ``prior`` virtual draws, which keeps
    ratings finite when an agent won or lost every game (and barely moves them
    otherwise). Ratings average 0. Returns the ratings and the half-widths of their
    ``z``-intervals, from the inverse of the observed information.

    >>> g = np.array([[0, 100], [100, 0]]); s = np.array([[0, 75], [25, 0]])
    >>> [round(x) for x in fit_elo(g, s, prior=0)[0]]
    [95, -95]
    """
    games = np.asarray(games, dtype=float)
    points = np.asarray(points, dtype=float)
    n = len(games)
    met = (games > 0).astype(float)
    total = games + prior * met
    scored = points + prior * met / 2
    ratings = np.zeros(n)
    hessian = np.zeros((n, n))
    for _ in range(100):
        expected = 1 / (1 + np.exp(-_K * (ratings[:, None] - ratings[None, :])))
        gradient = _K * (scored - total * expected).sum(axis=1)
        weight = _K * _K * total * expected * (1 - expected)
        hessian = weight - np.diag(weight.sum(axis=1))
        # the likelihood is flat along "everyone + c": the pseudo-inverse steps orthogonally
        step = np.linalg.pinv(hessian) @ gradient
        ratings = ratings - step
        ratings -= ratings.mean()
        if np.abs(step).max() < 1e-9:
            break
    covariance = np.linalg.pinv(-hessian)
    return ratings, z * np.sqrt(np.clip(np.diag(covariance), 0, None))
