"""Loads the compiled code of the built-in agents for the built-in games, on import.

The fork server that starts agent hosts (:mod:`zerosum.arena.isolation`) imports this
module once, so every host it forks starts with the compiled code loaded (about 1.5 s
from numba's on-disk cache, far longer the first time it compiles) instead of paying
for it on its first move.
"""

from __future__ import annotations

import contextlib

from ..agents import make_agent
from ..games import load_game
from .play import prepare_agent

__all__ = ["warm"]

AGENTS = ("alphabeta", "mcts:iterations=2", "montecarlo:playouts=1", "perfect")
GAMES = ("connect4", "tictactoe", "migration", "pick")


def warm() -> None:
    """Prepare each built-in agent on each built-in game (errors are left to the moves)."""
    for game in map(load_game, GAMES):
        for spec in AGENTS:
            with contextlib.suppress(Exception):
                prepare_agent(make_agent(spec), game)


warm()
