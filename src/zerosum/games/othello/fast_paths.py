"""Othello's fast paths, registered for the class :class:`~.game.Othello` alone: its
compiled twin (:mod:`.rules`; :mod:`zerosum.fast_paths`: a subclass gets the generic path
unless it registers them too)."""

from __future__ import annotations

from ...fast_paths import FastPaths
from .game import Othello
from .shape import OthelloState

__all__ = ["FAST_PATHS"]

#: Othello's bundle, registered for the class in the package's ``__init__``.
FAST_PATHS: FastPaths[Othello, OthelloState, int] = FastPaths(compiled_rules=Othello.compiled_rules)
