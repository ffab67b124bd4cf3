"""The Connect Four solver beside BitBully's, position by position, on the benchmark sets.

For each set (a sample with ``--limit``), each position is solved by both, interleaved
in chunks whose order alternates, on one core:

* zerosum: a fresh table per position (O(1): a new generation), timed inside the
  compiled loop, so no call from Python is counted;
* BitBully (``BitBullyCore().mtdf``, its documented full solver), its opening book
  off and its table reset before each position (the reset, a memset of tens of
  milliseconds, is not timed; neither is building its board).

Every score of both is checked against the file. On a machine shared with other
work, ``--cpu`` times each solve by the thread's CPU time (both solvers), so that
waiting for a core does not count. Printed as a markdown table: median
and mean seconds per position of each, the ratio zerosum/BitBully of the means and of
the medians, and zerosum's mean nodes beside the public C++ solver's (Pons) published
mean nodes. BitBully is needed only here: ``pip install -e .[bench]``.

    python benchmarks/connect4_vs_bitbully.py --limit 200
    python benchmarks/connect4_vs_bitbully.py --limit 50 --sets L1_R2 L1_R3
    python benchmarks/connect4_vs_bitbully.py --limit 200 --no-bitbully   # nodes only
    python benchmarks/connect4_vs_bitbully.py --limit 200 --cpu           # CPU time
    python benchmarks/connect4_vs_bitbully.py --cpu --sets random --random 60 --stones 8 12

``random`` is not a file: ``--random N`` positions of ``--stones LOW HIGH`` discs played
at random from the start (``--seed``), none over and none whose mover wins at once; with
no published score, the two solvers' scores are checked against each other.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np
from connect4_solver import SETS, fmt_time, load

from zerosum.games.connect_four import solver as c4


def bitbully_solver():  # type: ignore[no-untyped-def]
    try:
        import bitbully.bitbully_core as core
    except ImportError as err:
        raise SystemExit("BitBully is not installed: pip install -e .[bench]") from err
    solver = core.BitBullyCore()  # no book path: the book is off
    assert not solver.isBookLoaded()
    return core, solver


def run_bitbully(core, solver, data, cpu):  # type: ignore[no-untyped-def]
    """Seconds and nodes of each position, scores checked."""
    clock = time.thread_time if cpu else time.perf_counter
    seconds, nodes, scores = [], [], []
    for moves, expected in data:
        board = core.BoardCore()
        if not board.play([int(ch) - 1 for ch in moves]):
            raise SystemExit(f"BitBully refused the moves {moves}")
        solver.resetTranspositionTable()
        solver.resetNodeCounter()
        start = clock()
        score = solver.mtdf(board, 0)
        seconds.append(clock() - start)
        nodes.append(solver.getNodeCounter())
        scores.append(score)
        if expected is not None and score != expected:
            raise SystemExit(f"BitBully: wrong score {score} for {moves}, expected {expected}")
    return seconds, nodes, scores


def run_zerosum(data, cpu):  # type: ignore[no-untyped-def]
    scores, nodes, seconds = c4.solve_timed([c4.parse_moves(m) for m, _ in data], cpu=cpu)
    for (moves, expected), got in zip(data, scores, strict=True):
        if expected is not None and got != expected:
            raise SystemExit(f"zerosum: wrong score {got} for {moves}, expected {expected}")
    return seconds.tolist(), nodes.tolist(), [int(x) for x in scores]


def random_positions(count: int, low: int, high: int, seed: int) -> list[tuple[str, None]]:
    """``count`` move strings of ``low`` to ``high`` discs played at random on 7x6, none over
    and none whose mover can win at once (as in the published sets)."""
    from zerosum.games import ConnectFour

    game, rng, found = ConnectFour(), random.Random(seed), list[tuple[str, None]]()
    while len(found) < count:
        state, moves = game.initial_state, []
        for _ in range(rng.randint(low, high)):
            if game.is_terminal(state):
                break
            move = rng.choice(game.actions(state))
            moves.append(move)
            state = game.result(state, move)
        mover = game.player(state)
        if game.is_terminal(state) or any(
            game.utility(game.result(state, a), mover) > 0 for a in game.actions(state)
        ):
            continue
        found.append(("".join(str(m + 1) for m in moves), None))  # columns from 1
    return found


def run_set(
    set_id: str, limit: int, chunk: int, with_bb: bool, cpu: bool, data: list | None = None
) -> str:
    name, _, pons_nodes = SETS.get(set_id, ("Random", 0, 0))
    data = load(set_id, limit) if data is None else data
    zs_t: list[float] = []
    zs_n: list[int] = []
    bb_t: list[float] = []
    bb_n: list[int] = []
    core, solver = bitbully_solver() if with_bb else (None, None)
    for k, i in enumerate(range(0, len(data), chunk)):
        part = data[i : i + chunk]
        runs = [lambda p=part: run_zerosum(p, cpu)]
        if with_bb:
            runs.append(lambda p=part: run_bitbully(core, solver, p, cpu))
        if k % 2:
            runs.reverse()
        results = [r() for r in runs]
        if k % 2:
            results.reverse()
        zs_t += results[0][0]
        zs_n += results[0][1]
        if with_bb:
            bb_t += results[1][0]
            bb_n += results[1][1]
            if results[0][2] != results[1][2]:
                said = f"{results[0][2]} against {results[1][2]}"
                raise SystemExit(f"the solvers disagree on {part}: {said}")
    zs_mean, zs_med = statistics.fmean(zs_t), statistics.median(zs_t)
    row = f"| {name} ({set_id}) | {len(data)} | {fmt_time(zs_med)} | {fmt_time(zs_mean)} |"
    if with_bb:
        bb_mean, bb_med = statistics.fmean(bb_t), statistics.median(bb_t)
        row += (
            f" {fmt_time(bb_med)} | {fmt_time(bb_mean)} | {zs_med / bb_med:.2f} |"
            f" {zs_mean / bb_mean:.2f} | {np.mean(bb_n):,.0f} |"
        )
    if pons_nodes:
        row += f" {np.mean(zs_n):,.0f} | {pons_nodes:,} | {np.mean(zs_n) / pons_nodes:.2f} |"
    else:
        row += f" {np.mean(zs_n):,.0f} | - | - |"
    return row


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", choices=[*SETS, "random"], default=list(SETS))
    parser.add_argument("--random", type=int, default=60, help="positions of the random set")
    parser.add_argument("--stones", type=int, nargs=2, default=(8, 12), metavar=("LOW", "HIGH"))
    parser.add_argument("--seed", type=int, default=0, help="of the random set")
    parser.add_argument("--limit", type=int, default=1000, help="positions per set")
    parser.add_argument("--hard-limit", type=int, default=20, help="positions of L1_R3")
    parser.add_argument("--chunk", type=int, default=10, help="positions per turn")
    parser.add_argument("--no-bitbully", action="store_true", help="zerosum's nodes only")
    parser.add_argument(
        "--cpu", action="store_true", help="time each solve by the thread's CPU time, not wall"
    )
    args = parser.parse_args(argv)

    c4.ensure_compiled()
    c4.prepare_tables()
    with_bb = not args.no_bitbully
    header = "| set | positions | zerosum median | zerosum mean |"
    rule = "| --- | ---: | ---: | ---: |"
    if with_bb:
        header += " BitBully median | BitBully mean | ratio median | ratio mean | BitBully nodes |"
        rule += " ---: | ---: | ---: | ---: | ---: |"
    header += " zerosum nodes | Pons nodes | nodes / Pons |"
    rule += " ---: | ---: | ---: |"
    print(header)
    print(rule, flush=True)
    for set_id in args.sets:
        limit = args.hard_limit if set_id == "L1_R3" else args.limit
        data = None
        if set_id == "random":
            data = random_positions(args.random, *args.stones, args.seed)
            set_id = f"{args.stones[0]}-{args.stones[1]} stones, seed {args.seed}"
        print(run_set(set_id, limit, args.chunk, with_bb, args.cpu, data), flush=True)


if __name__ == "__main__":
    main()
