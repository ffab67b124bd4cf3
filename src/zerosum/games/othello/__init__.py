"""Othello: the plain game (:mod:`.game`) and its compiled twin (:mod:`.rules`), the worked
example of ``docs/compiled_games.md``."""

from ...fast_paths import register_fast_paths
from .fast_paths import FAST_PATHS
from .game import Othello

register_fast_paths(Othello, FAST_PATHS)

__all__ = ["Othello"]
