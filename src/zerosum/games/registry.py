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

#: Each built-in game: its name, summary, the spec the page's agent hosts warm up (``warm``)
#: and the small specs every game test suite plays (``small_specs``).
GAMES: Registry[Any] = Registry("game")
GAMES.register(
    "tictactoe", "tic-tac-toe on a 3x3 board", warm="tictactoe", small_specs=("tictactoe",)
)(TicTacToe)
GAMES.register(
    "connect4",
    "Connect Four, any size and line length k",
    warm="connect4",
    small_specs=(
        "connect4",
        "connect4:width=5,height=4",
        "connect4:width=4,height=4,k=3",
        "connect4:width=9,height=8,k=5",
    ),
)(ConnectFour)
GAMES.register(
    "migration",
    "Migration on an n x n board",
    warm="migration",
    small_specs=("migration:n=3", "migration:n=5", "migration:n=8"),
)(Migration)
GAMES.register(
    "othello",
    "Othello (Reversi) on a 4x4, 6x6 or 8x8 board",
    warm="othello",
    small_specs=("othello:size=4", "othello:size=6"),
)(Othello)
GAMES.register(
    "pick",
    "take numbers 1..n²; n of them summing to n(n²+1)/2 win",
    warm="pick",
    small_specs=("pick:n=2", "pick:n=3", "pick:n=4"),
)(Pick)
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
