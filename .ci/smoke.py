"""The smoke suite of the installed wheel (.ci/run): run by a Python whose ``zerosum`` is
the wheel installed in a fresh virtual environment outside the checkout, its package
folder read-only, it checks what a user does first. Prints 'N passed, N failed' and exits
1 if any check failed.

    python .ci/smoke.py
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import traceback
import urllib.request
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

import zerosum as zs
from zerosum import budget

BIN = Path(sys.executable).parent
README_COMMAND = (
    "tournament connect4 random mcts:iterations=2000,seed=1 alphabeta:depth=2 "
    "alphabeta:depth=4 -n 8"
).split()


def zerosum(*args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    """The installed ``zerosum`` command, run from a folder that holds no checkout."""
    return subprocess.run(
        [str(BIN / "zerosum"), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=Path.home() if os.access(Path.home(), os.W_OK) else "/",
    )


def check_installed_not_the_checkout() -> None:
    package = Path(zs.__file__).resolve().parent
    assert "site-packages" in package.parts, package
    assert not os.access(package, os.W_OK), f"{package} should be read-only for this check"


def check_version() -> None:
    done = zerosum("--version")
    assert done.returncode == 0, done.stderr
    assert (
        done.stdout == f"zerosum {metadata.version('zerosum')}\n" == f"zerosum {zs.__version__}\n"
    )


def check_package_data() -> None:
    package = Path(zs.__file__).resolve().parent
    for name in [
        "games/connect_four/data/connect4_7x6_book.npz",
        "games/connect_four/data/course_positions.json",
        "web/static/index.html",
        "web/static/app.js",
        "trace/static/trace.js",
        "py.typed",
    ]:
        assert (package / name).is_file(), name


def check_the_readmes_main_command() -> None:
    first = zerosum(*README_COMMAND)
    assert first.returncode == 0, first.stderr[-2000:]
    assert "Elo ratings" in first.stdout
    assert re.search(r"connect4\S*: 48 of 48 games played", first.stdout), first.stdout[-500:]


def check_compiled_code_is_cached_from_a_read_only_install() -> None:
    """A second process loads the searches the first compiled: it tells of no compiling."""
    args = ["play", "connect4", "--p1", "alphabeta:depth=3", "--p2", "mcts:iterations=200"]
    zerosum(*args, "--no-thinking")
    again = zerosum(*args, "--no-thinking")
    assert again.returncode == 0, again.stderr
    assert "compiling" not in again.stderr, again.stderr


def check_perfect_connect_four_answers_from_the_book() -> None:
    game = zs.games.ConnectFour()
    agent = zs.make_agent("perfect")
    started = time.perf_counter()
    with budget.limit(30):
        action = agent(game, game.initial_state)
    seconds = time.perf_counter() - started
    assert action == 3, action  # the centre column, the only winning first move
    assert agent.last is not None and agent.last.nodes == 0  # no search: the book's answer
    assert seconds < 10, seconds


def check_show_in_a_notebook() -> None:
    game = zs.games.TicTacToe()
    svg = zs.show(game, game.result(game.initial_state, 4), last=4)._repr_svg_()
    assert svg.startswith("<svg") and svg.count('data-action="') == 8
    match = zs.match(game, "minimax", "random", games=2, seed=1)
    assert "<table" in match._repr_html_()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def request(url: str, body: dict[str, object] | None = None, wait: float = 60) -> tuple[int, str]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if body is not None else {}
    req = urllib.request.Request(url, data=data, headers=headers)
    with urllib.request.urlopen(req, timeout=wait) as answer:
        return answer.status, answer.read().decode()


def check_serve_answers_its_page_and_a_move() -> None:
    port = free_port()
    server = subprocess.Popen(
        [str(BIN / "zerosum"), "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                status, page = request(f"{base}/")
                break
            except OSError:
                assert server.poll() is None, server.stdout.read() if server.stdout else ""
                time.sleep(0.2)
        else:
            raise AssertionError("zerosum serve did not answer within a minute")
        assert status == 200 and "<html" in page.lower()
        status, script = request(f"{base}/static/app.js")
        assert status == 200 and len(script) > 1000
        status, body = request(
            f"{base}/api/games", {"game": "tictactoe", "opponent": "random", "human": 1}
        )
        assert status == 201, body
        game_id = json.loads(body)["id"]
        # On a new machine the server's workers first compile every game's search (minutes
        # on two busy cores), and the reply waits for a free worker.
        move = {"action": "4"}
        status, body = request(f"{base}/api/games/{game_id}/moves", move, wait=900)
        view = json.loads(body)
        assert status == 200 and [m["by"] for m in view["moves"]] == ["you", "agent"], view
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            raise AssertionError("zerosum serve did not stop within 30 s of SIGTERM") from None


CHECKS: list[Callable[[], None]] = [
    check_installed_not_the_checkout,
    check_version,
    check_package_data,
    check_the_readmes_main_command,
    check_compiled_code_is_cached_from_a_read_only_install,
    check_perfect_connect_four_answers_from_the_book,
    check_show_in_a_notebook,
    check_serve_answers_its_page_and_a_move,
]


def main() -> int:
    failed = 0
    for check in CHECKS:
        started = time.perf_counter()
        try:
            check()
        except Exception:
            failed += 1
            print(f"FAILED {check.__name__}\n{traceback.format_exc()}", flush=True)
        else:
            print(f"ok {check.__name__} ({time.perf_counter() - started:.1f} s)", flush=True)
    print(f"smoke: {len(CHECKS) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
