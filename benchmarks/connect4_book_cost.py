"""What a deeper Connect Four opening book would cost (issue #28, item 2): the positions of
a ply (one per mirror pair, as ``zerosum book`` solves them) and the CPU time a value
takes, sampled on runs of neighbouring positions spread over the sorted positions, each
run with one table as a book build's worker keeps it.

    PYTHONPATH=src python benchmarks/connect4_book_cost.py --plies 10
    PYTHONPATH=src python benchmarks/connect4_book_cost.py --plies 12 --runs 6
"""

from __future__ import annotations

import argparse
import statistics
import time

from zerosum.games.connect_four import book_build
from zerosum.games.connect_four import solver as c4

CHUNK = 16  # positions per chunk, as a book build sends them


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=10, help="the book's deepest ply (10)")
    parser.add_argument("--runs", type=int, default=6, help="sampled runs (6)")
    parser.add_argument("--chunks", type=int, default=9, help="chunks timed per run (9)")
    args = parser.parse_args()
    begin = time.process_time()
    positions = list(book_build.positions(args.plies))
    found = time.process_time() - begin
    print(f"ply {args.plies}: {len(positions):,} positions, enumerated in {found:.0f} s")
    c4.ensure_compiled()
    per_run = []
    for run in range(args.runs):
        first = (2 * run + 1) * len(positions) // (2 * args.runs)
        sample = positions[first : first + CHUNK * (args.chunks + 1)]
        book_build._table = None  # a fresh worker's table, filled by a first chunk untimed
        book_build.solve_chunk(sample[:CHUNK], weak=True)
        begin = time.thread_time()
        for start in range(CHUNK, len(sample), CHUNK):
            book_build.solve_chunk(sample[start : start + CHUNK], weak=True)
        each = (time.thread_time() - begin) / (len(sample) - CHUNK)
        per_run.append(each)
        print(f"  from position {first:,}: {each * 1000:.1f} ms a position", flush=True)
    mean = statistics.mean(per_run)
    hours = mean * len(positions) / 3600
    print(f"mean {mean * 1000:.1f} ms a position: about {hours:.1f} CPU hours for ply {args.plies}")


if __name__ == "__main__":
    main()
