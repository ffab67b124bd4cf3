"""Throughput of the Connect Four solver on the public benchmark sets: one thread against
``--workers`` threads (each with its own table, the kernel releasing the interpreter
lock), side by side in one run, scores checked against the files.

    PYTHONPATH=src python benchmarks/connect4_parallel.py              # 2 threads, 300 each
    PYTHONPATH=src python benchmarks/connect4_parallel.py --limit 1000 --workers 2
    PYTHONPATH=src python benchmarks/connect4_parallel.py --limit 1000 --copies 8 --sets L3_R1

``--copies N`` solves each set's positions N times over in one batch: a batch of easy
positions lasts about as long as handing a share to another thread (tens of
microseconds), so a longer one shows the throughput a long stream of them gets.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from connect4_solver import SETS, load

from zerosum.games.connect_four import solver as c4

# the sets that take seconds, not hours, for a few hundred positions
QUICK = ("L3_R1", "L2_R1", "L2_R2", "L1_R1")


def throughput(positions: list[tuple[int, int]], expected: list[int], workers: int) -> float:
    start = time.perf_counter()
    scores, _ = c4.solve_batch(positions, workers=workers)
    elapsed = time.perf_counter() - start
    if scores.tolist() != expected:
        raise SystemExit("a wrong score: the parallel solve disagrees with the file")
    return len(positions) / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--limit", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sets", nargs="*", default=list(QUICK))
    parser.add_argument("--copies", type=int, default=1, help="each position N times over")
    args = parser.parse_args()
    c4.ensure_compiled()
    c4.prepare_tables(args.workers)
    print(f"| set | positions | 1 thread (pos/s) | {args.workers} threads (pos/s) | ratio |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for set_id in args.sets:
        data = load(set_id, args.limit)
        positions = [c4.parse_moves(moves) for moves, _ in data] * args.copies
        expected = [score for _, score in data] * args.copies
        one, many = [], []
        for _ in range(args.repeat):  # interleaved, so drifts in machine speed hit both
            one.append(throughput(positions, expected, 1))
            many.append(throughput(positions, expected, args.workers))
        a, b = statistics.median(one), statistics.median(many)
        name = SETS[set_id][0]
        print(f"| {name} ({set_id}) | {len(positions)} | {a:,.0f} | {b:,.0f} | {b / a:.2f}x |")


if __name__ == "__main__":
    main()
