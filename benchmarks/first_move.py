"""A prepared agent's first move on a machine with nothing compiled yet, against its deadline.

Each run is a fresh process with an empty numba cache (``NUMBA_CACHE_DIR`` a new folder):
the agent is prepared (``zs.arena.prepare_agent``: compiling happens here, not timed
against the move), then asked for one move under a deadline. A second fresh process on
the now warm cache does the same. The move's time should stay within the deadline in both:
``prepare`` must load every compiled path the move can take.

    PYTHONPATH=src python benchmarks/first_move.py                 # perfect, 0.4 s, twice
    PYTHONPATH=src python benchmarks/first_move.py --agent mcts --seconds 0.2 --runs 1
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile

#: One position per game where a move needs more than its deadline to be sure (Connect
#: Four: past the opening book, its proof takes seconds).
POSITIONS = {"connect4": "16621711", "tictactoe": "", "othello": "", "migration": ""}

PROBE = """
import sys, time
import zerosum as zs
from zerosum import budget
game = zs.load_game(sys.argv[1])
state = zs.game.replay(game, list(sys.argv[2]))
agent = zs.make_agent(sys.argv[3])
begin = time.perf_counter()
zs.arena.prepare_agent(agent, game)
prepared = time.perf_counter() - begin
begin = time.perf_counter()
with budget.limit(float(sys.argv[4])):
    agent(game, state)
print(f"{prepared:.2f} {time.perf_counter() - begin:.3f}")
"""


def one(game: str, agent: str, seconds: float, cache: str) -> tuple[float, float]:
    """Seconds to prepare and seconds of the move, in a fresh process on ``cache``."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, game, POSITIONS[game], agent, str(seconds)],
        env=env, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    return float(out[-2]), float(out[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="connect4", choices=sorted(POSITIONS))
    parser.add_argument("--agent", default="perfect")
    parser.add_argument("--seconds", type=float, default=0.4, help="the move's deadline")
    parser.add_argument("--runs", type=int, default=2, help="runs, each from an empty cache")
    args = parser.parse_args()
    print(f"{args.agent} on {args.game}, a move told {args.seconds:g} s")
    for run in range(args.runs):
        with tempfile.TemporaryDirectory() as cache:
            for when in ("empty cache", "warm cache"):
                prepared, move = one(args.game, args.agent, args.seconds, cache)
                print(f"run {run + 1}, {when}: prepare {prepared:.1f} s, move {move:.3f} s")


if __name__ == "__main__":
    main()
