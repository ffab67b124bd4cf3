"""A long weak solve of Migration from the start, one first move at a time, printing each
first move's outcome as it is settled (with the positions, seconds and peak memory so
far), so that a search stopped by its time limit still reports how far it got.

    PYTHONPATH=src python benchmarks/migration_first_moves.py -n 7
    PYTHONPATH=src python benchmarks/migration_first_moves.py -n 8 --slots 67108864 --hours 1

The first moves go middle row first, then outwards (on 5x5 to 7x7 the winning ones are
the middle row's and those near it); ``--until-win`` stops at the first winning move,
which is enough to know the start is a first-player win.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from typing import Any

from zerosum.budget import OutOfTime
from zerosum.games import Migration
from zerosum.games.migration.solver import default_slots, outcomes


class Won(Exception):
    """A winning first move was found (with ``--until-win``)."""


def peak_mb() -> float:
    """This process's peak resident memory (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", type=int, default=8, help="the board's side (default 8)")
    parser.add_argument("--slots", type=int, help="table slots (default: the solver's)")
    parser.add_argument("--hours", type=float, default=None, help="time limit (default none)")
    parser.add_argument("--until-win", action="store_true", help="stop at a winning move")
    args = parser.parse_args()
    game = Migration(n=args.n)
    state = game.initial_state
    middle = (args.n - 1) / 2
    first = sorted(game.actions(state), key=lambda action: (abs(action[0] - middle), -action[0]))
    slots = args.slots or default_slots(args.n)
    print(f"Migration {args.n}x{args.n}, {slots:,} table slots, first moves in the order "
          + " ".join(game.format_action(a) for a in first), flush=True)  # fmt: skip
    small = Migration(n=4)
    outcomes(small, small.initial_state)  # the compiled code loaded before the clock starts
    start = time.perf_counter()
    deadline = None if args.hours is None else start + 3600 * args.hours

    def report(action: Any, outcome: int, positions: int) -> None:
        seconds = time.perf_counter() - start
        word = "wins" if outcome > 0 else "loses"
        print(f"{game.format_action(action)} {word}: {positions:,} positions, {seconds:.1f} s, "
              f"peak {peak_mb():.0f} MB", flush=True)  # fmt: skip
        if args.until_win and outcome > 0:
            raise Won

    try:
        outcomes(game, state, slots=slots, deadline=deadline, actions=first, report=report)
    except OutOfTime as stop:
        seconds = time.perf_counter() - start
        print(f"{stop} ({seconds:.1f} s, peak {peak_mb():.0f} MB)", flush=True)
        return 1
    except Won:
        pass
    print(f"done in {time.perf_counter() - start:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
