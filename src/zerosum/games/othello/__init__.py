"""Othello: the plain game (:mod:`.game`) and its compiled twin (:mod:`.rules`), the worked
example of ``docs/compiled_games.md``."""

from .game import Othello

__all__ = ["Othello"]
