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
from zerosum.games import Migration
from zerosum.games.migration.proof_folder import ProofFolder
from zerosum.games.migration.solver import position_wins
from zerosum.games.migration.split import JournalError, SplitRun, read_header
from zerosum.games.migration.split_proofs import check_jobs

SRC = str(Path(__file__).resolve().parents[3] / "src")


def job_lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()[1:]]


@pytest.mark.parametrize("n", [4, 5, 6])
def test_the_combined_value_is_the_solvers_from_the_start(n: int, tmp_path: Path) -> None:
    game = zs.games.Migration(n=n)
    run = SplitRun(game, game.initial_state, 3, tmp_path / "j.jsonl")
    wins, _, _ = position_wins(game, game.initial_state, 1 << 16)
    assert run.run(ThreadPoolExecutor(1), 1, 1 << 16) == wins


def kill_after_a_job(command: list[str], env: dict[str, str], journal: Path) -> None:
    """Run ``command`` and kill it with SIGKILL once its journal holds a settled job."""
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


def test_a_run_killed_with_sigkill_resumes_without_redoing_its_jobs(tmp_path: Path) -> None:
    # a table of two slots makes the three jobs of 6x6 two plies in take seconds
    journal = tmp_path / "run.jsonl"
    command = [sys.executable, "-m", "zerosum", "solve", "migration:n=6", "--split", "2"]
    command += ["--journal", str(journal), "--workers", "1", "--slots", "2"]
    env = {**os.environ, "PYTHONPATH": SRC}
    kill_after_a_job(command, env, journal)
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


def test_a_run_killed_with_sigkill_resumes_with_every_settled_job_proved(tmp_path: Path) -> None:
    journal, proofs = tmp_path / "run.jsonl", tmp_path / "proofs"
    command = [sys.executable, "-m", "zerosum", "solve", "migration:n=6", "--split", "2"]
    command += ["--journal", str(journal), "--workers", "1", "--slots", "2"]
    command += ["--proofs", str(proofs), "--proof", str(tmp_path / "whole.npz")]
    env = {**os.environ, "PYTHONPATH": SRC}
    kill_after_a_job(command, env, journal)
    before = job_lines(journal)
    assert 1 <= len(before) < 3 and all("proof" in line for line in before)
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"{len(before)} settled in {journal}, 0 of them to prove" in done.stderr
    after = job_lines(journal)
    assert after[: len(before)] == before and len(after) == 3
    game = zs.games.Migration(n=6)
    run = SplitRun(game, game.initial_state, 2, journal, proofs=ProofFolder(proofs))
    assert check_jobs(run, Migration).checked == 3
    assert "player 1 wins migration:n=6" in done.stdout


def test_an_old_journal_without_proofs_gets_them(tmp_path: Path) -> None:
    game = zs.games.Migration(n=6)
    journal, proofs = tmp_path / "j.jsonl", ProofFolder(tmp_path / "proofs")
    assert SplitRun(game, game.initial_state, 3, journal).run(ThreadPoolExecutor(1), 1, 64)
    old = journal.read_text().splitlines()
    assert not any("proof" in line for line in old)
    run = SplitRun(game, game.initial_state, 3, journal, proofs=proofs)
    assert len(run.unproved()) == len(old) - 1
    assert run.run(ThreadPoolExecutor(1), 1, 64) is True
    new = journal.read_text().splitlines()
    assert new[: len(old)] == old  # kept; each proof on a line of its own
    added = [json.loads(line) for line in new[len(old) :]]
    assert {tuple(line["state"]) for line in added} == set(run.done)
    assert all(set(line) == {"moves", "state", "wins", "proof"} for line in added)
    again = SplitRun(game, game.initial_state, 3, journal, proofs=proofs)
    assert again.unproved() == [] and again.first_moves() == run.first_moves()
    assert check_jobs(again, Migration).checked == len(again.done)


def test_a_proof_line_must_agree_with_its_job(tmp_path: Path) -> None:
    game = zs.games.Migration(n=5)
    path = tmp_path / "j.jsonl"
    SplitRun(game, game.initial_state, 2, path, proofs=ProofFolder(tmp_path)).run(
        ThreadPoolExecutor(1), 1, 64
    )
    header, first, *_ = path.read_text().splitlines()
    entry = json.loads(first)
    proof_line = {key: entry[key] for key in ("moves", "state", "wins", "proof")}
    path.write_text(f"{header}\n{json.dumps(proof_line)}\n")
    with pytest.raises(JournalError, match=rf"line 2: the proof of job {entry['moves']}, which is"):
        SplitRun(game, game.initial_state, 2, path)
    proof_line["wins"] = not entry["wins"]
    path.write_text(f"{header}\n{first}\n{json.dumps(proof_line)}\n")
    with pytest.raises(JournalError, match=r"line 3: job .* is settled both ways"):
        SplitRun(game, game.initial_state, 2, path)


def test_the_header_says_which_run_a_journal_is(tmp_path: Path) -> None:
    game = zs.games.Migration(n=5)
    SplitRun(game, game.initial_state, 2, tmp_path / "j.jsonl")
    header = read_header(tmp_path / "j.jsonl")
    assert (header["game"], header["split"]) == ("migration:n=5", 2)
    assert game.position(header["root"]) == game.initial_state
    (tmp_path / "x.jsonl").write_text('{"journal": "something else"}\n')
    with pytest.raises(JournalError, match="x.jsonl: its first line is not a Migration split"):
        read_header(tmp_path / "x.jsonl")
    with pytest.raises(JournalError, match="none.jsonl: cannot read the journal"):
        read_header(tmp_path / "none.jsonl")
    header["game"] = "pick:n=3"
    (tmp_path / "p.jsonl").write_text(json.dumps(header) + "\n")
    with pytest.raises(JournalError, match="p.jsonl: a journal of pick:n=3, not of Migration"):
        read_header(tmp_path / "p.jsonl")


def test_a_job_the_journal_got_wrong_is_caught_when_proved(tmp_path: Path) -> None:
    game = zs.games.Migration(n=5)
    path = tmp_path / "j.jsonl"
    SplitRun(game, game.initial_state, 2, path).run(ThreadPoolExecutor(1), 1, 64)
    header, first, *rest = path.read_text().splitlines()
    entry = json.loads(first)
    entry["wins"] = not entry["wins"]  # a false claim, as a bad solver or a hand would make
    path.write_text("\n".join([header, json.dumps(entry), *rest]) + "\n")
    run = SplitRun(game, game.initial_state, 2, path, proofs=ProofFolder(tmp_path / "p"))
    with pytest.raises(JournalError, match=rf"job {entry['moves']} is settled both ways"):
        run.run(ThreadPoolExecutor(1), 1, 64)
