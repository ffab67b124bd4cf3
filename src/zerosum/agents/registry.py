"""The registry of agents, looked up by spec strings such as ``"alphabeta:depth=6"``."""

from __future__ import annotations

import contextlib

from ..interop import connectx
from ..spec import Registry
from .base import Agent
from .classic import Minimax
from .learned import alphazero
from .montecarlo import MCTS, MonteCarlo
from .search import AlphaBeta
from .simple import Dummy, Human, Random
from .solve import Perfect

#: Each built-in agent: its name, summary and, for those with compiled code, the spec the
#: page's agent hosts warm up on every warm game (``warm``).
AGENTS: Registry[Agent] = Registry("agent")
AGENTS.register("dummy", "plays the first legal action")(Dummy)
AGENTS.register("random", "plays a uniformly random legal action")(Random)
AGENTS.register("human", "asks a person on the terminal")(Human)
AGENTS.register("minimax", "plain minimax, no pruning (the baseline)")(Minimax)
AGENTS.register(
    "montecarlo",
    "pure Monte-Carlo: random playouts per move, best mean",
    warm="montecarlo:playouts=1",
)(MonteCarlo)
AGENTS.register(
    "mcts",
    "Monte-Carlo tree search (UCT, random rollouts, optional solver)",
    warm="mcts:iterations=2",
)(MCTS)
AGENTS.register(
    "alphabeta",
    "alpha-beta with table, move ordering, deepening",
    warm="alphabeta:trace=1",  # its traced search too ("Why this move?")
)(AlphaBeta)
AGENTS.register(
    "perfect",
    "plays by exact solving: fastest win, slowest loss",
    warm="perfect",
)(Perfect)
AGENTS.register(
    "alphazero",
    "tree search guided by a network learned by self-play (zerosum learn; zerosum[learn])",
)(alphazero)
AGENTS.register(
    "connectx",
    "a Kaggle ConnectX agent: connectx:FILE.py[:NAME], connectx:negamax (Connect Four)",
)(connectx.from_spec)


def make_agent(spec: str, *, code: bool = True) -> Agent:
    """The agent a spec string names: ``make_agent("random:seed=3")``, or the user's own:
    ``make_agent("my_agent.py:first")``, ``make_agent("bots.py:Deep,depth=3")``.

    The agent remembers its spec as ``agent.spec`` (used as its name in tables) when it
    can. ``code=False`` refuses specs that name code (what a server takes from a
    request). Raises :class:`~zerosum.game.SpecError` saying what is wrong and what is
    allowed.
    """
    agent = AGENTS.make(spec, code=code)
    with contextlib.suppress(AttributeError, TypeError):
        setattr(agent, "spec", spec.strip())  # noqa: B010 (an agent is any callable)
    return agent
