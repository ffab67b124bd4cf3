"""Scores and Elo ratings with their intervals, kept importable here: the arithmetic lives
on the records floor (:mod:`zerosum.records.ratings`), beside the results that use it."""

from ..records.ratings import Z95, elo_difference, fit_elo, score_interval

__all__ = ["Z95", "score_interval", "elo_difference", "fit_elo"]
