"""``kill -9`` of a command leaves none of its processes behind: pool workers, agent hosts,
the fork server and the book's solving workers all end with it (real processes, watched
through /proc)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[2] / "src")

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


def _parent(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] == "Z" else int(fields[1])


def descendants(pid: int) -> set[int]:
    """Every live process below ``pid``."""
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit() and (parent := _parent(int(name))) is not None:
            children.setdefault(parent, []).append(int(name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pids: set[int]) -> set[int]:
    return {pid for pid in pids if _parent(pid) is not None}


def kill_9_leaves_nothing(args: list[str], at_least: int) -> None:
    """Start ``zerosum ARGS``, wait until it has ``at_least`` processes below it, kill -9 it
    and check they all end within 3 s."""
    env = {**os.environ, "PYTHONPATH": SRC}
    run = subprocess.Popen(
        [sys.executable, "-m", "zerosum", *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while len(below := descendants(run.pid)) < at_least:
            assert run.poll() is None, "the command ended before it could be killed"
            assert time.monotonic() < deadline, f"only {len(below)} processes started"
            time.sleep(0.05)
        time.sleep(1)  # at work
        below = descendants(run.pid)
        os.kill(run.pid, signal.SIGKILL)
        run.wait(10)
        deadline = time.monotonic() + 3
        while alive(below) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert alive(below) == set(), f"still running after kill -9 of their parent: {below}"
    finally:
        try:
            os.killpg(run.pid, signal.SIGKILL)  # whatever outlived it, for the next tests
        except ProcessLookupError:
            pass


def test_kill_9_of_a_tournament_ends_its_workers_hosts_and_fork_server() -> None:
    # two pool workers, each with an agent host (a move time), the fork server, the
    # resource tracker
    args = ["tournament", "connect4:width=5,height=4", "mcts:iterations=200000", "random"]
    kill_9_leaves_nothing([*args, "-n", "40", "--workers", "2", "--move-time", "3"], 6)


def test_kill_9_of_a_book_build_ends_its_solving_workers(tmp_path: Path) -> None:
    args = ["book", "--plies", "7", "--exact-plies", "7", "--journals", str(tmp_path)]
    kill_9_leaves_nothing([*args, "--out", str(tmp_path / "b.npz"), "--workers", "2"], 4)
