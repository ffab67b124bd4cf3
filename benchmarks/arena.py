"""The arena's speed: games per second of a tournament of fast agents in this process, on 2
local worker processes and on a 2-worker Dask LocalCluster, and the arena's own cost per
game with Dummy agents.

    PYTHONPATH=src python benchmarks/arena.py            # the figures in docs/benchmarks.md
    PYTHONPATH=src python benchmarks/arena.py --quick    # a smoke run with small sizes

Each rate is the median of ``--repeats`` runs of the whole tournament, wall time, including
starting the worker processes (the Dask cluster is started once, before timing, as an
existing cluster would be), after one untimed run of each; the executors take turns, run
after run, so that a slow spell of a shared machine falls on all of them alike
(``timing.timed_together``). The overhead is the time per game of
``zs.match`` minus that of calling ``zs.play`` in a loop on the same games, Dummy against
Dummy on tic-tac-toe.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from timing import timed_together

import zerosum as zs

GAME = "connect4"
AGENTS = ["random", "minimax:depth=2", "minimax:depth=3"]


def tournament_rates(per_pair: int, repeats: int) -> dict[str, float]:
    """Games per second of the same tournament on each executor."""
    from distributed import LocalCluster

    games = per_pair * len(AGENTS) * (len(AGENTS) - 1) // 2

    def on(**where: object) -> Callable[[], object]:
        return lambda: zs.tournament(GAME, AGENTS, per_pair, seed=1, **where)  # type: ignore[arg-type]

    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        runs = {
            "1 worker (this process)": on(workers=1),
            "2 local worker processes": on(workers=2),
            "Dask LocalCluster, 2 workers": on(scheduler=cluster.scheduler_address),
        }
        timings = timed_together(repeats, *runs.values())
    return {name: games / spent for name, (spent, _) in zip(runs, timings, strict=True)}


def overhead_us(games: int, repeats: int) -> tuple[float, float]:
    """Microseconds per game of ``zs.play`` alone, and what ``zs.match`` adds to it."""
    game = zs.games.TicTacToe()
    plan = zs.match(game, "dummy", "dummy", games=games).games
    dummies = zs.agents.Dummy(), zs.agents.Dummy()

    def plain() -> None:
        for g in plan:
            zs.play(game, *dummies, seed=g.seed)

    (play_seconds, _), (match_seconds, _) = timed_together(
        repeats, plain, lambda: zs.match(game, "dummy", "dummy", games=games)
    )
    bare, arena = play_seconds / games, match_seconds / games
    return 1e6 * bare, 1e6 * (arena - bare)


def main() -> None:  # run under the main guard: worker processes re-import this file
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (median)")
    args = parser.parse_args()
    per_pair, dummy_games = (20, 2_000) if args.quick else (150, 20_000)
    repeats = 1 if args.quick else args.repeats

    rates = tournament_rates(per_pair, repeats)
    serial = rates["1 worker (this process)"]
    local = rates["2 local worker processes"]
    total = per_pair * len(AGENTS) * (len(AGENTS) - 1) // 2
    print(f"Tournament: {GAME}, {', '.join(AGENTS)}; {total} games, median of {repeats}\n")
    print("| executor | games/s | vs 1 worker | vs local processes |")
    print("| --- | ---: | ---: | ---: |")
    for name, rate in rates.items():
        print(f"| {name} | {rate:,.0f} | {rate / serial:.2f}x | {rate / local:.2f}x |")
    play_us, extra_us = overhead_us(dummy_games, repeats)
    print(f"\nDummy vs Dummy on tic-tac-toe, {dummy_games:,} games:\n")
    print("| per game | microseconds |")
    print("| --- | ---: |")
    print(f"| `zs.play` alone | {play_us:.1f} |")
    print(f"| arena overhead (`zs.match`, workers=1, minus `zs.play`) | {extra_us:.1f} |")


if __name__ == "__main__":
    main()
