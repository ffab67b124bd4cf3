"""The registry of built-in games, looked up by spec strings such as ``"connect4:width=5"``."""

from __future__ import annotations

from typing import Any

from ..interop import openspiel
from ..spec import Registry
from .connect_four import ConnectFour
from .migration import Migration
from .pick import Pick
from .tictactoe import TicTacToe

GAMES: Registry[Any] = Registry("game")
GAMES.register("tictactoe", "tic-tac-toe on a 3x3 board")(TicTacToe)
GAMES.register("connect4", "Connect Four, any size and line length k")(ConnectFour)
GAMES.register("migration", "Migration on an n x n board")(Migration)
GAMES.register("pick", "take numbers 1..n²; n of them summing to n(n²+1)/2 win")(Pick)
GAMES.register(
    "openspiel", "an OpenSpiel game: openspiel:NAME[,param=value...] (needs open_spiel)"
)(openspiel.from_spec)


def load_game(spec: str) -> Any:
    """The game a spec string names: ``load_game("connect4:width=5,height=4")``.

    Raises :class:`~zerosum.game.SpecError` saying what is wrong and what is allowed.
    """
    return GAMES.make(spec)
