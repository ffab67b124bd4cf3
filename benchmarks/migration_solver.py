"""Positions searched by the compiled Migration win/loss solver (``games/migration/solver.py``)
on seeded random positions, to compare move orderings by a count that does not depend
on the machine's load, and the seconds beside it.

    PYTHONPATH=src python benchmarks/migration_solver.py                 # 7x7, 20 positions
    PYTHONPATH=src python benchmarks/migration_solver.py -n 6 --count 50 --plies 8 14
    PYTHONPATH=src python benchmarks/migration_solver.py --python        # and a plain search

Each position is reached by ``--plies`` (a range, both ends included) random moves from
the start, seeded by its index, and every root move's outcome is found (as ``zs.solve(game,
state, weak=True)`` does), with a fresh table per position. ``--python`` also runs a plain
Python AND/OR search (a dictionary for a table; the moves leaving the opponent the fewest
replies first) on each position, as a reference count, and checks that the values agree.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from timing import table

from zerosum.budget import OutOfTime
from zerosum.games import Migration
from zerosum.games.migration.solver import outcomes


def position(game: Migration, seed: int, low: int, high: int) -> tuple[Any, int]:
    """A non-terminal position ``low`` to ``high`` random plies in, and its ply."""
    rng = random.Random(seed)
    while True:
        state, plies = game.initial_state, rng.randint(low, high)
        for _ in range(plies):
            state = game.result(state, rng.choice(game.actions(state)))
            if game.is_terminal(state):
                break
        else:
            return state, plies


class PlainSearch:
    """The reference: a win/loss search in Python with a dictionary, trying first the moves
    that leave the opponent the fewest replies; ``nodes`` counts the positions entered."""

    def __init__(self, game: Migration) -> None:
        self.game, self.known, self.nodes = game, dict[Any, bool](), 0

    def wins(self, state: Any) -> bool:
        self.nodes += 1
        game = self.game
        settled = game.settled(state)
        if settled is not None:
            return settled[0] > 0
        if state in self.known:
            return self.known[state]
        children = [game.result(state, action) for action in game.actions(state)]
        children.sort(key=lambda child: game.movable(child).bit_count())
        won = any(not game.movable(child) or not self.wins(child) for child in children)
        self.known[state] = won
        return won

    def outcomes(self, state: Any) -> dict[Any, int]:
        game, values = self.game, {}
        for action in game.actions(state):
            child = game.result(state, action)
            values[action] = 1 if game.is_terminal(child) or not self.wins(child) else -1
        return values


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", type=int, default=7, help="the board's side (default 7)")
    parser.add_argument("--count", type=int, default=20, help="positions (default 20)")
    parser.add_argument("--plies", type=int, nargs=2, default=(10, 16), metavar=("LOW", "HIGH"))
    parser.add_argument("--seed", type=int, default=0, help="the first position's seed")
    parser.add_argument("--slots", type=int, help="table slots (default: the solver's)")
    parser.add_argument("--python", action="store_true", help="also the plain Python search")
    parser.add_argument("--rows", action="store_true", help="a row per position too")
    args = parser.parse_args()
    game = Migration(n=args.n)
    try:  # compiled (or loaded) before the clock starts
        outcomes(game, game.initial_state, slots=2, deadline=time.perf_counter() + 1e-3)
    except OutOfTime:
        pass
    rows, total_nodes, total_seconds, total_plain = [], 0, 0.0, 0
    for seed in range(args.seed, args.seed + args.count):
        state, plies = position(game, seed, *args.plies)
        start = time.perf_counter()
        values, nodes = outcomes(game, state, slots=args.slots)
        seconds = time.perf_counter() - start
        total_nodes, total_seconds = total_nodes + nodes, total_seconds + seconds
        row = [str(seed), str(plies), f"{nodes:,}", f"{seconds:.3f}"]
        if args.python:
            plain = PlainSearch(game)
            if plain.outcomes(state) != values:
                print(f"seed {seed}: the values differ", file=sys.stderr)
                return 1
            total_plain += plain.nodes
            row.append(f"{plain.nodes:,}")
        rows.append(row)
    header = ["seed", "plies", "positions", "seconds"]
    total = ["all", "", f"{total_nodes:,}", f"{total_seconds:.2f}"]
    if args.python:
        header.append("plain search")
        total.append(f"{total_plain:,}")
    print(table(header, [*(rows if args.rows else []), total]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
