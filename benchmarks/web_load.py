"""Load check of ``zerosum serve``: concurrent simulated players on loopback.

Starts the server as its own process on 127.0.0.1 (unless ``--url`` names one already
running there), lets ``--players`` players each play ``--games`` games through the JSON API
(new game, a random legal move at a time until the end, delete), and reports requests per
second and latency percentiles. Every loop is bounded; the run stops by itself.

    python benchmarks/web_load.py                       # 50 players x 4 tic-tac-toe games
    python benchmarks/web_load.py --players 5 --games 1 # a quick check
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

SRC = str(Path(__file__).resolve().parents[1] / "src")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(port: int, move_seconds: float = 5.0) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    command = [sys.executable, "-m", "zerosum", "serve", "--port", str(port)]
    command += ["--move-seconds", str(move_seconds)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=env, text=True)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=2)
            return server
        except httpx.TransportError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("the server did not come up within 20 s")


async def player(
    client: httpx.AsyncClient,
    args: argparse.Namespace,
    seed: int,
    latencies: list[float],
    errors: list[str],
) -> None:
    rng = random.Random(seed)

    async def call(method: str, path: str, body: dict[str, object] | None = None) -> httpx.Response:
        begin = time.perf_counter()
        response = await client.request(method, path, json=body)
        latencies.append(time.perf_counter() - begin)
        if response.is_error:
            errors.append(f"{method} {path}: {response.status_code} {response.text[:100]}")
        return response

    for _ in range(args.games):
        created = await call("POST", "/api/games", {"game": args.game, "opponent": args.opponent})
        if created.is_error:
            continue
        view = created.json()
        for _ in range(1000):  # longer than any game: a bound, not a limit
            if view["over"]:
                break
            moved = await call(
                "POST", f"/api/games/{view['id']}/moves", {"action": rng.choice(view["legal"])}
            )
            if moved.is_error:
                break
            view = moved.json()
        await call("DELETE", f"/api/games/{view['id']}")


async def run(args: argparse.Namespace, url: str) -> tuple[list[float], list[str], float]:
    latencies: list[float] = []
    errors: list[str] = []
    limits = httpx.Limits(max_connections=args.players)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=30) as client:
        begin = time.perf_counter()
        players = [player(client, args, seed, latencies, errors) for seed in range(args.players)]
        await asyncio.wait_for(asyncio.gather(*players), args.max_seconds)
        return latencies, errors, time.perf_counter() - begin


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--games", type=int, default=4, help="games per player")
    parser.add_argument("--game", default="tictactoe")
    parser.add_argument("--opponent", default="random", help="a fast agent spec")
    parser.add_argument("--url", help="a server already running on loopback")
    parser.add_argument("--max-seconds", type=float, default=300, help="stop after this long")
    args = parser.parse_args()
    server = None
    if args.url:
        host = httpx.URL(args.url).host
        if host not in ("127.0.0.1", "localhost", "::1"):
            raise SystemExit("load checks run against loopback servers only")
        url = args.url
    else:
        port = free_port()
        server = start_server(port)
        url = f"http://127.0.0.1:{port}"
    try:
        latencies, errors, seconds = asyncio.run(run(args, url))
    finally:
        if server is not None:
            server.terminate()
            server.wait(10)
    ordered = sorted(latencies)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    print(
        f"{args.players} players x {args.games} {args.game} games vs {args.opponent}: "
        f"{len(latencies)} requests in {seconds:.1f} s = {len(latencies) / seconds:.0f} req/s; "
        f"latency median {statistics.median(ordered) * 1000:.1f} ms, "
        f"p95 {p95 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms; errors {len(errors)}"
    )
    for error in errors[:5]:
        print("  ", error)


if __name__ == "__main__":
    main()
