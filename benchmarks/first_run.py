"""A first run on a fresh machine against the same run once compiled (issue #28, item 3).

What a person meets, each timed from the moment the command starts, in fresh
processes: cold with an empty numba cache (``NUMBA_CACHE_DIR`` a new folder each run),
warm on a cache a cold run filled. Prints each one's medians, their ratio and the goal:

- ``readme``: the README's quick-start tournament (its first command), until it exits;
- ``play``: ``zerosum play connect4 --p2 perfect``, a person playing column 4 at once,
  until the computer's reply is printed;
- ``play-ab`` and ``play-c4``: the same with ``zerosum play tictactoe --p2
  alphabeta:depth=4`` (the centre) and ``zerosum play connect4 --p2 alphabeta`` (column 4),
  whose first replies on a fresh machine are their Python stand-ins' while the compiled
  search compiles in the background (the issue gives them no goal: ``play``'s is shown);
- ``solve``: ``zerosum solve tictactoe``, until it exits;
- ``page``: ``zerosum serve``, then the game the page offers first (read from its catalog:
  Connect Four against ``alphabeta:depth=4``, the person first) and the person's first
  move, until the computer's reply comes back.

Issue #39, item 3 (a first run at most 4x its warm run; tic-tac-toe and Pick 3 within 2 s
of a command's or a server's start; the page's first reply within its 5 s cap):

- ``solve-c4``: ``zerosum solve connect4 --moves 4671146221161364``, 16 stones, past the
  opening book, until it exits (4x only);
- ``explain-ttt``, ``explain-mcts``, ``explain-pick3``, ``grade-ttt``, ``solve-pick3``:
  ``zerosum explain``, ``grade`` and ``solve`` on tic-tac-toe and Pick 3, until they exit;
- ``play-perfect``: ``zerosum play tictactoe --p2 perfect``, the centre typed at once,
  until the reply;
- ``page-GAME-AGENT``: ``zerosum serve``, then a new game of GAME against AGENT (the
  person first: its first legal move), until the computer's reply comes back: on
  tic-tac-toe and Pick 3 within 2 s (and the second "MCTS, 1 s" is told to think),
  elsewhere within the page's 5 s cap (a reply the cap replaced by a random move is said
  on a line of its own).

    PYTHONPATH=src python benchmarks/first_run.py                     # all, 3 runs each
    PYTHONPATH=src python benchmarks/first_run.py --only solve play --runs 1
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable

ZEROSUM = [sys.executable, "-m", "zerosum"]
README = ["tournament", "connect4", "random", "mcts:iterations=2000,seed=1",
          "alphabeta:depth=2", "alphabeta:depth=4", "-n", "8"]  # fmt: skip
#: Seconds each first run may take (issues #28 and #39; None: no limit of its own), and at
#: most :data:`RATIO` times its warm run. (``play-c4`` has none: its alpha-beta, given no
#: depth, thinks until its move time.)
GOALS: dict[str, float | None] = {"readme": 5.0, "play": 3.0, "play-ab": 3.0, "solve": 2.0,
                                  "page": 2.0, "solve-c4": None}  # fmt: skip
RATIO = 4.0
#: Seconds a first run on tic-tac-toe or Pick 3 may take (issue #39), and the page's cap.
TINY, CAP = 2.0, 5.0


def _env(cache: str) -> dict[str, str]:
    return {**os.environ, "NUMBA_CACHE_DIR": cache}


def run_command(args: list[str]) -> Callable[[str], float]:
    """A probe: seconds until ``zerosum ARGS`` exits (it must succeed)."""

    def probe(cache: str) -> float:
        start = time.perf_counter()
        subprocess.run([*ZEROSUM, *args], env=_env(cache), check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        return time.perf_counter() - start

    return probe


def play_reply(game: str, opponent: str, move: str) -> Callable[[str], float]:
    """A probe: seconds from starting ``zerosum play GAME --p2 OPPONENT`` to its first
    reply, the person's ``move`` typed at once."""

    def probe(cache: str) -> float:
        start = time.perf_counter()
        process = subprocess.Popen(
            [*ZEROSUM, "play", game, "--p2", opponent], env=_env(cache), text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(f"{move}\n")
        process.stdin.flush()
        try:
            for line in process.stdout:
                if line.startswith("Player 2 plays"):
                    return time.perf_counter() - start
            raise RuntimeError("zerosum play ended without a reply")
        finally:
            process.kill()
            process.wait()

    return probe


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _post(url: str, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(url, json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})  # fmt: skip
    with urllib.request.urlopen(request, timeout=300) as response:
        return json.loads(response.read())  # type: ignore[no-any-return]


def page_default(base: str) -> dict[str, object]:
    """The game the page offers first, as it picks it (static/app.js): the catalog's first
    game, its first alpha-beta preset, the person first."""
    with urllib.request.urlopen(f"{base}/api/catalog", timeout=30) as response:
        catalog = json.loads(response.read())
    specs = [preset["spec"] for preset in catalog["presets"]]
    opponent = next((spec for spec in specs if spec.startswith("alphabeta")), specs[0])
    return {"game": catalog["games"][0]["name"], "opponent": opponent, "human": 1}


def page_reply(cache: str) -> float:
    """Seconds from starting ``zerosum serve`` to the computer's first move on the page's
    default game, the person's first move sent as soon as the server answers."""
    return _page_reply(cache, page_default)


def page_game(game: str, opponent: str) -> Callable[[str], float]:
    """A probe: seconds from starting ``zerosum serve`` to the computer's reply to the
    person's first move (its first legal one) in a new game of ``game`` against
    ``opponent``."""

    def probe(cache: str) -> float:
        return _page_reply(cache, lambda base: {"game": game, "opponent": opponent, "human": 1})

    return probe


def _page_reply(cache: str, new_game: Callable[[str], dict[str, object]]) -> float:
    """Seconds from starting ``zerosum serve`` to the computer's reply to the person's first
    move in the game ``new_game(base)`` describes, sent as soon as the server answers."""
    port = _free_port()
    start = time.perf_counter()
    server = subprocess.Popen([*ZEROSUM, "serve", "--port", str(port)], env=_env(cache),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/catalog", timeout=5).close()
                break
            except OSError:
                if server.poll() is not None:
                    raise RuntimeError("zerosum serve ended") from None
                time.sleep(0.02)
        game = _post(f"{base}/api/games", new_game(base))
        legal = game["legal"]
        assert isinstance(legal, list)
        view = _post(f"{base}/api/games/{game['id']}/moves", {"action": legal[0]})
        seconds = time.perf_counter() - start
        search = view.get("search")
        if isinstance(search, dict) and search.get("replaced"):
            print(f"  (replaced after {seconds:.1f} s: {search.get('note')})", flush=True)
        return seconds
    finally:
        server.terminate()
        server.wait()


PROBES: dict[str, Callable[[str], float]] = {
    "readme": run_command(README),
    "play": play_reply("connect4", "perfect", "4"),
    "play-ab": play_reply("tictactoe", "alphabeta:depth=4", "4"),
    "play-c4": play_reply("connect4", "alphabeta", "4"),
    "solve": run_command(["solve", "tictactoe"]),
    "page": page_reply,
    "solve-c4": run_command(["solve", "connect4", "--moves", "4671146221161364"]),
    "explain-ttt": run_command(["explain", "tictactoe", "alphabeta", "--moves", "4"]),
    "explain-mcts": run_command(["explain", "tictactoe", "mcts:iterations=200", "--moves", "4"]),
    "explain-pick3": run_command(["explain", "pick:n=3", "alphabeta", "--moves", "5"]),
    "grade-ttt": run_command(
        ["grade", "tictactoe", "alphabeta:depth=3", "mcts:iterations=100", "perfect"]
    ),  # fmt: skip
    "solve-pick3": run_command(["solve", "pick:n=3"]),
    "play-perfect": play_reply("tictactoe", "perfect", "4"),
}
#: The page's first reply on a fresh server (issue #39): tic-tac-toe and Pick 3 against
#: each kind of opponent the page offers, and the issue's slowest cases elsewhere.
PAGE = {
    "page-ttt-perfect": ("tictactoe", "perfect"),
    "page-ttt-mcts": ("tictactoe", "mcts:time_limit=1"),
    "page-ttt-ab": ("tictactoe", "alphabeta:depth=4"),
    "page-pick3-perfect": ("pick:n=3", "perfect"),
    "page-pick3-mcts": ("pick:n=3", "mcts:time_limit=1"),
    "page-pick3-ab": ("pick:n=3", "alphabeta:depth=4"),
    "page-c4-perfect": ("connect4", "perfect"),
    "page-c4-mcts": ("connect4", "mcts:time_limit=1"),
    "page-mig5-perfect": ("migration:n=5", "perfect"),
    "page-pick4-mcts": ("pick:n=4", "mcts:time_limit=1"),
}
PROBES.update({name: page_game(*what) for name, what in PAGE.items()})
#: tic-tac-toe and Pick 3 within 2 s, plus the second MCTS is told to think; others the cap
GOALS.update({name: CAP for name in PAGE})
GOALS.update({name: TINY + (1.0 if "mcts" in name else 0.0)
              for name in PAGE if "ttt" in name or "pick3" in name})  # fmt: skip
GOALS.update(dict.fromkeys(["explain-ttt", "explain-mcts", "explain-pick3", "grade-ttt",
                            "solve-pick3", "play-perfect"], TINY))  # fmt: skip


def measure(probe: Callable[[str], float], runs: int) -> tuple[list[float], list[float]]:
    """``runs`` cold and ``runs`` warm seconds of ``probe``: each cold run on a new empty
    cache, each warm run on the cache the first cold run filled."""
    cold, warm, folders = [], [], []
    try:
        for _ in range(runs):
            folders.append(tempfile.mkdtemp(prefix="zerosum-numba-"))
            cold.append(probe(folders[-1]))
        for _ in range(runs):
            warm.append(probe(folders[0]))
    finally:
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)
    return cold, warm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=sorted(PROBES), default=list(PROBES))
    parser.add_argument("--runs", type=int, default=3, help="cold and warm runs of each (3)")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; medians of {args.runs}")
    print(f"{'':18} {'cold s':>7} {'warm s':>7} {'ratio':>6}  goal")
    for name in args.only:
        cold, warm = measure(PROBES[name], args.runs)
        c, w = statistics.median(cold), statistics.median(warm)
        verdict = "-"
        if name in GOALS:
            goal = GOALS[name]
            met = c <= RATIO * w and (goal is None or c <= goal)
            within = "" if goal is None else f"{goal:g} s and "
            verdict = f"{within}{RATIO:g}x: {'met' if met else 'short'}"
        print(f"{name:18} {c:7.2f} {w:7.2f} {c / w:6.1f}  {verdict}", flush=True)


if __name__ == "__main__":
    main()
