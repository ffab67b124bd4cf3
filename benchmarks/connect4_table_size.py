"""The Connect Four solver's time and nodes by transposition table size.

Each size solves the same positions (the first ``--limit`` of a benchmark set), a fresh
table per position, timed in the thread's CPU time inside the compiled loop; the sizes
take turns, in an order that alternates by round, and the table gives the median over
``--rounds``. Nodes are deterministic. A table that stays in the processor's caches is
read faster than one in main memory, so the fastest size is a trade between the two.

    PYTHONPATH=src python benchmarks/connect4_table_size.py --set L1_R2 --limit 30
    PYTHONPATH=src python benchmarks/connect4_table_size.py --set L1_R3 --limit 6 --rounds 1 \\
        --sizes 8 16 32 64
"""

from __future__ import annotations

import argparse
import statistics

from connect4_solver import SETS, load

from zerosum.games.connect_four import solver as c4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", choices=list(SETS), default="L1_R2")
    parser.add_argument("--limit", type=int, default=30, help="positions of the set")
    parser.add_argument("--sizes", type=float, nargs="+", default=[1, 2, 4, 8, 16, 64, 256])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    data = load(args.set, args.limit)
    positions = [c4.parse_moves(moves) for moves, _ in data]
    tables = {mb: c4.TranspositionTable(mb) for mb in args.sizes}
    seconds: dict[float, list[float]] = {mb: [] for mb in args.sizes}
    nodes: dict[float, int] = {}
    c4.solve_timed(positions[:1])  # compile outside the timing
    for round_ in range(args.rounds):
        for mb in args.sizes if round_ % 2 == 0 else args.sizes[::-1]:
            scores, counted, times = c4.solve_timed(positions, cpu=True, tt=tables[mb])
            if [int(s) for s in scores] != [score for _, score in data]:
                raise SystemExit(f"{mb:g} MB: a wrong score")
            seconds[mb].append(float(times.sum()))
            nodes[mb] = int(counted.sum())
    print(f"{SETS[args.set][0]} ({args.set}), first {len(data)} positions")
    print("| table | seconds (median) | nodes | ns per node |")
    print("| ---: | ---: | ---: | ---: |")
    for mb in args.sizes:
        spent = statistics.median(seconds[mb])
        print(f"| {mb:g} MB | {spent:.3f} | {nodes[mb]:,} | {spent / nodes[mb] * 1e9:.0f} |")


if __name__ == "__main__":
    main()
