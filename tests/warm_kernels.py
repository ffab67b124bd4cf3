"""Compiles the built-in agents' kernels for the built-in games into numba's cache, before
the tests of a parallel run start (``tests/conftest.py`` starts one of these per worker and
the workers wait for them).

Why: on a fresh clone numba's cache is empty, and every pytest-xdist worker compiled the
kernels its first tests needed, each its own copy at the same time (the cache is shared,
but a worker that starts compiling before the other has written its result compiles too;
an alpha-beta search with its traced twin is about 15 CPU seconds). Compiled here once,
split between processes, each worker then loads them from the cache (a fraction of a
second). On a warm cache this loads and ends in seconds, while the workers collect.

    python tests/warm_kernels.py INDEX COUNT DONE_FILE

compiles every COUNT-th pair from INDEX and then creates DONE_FILE (whatever happened: a
failure here only means the tests compile what they need themselves).
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

#: (game, agent) pairs, costliest first so that the processes' shares come out even.
#: The agents and games of the registry's ``warm`` lines (what the page's hosts load).
PAIRS = [
    (game, agent)
    for agent in ("alphabeta:trace=1", "perfect", "mcts:iterations=2", "montecarlo:playouts=1")
    for game in ("connect4", "migration", "othello", "tictactoe", "pick")
]


def warm(index: int, count: int) -> None:
    """Prepare (load or compile) the agents of ``PAIRS[index::count]``."""
    import zerosum as zs

    for game_spec, agent_spec in PAIRS[index::count]:
        with contextlib.suppress(Exception):
            game, agent = zs.load_game(game_spec), zs.make_agent(agent_spec)
            prepare = getattr(agent, "prepare", None)
            if prepare is not None:
                prepare(game)


if __name__ == "__main__":
    at, of, done = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
    try:
        warm(at, of)
    finally:
        done.touch()
