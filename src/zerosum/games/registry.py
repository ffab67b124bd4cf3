"""The registry of built-in games, looked up by spec strings such as ``"connect4:width=5"``."""

from __future__ import annotations

import contextlib
from typing import Any

from ..interop import openspiel
from ..spec import Registry, parse_code_spec
from .claim import Pick, TicTacToe
from .connect_four import ConnectFour
from .migration import Migration
from .othello import Othello

GAMES: Registry[Any] = Registry("game")
GAMES.register("tictactoe", "tic-tac-toe on a 3x3 board")(TicTacToe)
GAMES.register("connect4", "Connect Four, any size and line length k")(ConnectFour)
GAMES.register("migration", "Migration on an n x n board")(Migration)
GAMES.register("othello", "Othello (Reversi) on a 4x4, 6x6 or 8x8 board")(Othello)
GAMES.register("pick", "take numbers 1..n²; n of them summing to n(n²+1)/2 win")(Pick)
GAMES.register(
    "openspiel", "an OpenSpiel game: openspiel:NAME[,param=value...] (needs open_spiel)"
)(openspiel.from_spec)


def load_game(spec: str, *, code: bool = True) -> Any:
    """The game a spec string names: ``load_game("connect4:width=5,height=4")``, or the
    user's own: ``load_game("my_game.py:Nim,sticks=9")``, ``load_game("course.games:Nim")``.

    ``code=False`` refuses specs that name code (what a server takes from a request).
    Raises :class:`~zerosum.game.SpecError` saying what is wrong and what is allowed.
    """
    game = GAMES.make(spec, code=code)
    if parse_code_spec(spec) is not None:
        with contextlib.suppress(AttributeError, TypeError):
            game.spec = spec.strip()  # its name in records, and how workers load it
    return game
