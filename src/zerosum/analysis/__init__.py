"""Analyses on top of games and agents: how big a game is (:func:`analyze`) and how good
an agent's moves are against the exact solver (:func:`grade`)."""

from .grade import Grade, GradeReport, grade, random_positions, read_positions
from .grade_set import SetAnswer, SetReport, grade_set
from .space import Estimate, PlyCounts, SpaceAnalysis, analyze

__all__ = [
    "Estimate",
    "Grade",
    "GradeReport",
    "PlyCounts",
    "SpaceAnalysis",
    "analyze",
    "grade",
    "grade_set",
    "SetAnswer",
    "SetReport",
    "random_positions",
    "read_positions",
]
