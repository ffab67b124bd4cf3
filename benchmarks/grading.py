"""The heuristics' quality by depth (docs/heuristics.md): ``zerosum grade`` per game.

Alpha-beta with the game's heuristic at several depths, and a random agent, each choose
a move in the same random positions; the exact solver says whether the move keeps the
position's value.

    PYTHONPATH=src python benchmarks/grading.py             # every game (many minutes)
    PYTHONPATH=src python benchmarks/grading.py connect4    # the cases whose spec starts so
"""

from __future__ import annotations

import sys

import zerosum as zs

DEPTHS = [1, 2, 3, 4, 6, 8]

#: (game spec, positions, plies)
CASES = [
    ("tictactoe", 300, (0, 7)),
    ("connect4:width=5,height=4", 300, (0, 14)),
    ("connect4", 100, (12, 20)),
    ("migration:n=6", 200, (0, 30)),
    ("pick:n=4", 100, (6, 12)),
]


def main(argv: list[str]) -> int:
    for spec, positions, plies in CASES:
        if argv and not any(spec.startswith(a) for a in argv):
            continue
        agents = ["random:seed=1", *(f"alphabeta:depth={d}" for d in DEPTHS)]
        report = zs.grade(zs.load_game(spec), agents, positions=positions, plies=plies, seed=1)
        print(
            f"zerosum grade {spec} {' '.join(agents)} --positions {positions} "
            f"--plies {plies[0]}-{plies[1]} --seed 1"
        )
        print(report, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
