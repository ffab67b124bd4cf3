"""Split Migration solves (``games/migration/split.py``): jobs journaled as they settle, a
run killed with SIGKILL resumed without redoing them, another run's journal refused."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import zerosum as zs
from zerosum.games.migration.solver import position_wins
from zerosum.games.migration.split import JournalError, SplitRun

SRC = str(Path(__file__).resolve().parents[3] / "src")


def job_lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()[1:]]


@pytest.mark.parametrize("n", [4, 5, 6])
def test_the_combined_value_is_the_solvers_from_the_start(n: int, tmp_path: Path) -> None:
    game = zs.games.Migration(n=n)
    run = SplitRun(game, game.initial_state, 3, tmp_path / "j.jsonl")
    wins, _, _ = position_wins(game, game.initial_state, 1 << 16)
    assert run.run(ThreadPoolExecutor(1), 1, 1 << 16) == wins


def test_a_run_killed_with_sigkill_resumes_without_redoing_its_jobs(tmp_path: Path) -> None:
    # a table of two slots makes the three jobs of 6x6 two plies in take seconds
    journal = tmp_path / "run.jsonl"
    command = [sys.executable, "-m", "zerosum", "solve", "migration:n=6", "--split", "2"]
    command += ["--journal", str(journal), "--workers", "1", "--slots", "2"]
    env = {**os.environ, "PYTHONPATH": SRC}
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        started = time.monotonic()
        while not journal.exists() or len(journal.read_text().splitlines()) < 2:
            assert process.poll() is None and time.monotonic() - started < 120
            time.sleep(0.01)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    assert process.returncode == -signal.SIGKILL
    before = job_lines(journal)
    assert 1 <= len(before) < 3  # killed mid-run
    with journal.open("ab") as file:  # and cut short while writing a line
        file.write(b'{"moves": "3,1>3,2 4')
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"{len(before)} settled in" in done.stderr
    assert "player 1 to move wins" in done.stdout
    after = job_lines(journal)
    assert after[: len(before)] == before
    states = [tuple(line["state"]) for line in after]  # type: ignore[arg-type]
    assert len(states) == len(set(states)) == 3


def test_another_runs_journal_is_refused(tmp_path: Path) -> None:
    game = zs.games.Migration(n=5)
    path = tmp_path / "j.jsonl"
    SplitRun(game, game.initial_state, 2, path).run(ThreadPoolExecutor(1), 1, 64)
    kept = path.read_bytes()
    with pytest.raises(JournalError, match=r"another run: split 2 there, 3 here"):
        SplitRun(game, game.initial_state, 2 + 1, path)
    with pytest.raises(JournalError, match=r"game 'migration:n=5' there, 'migration:n=6' here"):
        SplitRun(zs.games.Migration(n=6), zs.games.Migration(n=6).initial_state, 2, path)
    assert path.read_bytes() == kept  # nothing lost


def test_a_damaged_line_before_the_last_is_refused(tmp_path: Path) -> None:
    game = zs.games.Migration(n=5)
    path = tmp_path / "j.jsonl"
    SplitRun(game, game.initial_state, 2, path)
    path.write_text(path.read_text() + "{oops\n" + "{}\n")
    with pytest.raises(JournalError, match=r"line 2: not JSON"):
        SplitRun(game, game.initial_state, 2, path)


def test_each_first_move_says_whether_it_is_settled(tmp_path: Path) -> None:
    game = zs.games.Migration(n=5)
    run = SplitRun(game, game.initial_state, 2, tmp_path / "j.jsonl")
    run.run(ThreadPoolExecutor(1), 1, 64)
    rows = {row["move"]: row for row in run.first_moves()}
    assert rows["2,1>2,2"]["settled"] and rows["2,1>2,2"]["wins"]  # 5x5's winning move
    assert all(row["wins"] in (None, False) for m, row in rows.items() if m != "2,1>2,2")
    assert rows["2,1>2,2"]["machines"] and rows["2,1>2,2"]["positions"] >= 0
