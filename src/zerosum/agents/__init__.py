"""Agents: callables ``agent(game, state) -> action``, from a dummy to perfect players."""

from .base import Agent, Resignation, SearchInfo
from .classic import Minimax
from .montecarlo import MCTS, MonteCarlo
from .registry import AGENTS, make_agent
from .search import AlphaBeta
from .simple import Dummy, Human, Random
from .solve import Perfect, SolveResult, solve

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
    "AlphaBeta",
    "Perfect",
    "SolveResult",
    "solve",
    "AGENTS",
    "make_agent",
]
