"""How well moves keep to their deadlines, and how the page's server answers meanwhile.

Part 1, the cut-short accuracy: every agent with compiled code is asked for moves on
random 7x6 Connect Four positions (2 to 10 plies in, where an unbounded search runs for
minutes) under a deadline (:mod:`zerosum.budget`), and the overrun (answer time minus the
deadline) is reported as p50 and p99 per agent. The promise is 5% + 20 ms.

Part 2, the server: ``zerosum serve`` in its own process, ``--thinkers`` clients each
keeping a game with a long thinker (perfect, pure Monte-Carlo with 10**9 playouts,
minimax, which only the hard cap stops) busy, while another client times
``GET /api/catalog``; reports p50/p95/p99 of those requests (goal: p95 under 100 ms).

    PYTHONPATH=src python benchmarks/deadlines.py            # both parts
    PYTHONPATH=src python benchmarks/deadlines.py --quick    # a smoke run
"""

from __future__ import annotations

import argparse
import contextlib
import random
import threading
import time
from typing import Any

import httpx
from web_load import free_port, start_server

import zerosum as zs
from zerosum import budget

AGENTS = {
    "alphabeta (compiled)": lambda: zs.agents.AlphaBeta(),
    "alphabeta (Python)": lambda: zs.agents.AlphaBeta(compiled=False),
    "perfect": lambda: zs.agents.Perfect(),
    "montecarlo:playouts=10**9": lambda: zs.agents.MonteCarlo(playouts=10**9),
    "mcts:iterations=10**9": lambda: zs.agents.MCTS(iterations=10**9),
    "mcts:iterations=10**9,solver=true": lambda: zs.agents.MCTS(iterations=10**9, solver=True),
}
THINKERS = ("perfect", "montecarlo:playouts=1000000000", "minimax", "mcts:iterations=1000000000")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def positions(count: int, seed: int = 1) -> list[Any]:
    game, rng, found = zs.games.ConnectFour(), random.Random(seed), []
    while len(found) < count:
        state = game.initial_state
        for _ in range(rng.randint(2, 10)):
            state = game.result(state, rng.choice(game.actions(state)))
        if not game.is_terminal(state):
            found.append(state)
    return found


def accuracy(runs: int, seconds: float) -> None:
    game = zs.games.ConnectFour()
    print(f"\nOverrun past a {seconds:g} s deadline, {runs} positions per agent (ms)")
    print("| agent | p50 | p99 | max | promised |\n| --- | ---: | ---: | ---: | ---: |")
    for name, build in AGENTS.items():
        agent = build()
        zs.arena.prepare_agent(agent, game)
        overruns = []
        for state in positions(runs):
            with budget.limit(seconds) as deadline:
                agent(game, state)
            assert deadline is not None
            overruns.append((time.perf_counter() - deadline) * 1000)
            if hasattr(agent, "reset"):
                agent.reset()
        cells = [percentile(overruns, 0.5), percentile(overruns, 0.99), max(overruns)]
        promised = seconds * 50 + 20
        print(f"| {name} | " + " | ".join(f"{x:+.1f}" for x in cells) + f" | {promised:.0f} |")


def latency(thinkers: int, requests: int, move_seconds: float) -> None:
    port = free_port()
    server = start_server(port, move_seconds)
    url = f"http://127.0.0.1:{port}"
    stop = threading.Event()
    moves = [0]

    def think(spec: str) -> None:
        with httpx.Client(base_url=url, timeout=60) as client, contextlib.suppress(httpx.HTTPError):
            while not stop.is_set():
                made = client.post(
                    "/api/games", json={"game": "connect4", "opponent": spec, "human": 2}
                )
                if made.is_success:
                    moves[0] += 1
                    client.delete(f"/api/games/{made.json()['id']}")

    workers = [
        threading.Thread(target=think, args=(THINKERS[i % len(THINKERS)],), daemon=True)
        for i in range(thinkers)
    ]
    try:
        with httpx.Client(base_url=url, timeout=10) as client:
            client.get("/api/catalog")
            for worker in workers:
                worker.start()
            time.sleep(2 * move_seconds)  # every host busy
            times = []
            for _ in range(requests):
                begin = time.perf_counter()
                assert client.get("/api/catalog").is_success
                times.append((time.perf_counter() - begin) * 1000)
                time.sleep(0.05)
        stop.set()
        cells = [percentile(times, p) for p in (0.5, 0.95, 0.99)]
        print(
            f"\nGET /api/catalog with {thinkers} long thinkers ({move_seconds:g} s cap), "
            f"{requests} requests, {moves[0]} computer moves meanwhile: p50 {cells[0]:.1f} ms, "
            f"p95 {cells[1]:.1f} ms, p99 {cells[2]:.1f} ms (goal: p95 under 100 ms)"
        )
    finally:
        stop.set()
        server.terminate()
        server.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    args = parser.parse_args()
    for seconds in (0.25,) if args.quick else (0.25, 1.0):
        accuracy(5 if args.quick else 40, seconds)
    latency(10, 20 if args.quick else 200, 2.0)


if __name__ == "__main__":
    main()
