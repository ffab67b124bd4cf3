"""Loads the compiled code of the built-in agents for the built-in games, on import: those
whose registry line gives a ``warm`` spec (``games/registry.py``, ``agents/registry.py``),
as far as numba's on-disk cache holds it.

The fork server that starts agent hosts (:mod:`zerosum.hosting.isolation`) imports this
module once, so every host it forks starts with the compiled code loaded (about 1.5 s
from numba's on-disk cache) instead of paying for it on its first move. It compiles
nothing: on a machine that has not compiled an agent yet, compiling all of them here
took minutes, and every host, the page's first move with it, waited for the lot. A host
compiles what its first move of a game needs instead (into the cache, for the next
server).
"""

from __future__ import annotations

import contextlib

from ..agents import AGENTS, make_agent
from ..games import GAMES, load_game
from ..kernels.cached import cached_only
from .calls import prepare_agent

__all__ = ["warm"]


def warm() -> None:
    """Prepare every agent the registry marks ``warm`` on every game it marks so, as far as
    it loads from numba's cache (what is missing, and errors, are left to the moves)."""
    agents = [entry.warm for entry in AGENTS if entry.warm]
    for game in (load_game(entry.warm) for entry in GAMES if entry.warm):
        for spec in agents:
            with contextlib.suppress(Exception), cached_only():
                prepare_agent(make_agent(spec), game)


warm()
