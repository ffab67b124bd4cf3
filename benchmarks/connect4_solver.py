"""Benchmark the Connect Four solver kernel on the public benchmark sets.

For each set: mean time and mean nodes per position, positions per second,
with a fresh transposition table per position (the benchmark convention),
every score checked against the file; printed as a markdown table beside the
figures of the public C++ solver measured on the same kind of machine.

    python benchmarks/connect4_solver.py                 # all six sets
    python benchmarks/connect4_solver.py --limit 100 --sets L3_R1 L2_R1
    python benchmarks/connect4_solver.py --empty         # the empty board (minutes)
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from zerosum.games.connect_four import solver as c4

ROOT = Path(__file__).resolve().parent.parent

DATA = ROOT / "tests" / "data" / "connect4"

# set id -> (name, C++ seconds per position, C++ nodes per position)
SETS = {
    "L3_R1": ("End-Easy", 9.5e-6, 51),
    "L2_R1": ("Middle-Easy", 69e-6, 449),
    "L2_R2": ("Middle-Medium", 6.3e-3, 39_800),
    "L1_R1": ("Begin-Easy", 0.46e-3, 3_300),
    "L1_R2": ("Begin-Medium", 0.18, 1_190_000),
    "L1_R3": ("Begin-Hard", 8.0, 53_600_000),
}


def load(set_id: str, limit: int) -> list[tuple[str, int]]:
    """The first ``limit`` ``(moves, score)`` pairs of a benchmark file."""
    out = []
    for line in (DATA / f"Test_{set_id}.txt").read_text().splitlines():
        if line.strip():
            moves, score = line.split()
            out.append((moves, int(score)))
    return out[:limit]


def fmt_time(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def run_set(set_id: str, limit: int, weak: bool, solver: c4.Solver) -> str:
    """One markdown table row: solve the set (a fresh table per position)."""
    name, ref_time, ref_nodes = SETS[set_id]
    data = load(set_id, limit)
    positions = [c4.parse_moves(moves) for moves, _ in data]
    start = time.perf_counter()
    scores, nodes = solver.solve_batch(positions, weak=weak)
    elapsed = time.perf_counter() - start
    for (moves, expected), got in zip(data, scores, strict=True):
        if weak:
            expected = (expected > 0) - (expected < 0)
        if got != expected:
            raise SystemExit(f"{set_id}: wrong score {got} for {moves}, expected {expected}")
    n = len(data)
    per = elapsed / n
    mean_nodes = float(nodes.mean())
    rate = n / elapsed
    rate_text = f"{rate:,.0f}" if rate >= 100 else f"{rate:.3g}"
    row = f"| {name} ({set_id}) | {n} | {fmt_time(per)} | {mean_nodes:,.0f} | {rate_text} |"
    if not weak:
        row += (
            f" {fmt_time(ref_time)} | {ref_nodes:,} | {per / ref_time:.2f} |"
            f" {mean_nodes / ref_nodes:.2f} |"
        )
    return row


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", choices=list(SETS), default=list(SETS))
    parser.add_argument("--limit", type=int, default=1000, help="positions per set")
    parser.add_argument("--hard-limit", type=int, default=40, help="positions of L1_R3")
    parser.add_argument("--weak", action="store_true", help="win/draw/loss only")
    parser.add_argument("--tt-mb", type=float, default=64, help="table size in MB")
    parser.add_argument("--empty", action="store_true", help="solve the empty 7x6 board")
    args = parser.parse_args(argv)

    seconds = c4.ensure_compiled()
    print(f"compiled or loaded in {seconds:.1f} s")
    # The solver's table serves every position (fresh for each); size it and fault its
    # pages in before timing anything.
    solver = c4.Solver(c4.TranspositionTable(args.tt_mb))
    solver.prepare()

    if args.empty:
        start = time.perf_counter()
        score, nodes = c4.solve(0, 0, weak=args.weak, tt=solver.table)
        elapsed = time.perf_counter() - start
        print(f"empty 7x6 board: score {score}, {nodes:,} nodes, {elapsed:.1f} s")
        print("public C++ solver (strong): score 1, 3.1 billion nodes, 483 s")
        return

    header = "| set | positions | time/position | nodes/position | positions/s |"
    rule = "| --- | ---: | ---: | ---: | ---: |"
    if not args.weak:
        header += " C++ time | C++ nodes | time ratio | node ratio |"
        rule += " ---: | ---: | ---: | ---: |"
    print(header)
    print(rule)
    for set_id in args.sets:
        limit = args.hard_limit if set_id == "L1_R3" else args.limit
        print(run_set(set_id, limit, args.weak, solver), flush=True)


if __name__ == "__main__":
    main()
