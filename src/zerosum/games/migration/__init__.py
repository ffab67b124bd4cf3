"""Migration: the game (:mod:`.game`), its compiled rules (:mod:`.rules`) and its compiled
win/loss solver (:mod:`.solver`)."""

from ...fast_paths import register_fast_paths
from .fast_paths import FAST_PATHS
from .game import Migration

register_fast_paths(Migration, FAST_PATHS)

__all__ = ["Migration"]
