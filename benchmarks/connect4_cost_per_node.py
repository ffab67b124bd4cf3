"""The Connect Four solver's cost per node beside BitBully's: instructions counted, not
seconds, so that other work on the machine does not change the figure.

Each solver solves a fixed sample of positions in a process of its own under Valgrind's
callgrind (``valgrind``, ``cc`` and Valgrind's headers needed), which counts the
instructions executed while the positions are solved (counting is switched on and off
around the solves; imports and the warm-up are not counted). Printed: the nodes of each,
instructions per node, and zerosum/BitBully of both the instructions per node and the
total instructions (a time on a core of its own, but for memory stalls, which
instructions do not show: on this machine's 8 MB table, half the solver's time). Every score is
checked against the file. The sample: the first ``--medium`` positions of Begin-Medium
(L1_R2) and those of the first 20 of Begin-Hard (L1_R3) in ``HARD`` (the ones zerosum
solves in under 5 M nodes: a Begin-Hard position of 50 M nodes takes minutes under
Valgrind). A fresh table for each position, as in ``connect4_vs_bitbully.py``.

    python benchmarks/connect4_cost_per_node.py
    python benchmarks/connect4_cost_per_node.py --medium 5 --no-bitbully   # quick
    python benchmarks/connect4_cost_per_node.py --branches   # + simulated branch misses

The hardware counters (``perf stat -e instructions``) would do the same faster, where the
machine has them (virtual machines often do not).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from connect4_solver import load

HERE = Path(__file__).resolve()
#: Indices (0-based) into the first 20 positions of Begin-Hard.
HARD = (1, 2, 5, 9, 10, 13)


def sample(medium: int, hard: bool) -> list[tuple[str, int]]:
    """The fixed sample: ``(moves, score)`` pairs."""
    out = load("L1_R2", medium)
    if hard:
        first = load("L1_R3", 20)
        out += [first[i] for i in HARD]
    return out


_STUB = r"""
#include <valgrind/callgrind.h>
void start(void) { CALLGRIND_START_INSTRUMENTATION; }
void stop(void) { CALLGRIND_STOP_INSTRUMENTATION; }
"""


def counter() -> ctypes.CDLL:
    """``start()`` and ``stop()`` of callgrind's counting, compiled from its header (a
    process started with counting off runs its imports several times faster)."""
    folder = Path(tempfile.mkdtemp())
    (folder / "stub.c").write_text(_STUB)
    subprocess.run(
        ["cc", "-O1", "-shared", "-fPIC", "-o", str(folder / "stub.so"), str(folder / "stub.c")],
        check=True,
    )
    return ctypes.CDLL(str(folder / "stub.so"))


def check(name: str, data: list[tuple[str, int]], scores: list[int]) -> None:
    for (moves, expected), got in zip(data, scores, strict=True):
        if got != expected:
            raise SystemExit(f"{name}: wrong score {got} for {moves}, expected {expected}")


def solve_zerosum(data: list[tuple[str, int]], count: ctypes.CDLL) -> int:
    """Solve ``data`` with zerosum, counted (scores checked); the nodes searched."""
    from zerosum.games.connect_four import solver as c4

    c4.ensure_compiled()
    c4.prepare_tables()
    positions = [c4.parse_moves(m) for m, _ in data]
    count.start()
    scores, nodes, _ = c4.solve_timed(positions)
    count.stop()
    check("zerosum", data, scores.tolist())
    return int(nodes.sum())


def solve_bitbully(data: list[tuple[str, int]], count: ctypes.CDLL) -> int:
    """Solve ``data`` with BitBully, counted (scores checked); the nodes searched. Its
    table's reset before each position (a memset) is not counted."""
    from connect4_vs_bitbully import bitbully_solver

    core, solver = bitbully_solver()
    scores, nodes = [], 0
    for moves, _ in data:
        board = core.BoardCore()
        if not board.play([int(ch) - 1 for ch in moves]):
            raise SystemExit(f"BitBully refused the moves {moves}")
        solver.resetTranspositionTable()
        solver.resetNodeCounter()
        count.start()
        scores.append(solver.mtdf(board, 0))
        count.stop()
        nodes += solver.getNodeCounter()
    check("BitBully", data, scores)
    return nodes


def worker(name: str, medium: int, hard: bool) -> None:
    count = counter()
    nodes = (solve_zerosum if name == "zerosum" else solve_bitbully)(sample(medium, hard), count)
    print(json.dumps({"nodes": nodes}))


def measure(name: str, args: argparse.Namespace) -> tuple[int, dict[str, int]]:
    """Nodes and callgrind's event totals (Ir: instructions; Bcm, Bim: simulated
    mispredictions of conditional and indirect branches) of solving the sample."""
    cmd = [
        "valgrind", "--tool=callgrind", "--instr-atstart=no",
        f"--branch-sim={'yes' if args.branches else 'no'}",
        "--callgrind-out-file=/dev/null",
        sys.executable, str(HERE), "--worker", name, "--medium", str(args.medium),
    ]  # fmt: skip
    if args.no_hard:
        cmd.append("--no-hard")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE.parent), *sys.path]))
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    names = re.search(r"==\d+== Events *: *(.+)", done.stderr)
    totals = re.search(r"==\d+== Collected *: *(.+)", done.stderr)
    if done.returncode != 0 or not names or not totals:
        raise SystemExit(f"{name} under valgrind failed:\n{done.stderr[-3000:]}")
    events = dict(zip(names[1].split(), map(int, totals[1].split()), strict=True))
    return json.loads(done.stdout.strip().splitlines()[-1])["nodes"], events


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--medium", type=int, default=20, help="Begin-Medium positions")
    parser.add_argument("--no-hard", action="store_true", help="leave out the Begin-Hard six")
    parser.add_argument("--no-bitbully", action="store_true", help="zerosum only")
    parser.add_argument("--branches", action="store_true", help="simulate branch prediction")
    parser.add_argument("--worker", choices=["zerosum", "bitbully"], help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker, args.medium, not args.no_hard)
        return

    names = ["zerosum"] if args.no_bitbully else ["zerosum", "bitbully"]
    results = {name: measure(name, args) for name in names}
    positions = len(sample(args.medium, not args.no_hard))
    print(f"{positions} positions (Begin-Medium {args.medium}, Begin-Hard "
          f"{0 if args.no_hard else len(HARD)}), one thread, fresh table per position")  # fmt: skip
    header = "| solver | nodes | instructions | instructions/node |"
    rule = "| --- | ---: | ---: | ---: |"
    if args.branches:
        header += " branch misses/node (simulated) |"
        rule += " ---: |"
    print(header)
    print(rule)
    for name, (nodes, events) in results.items():
        row = f"| {name} | {nodes:,} | {events['Ir']:,} | {events['Ir'] / nodes:.1f} |"
        if args.branches:
            row += f" {(events['Bcm'] + events['Bim']) / nodes:.2f} |"
        print(row)
    if len(results) == 2:
        (zn, ze), (bn, be) = results["zerosum"], results["bitbully"]
        print(
            f"\nzerosum/BitBully: nodes {zn / bn:.2f}, instructions per node "
            f"{(ze['Ir'] / zn) / (be['Ir'] / bn):.2f}, instructions {ze['Ir'] / be['Ir']:.2f}"
        )


if __name__ == "__main__":
    main()
