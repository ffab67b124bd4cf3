"""What Othello's helpers (notation, compiled rules) know of the game: its state type and
the one member they read, so they name them without importing the game, which imports
them."""

from __future__ import annotations

from typing import Protocol

from ...game import Game

__all__ = ["OthelloBoard", "OthelloState"]

#: A state is ``(black, white, player)``: each player's discs as bitmasks (bit
#: ``row * size + col``, row 0 at the top) and who is to move.
OthelloState = tuple[int, int, int]


class OthelloBoard(Game, Protocol):
    """An Othello game, as its notation and rules see it: a ``size`` by ``size`` board."""

    @property
    def size(self) -> int: ...
