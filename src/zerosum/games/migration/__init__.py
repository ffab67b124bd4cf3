"""Migration: the game (:mod:`.game`), its compiled rules (:mod:`.rules`) and its compiled
win/loss solver (:mod:`.solver`)."""

from .game import Migration

__all__ = ["Migration"]
