"""Loads the compiled code of the built-in agents for the built-in games, on import: those
whose registry line gives a ``warm`` spec (``games/registry.py``, ``agents/registry.py``).

The fork server that starts agent hosts (:mod:`zerosum.arena.isolation`) imports this
module once, so every host it forks starts with the compiled code loaded (about 1.5 s
from numba's on-disk cache, far longer the first time it compiles) instead of paying
for it on its first move.
"""

from __future__ import annotations

import contextlib

from ..agents import AGENTS, make_agent
from ..games import GAMES, load_game
from .play import prepare_agent

__all__ = ["warm"]


def warm() -> None:
    """Prepare every agent the registry marks ``warm`` on every game it marks so (errors
    are left to the moves)."""
    agents = [entry.warm for entry in AGENTS if entry.warm]
    for game in (load_game(entry.warm) for entry in GAMES if entry.warm):
        for spec in agents:
            with contextlib.suppress(Exception):
                prepare_agent(make_agent(spec), game)


warm()
