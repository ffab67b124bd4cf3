"""Load check of ``zerosum serve``: concurrent simulated players on loopback.

Starts the server as its own process on 127.0.0.1 (unless ``--url`` names one already
running there), lets ``--players`` players each play ``--games`` games through the JSON API
(new game, a random legal move at a time until the end, delete), and reports requests per
second, latency percentiles (p50, p95, p99), the computer replies that were not the
agent's own (``replaced`` in the answer: the agent failed, or ran past the cap; their
notes are counted by kind), and memory: the resident memory of the server and its agent
hosts, sampled during the run, less what it was before the players came, per player.
Every loop is bounded; the run stops by itself. Exits 1 if any reply was replaced.

    python benchmarks/web_load.py                        # 50 players x 4 tic-tac-toe games
    python benchmarks/web_load.py --game connect4 --opponent alphabeta:depth=4
    python benchmarks/web_load.py --players 5 --games 1  # a quick check
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx
import psutil

SRC = str(Path(__file__).resolve().parents[1] / "src")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(port: int, move_seconds: float) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    command = [sys.executable, "-m", "zerosum", "serve", "--port", str(port)]
    # each player stands for a client of its own behind a proxy (the cap is 20 per client)
    command += ["--move-seconds", str(move_seconds), "--trusted-proxy", "127.0.0.1"]
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


class Tally:
    """What the players saw: request latencies, errors, agent replies and the notes of those
    that were not the agent's own."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.replies = 0
        self.replaced: collections.Counter[str] = collections.Counter()

    def reply(self, view: dict[str, object]) -> None:
        search = view.get("search")
        moves = view.get("moves")
        if not isinstance(search, dict) or not isinstance(moves, list) or not moves:
            return
        if moves[-1]["by"] != "agent":
            return
        self.replies += 1
        # (servers before "replaced" only said so in the note)
        if search.get("replaced", "played instead" in str(search.get("note"))):
            # the kind of failure, without the game's id: "the agent failed: KeyError"
            self.replaced[str(search["note"]).split(":")[0]] += 1


async def player(
    client: httpx.AsyncClient, args: argparse.Namespace, seed: int, tally: Tally
) -> None:
    rng = random.Random(seed)
    address = {"X-Forwarded-For": f"10.0.{seed // 256}.{seed % 256}"}

    async def call(method: str, path: str, body: dict[str, object] | None = None) -> httpx.Response:
        begin = time.perf_counter()
        response = await client.request(method, path, json=body, headers=address)
        tally.latencies.append(time.perf_counter() - begin)
        if response.is_error:
            tally.errors.append(f"{method} {path}: {response.status_code} {response.text[:100]}")
        return response

    for _ in range(args.games):
        created = await call("POST", "/api/games", {"game": args.game, "opponent": args.opponent})
        if created.is_error:
            continue
        view = created.json()
        tally.reply(view)
        for _ in range(1000):  # longer than any game: a bound, not a limit
            if view["over"]:
                break
            moved = await call(
                "POST", f"/api/games/{view['id']}/moves", {"action": rng.choice(view["legal"])}
            )
            if moved.is_error:
                break
            view = moved.json()
            tally.reply(view)
        await call("DELETE", f"/api/games/{view['id']}")


def resident_mb(process: psutil.Process) -> float:
    """The resident memory of ``process`` and all its descendants (the agent hosts), in MB."""
    total = 0
    for each in [process, *process.children(recursive=True)]:
        try:
            total += each.memory_info().rss
        except psutil.Error:  # a host that just ended
            continue
    return total / 2**20


async def sample_memory(process: psutil.Process, peaks: list[float]) -> None:
    while True:
        peaks.append(resident_mb(process))
        await asyncio.sleep(0.5)


async def run(
    args: argparse.Namespace, url: str, server: psutil.Process | None
) -> tuple[Tally, float, list[float]]:
    tally = Tally()
    samples: list[float] = []
    limits = httpx.Limits(max_connections=args.players)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as client:
        # one game first, uncounted: the agent hosts started and the agent's code loaded
        await player(
            client, argparse.Namespace(**{**vars(args), "games": 1}), args.players, Tally()
        )
        before = resident_mb(server) if server is not None else 0.0
        begin = time.perf_counter()
        sampler = asyncio.ensure_future(sample_memory(server, samples)) if server else None
        players = [player(client, args, seed, tally) for seed in range(args.players)]
        try:
            await asyncio.wait_for(asyncio.gather(*players), args.max_seconds)
        finally:
            if sampler is not None:
                sampler.cancel()
        return tally, time.perf_counter() - begin, [before, *samples]


def percentile(ordered: list[float], share: float) -> float:
    return ordered[round(share * (len(ordered) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--games", type=int, default=4, help="games per player")
    parser.add_argument("--game", default="tictactoe")
    parser.add_argument("--opponent", default="random", help="the computer's agent spec")
    parser.add_argument("--move-seconds", type=float, default=5.0, help="the server's cap")
    parser.add_argument(
        "--url", help="a server already running on loopback (--trusted-proxy 127.0.0.1)"
    )
    parser.add_argument("--max-seconds", type=float, default=300, help="stop after this long")
    args = parser.parse_args()
    server, process = None, None
    if args.url:
        host = httpx.URL(args.url).host
        if host not in ("127.0.0.1", "localhost", "::1"):
            raise SystemExit("load checks run against loopback servers only")
        url = args.url
    else:
        port = free_port()
        server = start_server(port, args.move_seconds)
        process = psutil.Process(server.pid)
        url = f"http://127.0.0.1:{port}"
    try:
        tally, seconds, samples = asyncio.run(run(args, url, process))
    finally:
        if server is not None:
            server.terminate()
            server.wait(10)
    ordered = sorted(tally.latencies)
    ms = {share: percentile(ordered, share) * 1000 for share in (0.95, 0.99)}
    print(
        f"{args.players} players x {args.games} {args.game} games vs {args.opponent}: "
        f"{len(ordered)} requests in {seconds:.1f} s = {len(ordered) / seconds:.0f} req/s; "
        f"latency p50 {statistics.median(ordered) * 1000:.1f} ms, p95 {ms[0.95]:.1f} ms, "
        f"p99 {ms[0.99]:.1f} ms, max {ordered[-1] * 1000:.1f} ms; errors {len(tally.errors)}"
    )
    replaced = sum(tally.replaced.values())
    print(f"computer replies {tally.replies}, replaced {replaced}: {dict(tally.replaced)}")
    if len(samples) > 1:
        before, peak = samples[0], max(samples[1:])
        print(
            f"memory (server and agent hosts, resident): {before:.0f} MB after one game, peak "
            f"{peak:.0f} MB, {(peak - before) / args.players:.1f} MB per player"
        )
    for error in tally.errors[:5]:
        print("  ", error)
    if replaced:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
