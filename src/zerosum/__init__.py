"""zerosum: two-player zero-sum perfect-information games, agents that play them, and an
arena that judges them.

>>> import zerosum as zs
>>> game = zs.games.TicTacToe()
>>> zs.play(game, zs.agents.Minimax(), zs.agents.Minimax()).winner is None
True
"""

from . import agents, budget, games, interop
from .agents import make_agent, solve
from .analysis import analyze, grade
from .arena import GameRecord, judge, match, play, tournament
from .game import (
    Game,
    IllegalActionError,
    SpecError,
    ZerosumError,
    opponent,
)
from .games import load_game
from .position import Position, show

__version__ = "0.1.0"

__all__ = [
    "Game",
    "GameRecord",
    "IllegalActionError",
    "SpecError",
    "ZerosumError",
    "agents",
    "budget",
    "games",
    "interop",
    "judge",
    "load_game",
    "make_agent",
    "opponent",
    "play",
    "Position",
    "show",
    "solve",
]
__all__ += ["match", "tournament", "analyze", "grade"]
