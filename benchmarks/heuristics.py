"""Each built-in heuristic against a zero heuristic, at equal depth, sides swapped.

For every game, both players are ``AlphaBeta`` at the same depth (ties broken at random,
seeded); one uses the game's ``evaluate``, the other scores every cut-off state 0. Each
opening (a few seeded random moves) is played twice, once with each side first. The
table counts the heuristic side's wins, draws and losses.

    PYTHONPATH=src python benchmarks/heuristics.py            # 20 openings per game
    PYTHONPATH=src python benchmarks/heuristics.py --quick    # 2 openings per game
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from timing import table

import zerosum as zs
from zerosum.agents import AlphaBeta
from zerosum.games.heuristics import zero

#: (game spec, search depth, random opening plies)
CASES = [
    ("tictactoe", 1, 1),
    ("connect4", 4, 2),
    ("migration:n=8", 3, 2),
    ("pick:n=4", 2, 2),
]


def opening(game: Any, plies: int, seed: int) -> Any:
    rng, state = random.Random(seed), game.initial_state
    for _ in range(plies):
        state = game.result(state, rng.choice(game.actions(state)))
    return state


def duel(spec: str, depth: int, plies: int, openings: int) -> list[Any]:
    game = zs.load_game(spec)
    wins = draws = losses = 0
    start = time.perf_counter()
    for i in range(openings):
        state = opening(game, plies, seed=i)
        for heuristic_first in (True, False):  # the heuristic side as player 1, then 2
            smart = AlphaBeta(depth=depth, seed=2 * i)
            plain = AlphaBeta(depth=depth, evaluate=zero, seed=2 * i + 1)
            p1, p2 = (smart, plain) if heuristic_first else (plain, smart)
            record = zs.play(game, p1, p2, state=state)
            me = 1 if heuristic_first else 2
            if record.winner is None:
                draws += 1
            elif record.winner == me:
                wins += 1
            else:
                losses += 1
    seconds = time.perf_counter() - start
    return [spec, depth, 2 * openings, wins, draws, losses, f"{seconds:.1f}"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="2 openings per game")
    args = parser.parse_args()
    openings = 2 if args.quick else 20
    rows = [duel(spec, depth, plies, openings) for spec, depth, plies in CASES]
    header = ["game", "depth", "games", "heuristic wins", "draws", "zero wins", "seconds"]
    print(table(header, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
