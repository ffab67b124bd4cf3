"""The table of docs/solved.md: each game solved from the start with ``zs.solve``, exactly
or (the "weak" rows) only the values of the moves.

    PYTHONPATH=src python benchmarks/solved.py             # every game of the table (minutes)
    PYTHONPATH=src python benchmarks/solved.py --quick     # the ones that take under a second

Where plain minimax finishes in reasonable time (marked), its value is checked too.
"""

from __future__ import annotations

import argparse
import sys

from timing import table

import zerosum as zs
from zerosum.agents import Minimax
from zerosum.game import format_action

#: (game spec, weak solve, whether plain minimax is run as a check, part of --quick)
GAMES = [
    ("tictactoe", False, True, True),
    ("pick:n=3", False, True, True),
    ("pick:n=4", False, False, False),
    ("migration:n=4", False, True, True),
    ("migration:n=5", False, False, True),
    ("migration:n=6", False, False, False),
    ("migration:n=6", True, False, True),
    ("migration:n=7", True, False, False),
    ("connect4:width=4,height=4", False, False, True),
    ("connect4:width=5,height=4", False, False, False),
    ("connect4:width=5,height=5", False, False, False),
]

OUTCOME = {1: "first player wins", 0: "draw", -1: "second player wins"}


def row(spec: str, weak: bool, check: bool) -> list[str]:
    game = zs.load_game(spec)
    result = zs.solve(game, weak=weak)
    best = " ".join(format_action(game, a) for a in result.best_actions)
    checked = "not run"
    if check:
        value, _, _ = Minimax().search(game, game.initial_state)
        checked = "agrees" if value == result.value else f"DIFFERS ({value})"
    return [
        f"{spec} (weak)" if weak else spec,
        OUTCOME[result.value],
        "-" if result.plies is None else str(result.plies),
        best,
        f"{result.nodes:,}",
        f"{result.seconds:.2f}",
        checked,
        f"`zerosum solve {spec}{' --weak' if weak else ''}`",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="only the fast games")
    args = parser.parse_args()
    rows = [row(*game) for *game, quick in GAMES if quick or not args.quick]
    header = ["game", "value", "plies", "best first moves", "nodes", "seconds", "minimax"]
    print(table([*header, "command"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
