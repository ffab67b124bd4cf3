"""Agents: callables ``agent(game, state) -> action``, from a dummy to perfect players."""

from .base import Agent, SearchInfo
from .classic import Minimax
from .montecarlo import MCTS, MonteCarlo
from .registry import AGENTS, make_agent
from .simple import Dummy, Human, Random, Resignation

__all__ = [
    "Agent",
    "SearchInfo",
    "Dummy",
    "Random",
    "Human",
    "Resignation",
    "Minimax",
    "MonteCarlo",
    "MCTS",
    "AGENTS",
    "make_agent",
]
