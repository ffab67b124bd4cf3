"""What a split run's job proofs cost and weigh on Migration 8x8: positions some plies
deeper than a split-7 job are settled as a split run's jobs are (``split.settle`` with its
proof, each in a fresh worker process with its own table), and each is printed with the
positions searched, the proof's tree and stored moves, its file's bytes, the positions
searched again to choose its moves, and the plain checker's pass over it. A position
still unsettled after ``--limit`` seconds is dropped (its process killed).

    PYTHONPATH=src python benchmarks/migration_job_proofs.py --extra 2 --limit 90

The positions are ``--count`` random lines of ``--extra`` plies (``--seed``) under the
journal's job ``--line`` (default: the first job settled of docs/migration8-split7.jsonl).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import tempfile
from pathlib import Path
from typing import Any

from zerosum.games import Migration
from zerosum.games.migration.checker import check
from zerosum.games.migration.split import settle

FIRST_JOB = "4,2>4,3 5,4>4,4 5,1>5,2 7,1>6,1 5,0>5,1 6,4>5,4 1,0>1,1"


def deeper(
    game: Migration, line: str, extra: int, count: int, seed: int
) -> list[tuple[tuple[int, int, int], str]]:
    """``count`` distinct positions ``extra`` random plies under ``line``, none over or
    settled (at most 100 draws each)."""
    start = game.initial_state
    for text in line.split():
        start = game.result(start, game.parse_action(text, start))
    rng = random.Random(seed)
    found: dict[tuple[int, int, int], str] = {}
    for _ in range(100 * count):
        state, moves = start, ""
        for _ in range(extra):
            if game.is_terminal(state):
                break
            action = rng.choice(game.actions(state))
            state, moves = game.result(state, action), f"{moves} {game.format_action(action)}"
        if not game.is_terminal(state) and game.settled(state) is None:
            found.setdefault(state, moves)
        if len(found) == count:
            break
    return list(found.items())


def job(state: tuple[int, int, int], slots: int, out: Any) -> None:
    """Settle and prove ``state`` in this worker process; send what it found."""
    out.send(settle(Migration(n=8), state, slots, proving=True))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--line", default=FIRST_JOB, help="the moves to the split-7 job")
    parser.add_argument("--extra", type=int, default=2, help="plies deeper (default 2)")
    parser.add_argument("--count", type=int, default=8, help="positions tried (default 8)")
    parser.add_argument("--limit", type=float, default=90.0, help="seconds per position")
    parser.add_argument("--slots", type=int, default=1 << 24, help="table slots per job")
    parser.add_argument("--seed", type=int, default=1, help="the random lines' seed")
    args = parser.parse_args()
    game = Migration(n=8)
    positions = deeper(game, args.line, args.extra, args.count, args.seed)
    print(f"{len(positions)} random positions {args.extra} plies under {args.line}, "
          f"{args.limit:g} s each", flush=True)  # fmt: skip
    print("| moves after the job | mover | searched | s | proof positions | moves stored | "
          "bytes | searched for the proof | s | MiB | checker positions | s |")  # fmt: skip
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    context = multiprocessing.get_context("fork")
    for state, moves in positions:
        receive, send = context.Pipe(duplex=False)
        worker = context.Process(target=job, args=(state, args.slots, send))
        worker.start()
        if not receive.poll(args.limit):
            worker.kill()
            worker.join()
            print(f"| {moves} | - | over {args.limit:g} s | | | | | | | | | |", flush=True)
            continue
        found = receive.recv()
        worker.join()
        proof = found["proof"]
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "job.npz"
            path.write_bytes(found["strategy"])
            checked = check(path, Migration)
        side = "wins" if found["wins"] else "loses"
        print(f"| {moves} | {side} | {found['positions']:,} | "
              f"{found['seconds']:.1f} | {proof['positions']:,} | {proof['stored']:,} | "
              f"{len(found['strategy']):,} | {proof['searched']:,} | {proof['seconds']:.1f} | "
              f"{found['memory_mib']:,} | "
              f"{checked.positions:,} | {checked.seconds:.1f} |", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
