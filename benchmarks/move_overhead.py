"""The fixed cost of one compiled alpha-beta move: a depth-1 search of Migration 8x8 from
the start, asked 2000 times, median of 7 (microseconds per move). Run it under two
checkouts to compare what a move costs around the search itself:

    PYTHONPATH=/tmp/before/src python benchmarks/move_overhead.py
    PYTHONPATH=src python benchmarks/move_overhead.py
"""

from __future__ import annotations

import statistics
import time

import zerosum as zs
from zerosum.agents import AlphaBeta


def main() -> None:
    game = zs.load_game("migration:n=8")
    state = game.initial_state
    agent = AlphaBeta(1, depth_adjust=False)
    agent(game, state)  # compiled, or loaded from numba's cache, before the clock starts
    rounds = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(2000):
            agent(game, state)
        rounds.append((time.perf_counter() - start) / 2000 * 1e6)
    print(f"{statistics.median(rounds):.1f} us per depth-1 move")


if __name__ == "__main__":
    main()
