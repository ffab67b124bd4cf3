"""SIGTERM and Ctrl-C stop ``match``, ``tournament`` and ``solve`` within 2 s, with the
journal intact and resumable."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path

import pytest

from processes import Command, wait_until

# every test here times how soon a signal stops a command: run alone (scripts/test.sh)
pytestmark = pytest.mark.alone

SMALL = "connect4:width=5,height=4"
# games of about a tenth of a second each once the workers are up
SLOW = "mcts:iterations=3000,seed=1"


def journal_games(path: Path) -> list[tuple[str, str, int]]:
    """The (agent a, agent b, index) of every game line; each line must be whole JSON."""
    text = path.read_text()
    assert text.endswith("\n"), "the journal's last line is cut off"
    lines = text.splitlines()
    assert json.loads(lines[0])["format"] == "zerosum-journal/1"
    return [(g["a"], g["b"], g["index"]) for g in map(json.loads, lines[1:])]


def test_sigterm_stops_a_tournament_and_the_same_command_resumes(tmp_path: Path) -> None:
    journal = tmp_path / "games.jsonl"
    args = ("tournament", SMALL, SLOW, "random", "mcts:iterations=500,seed=2", "-n", "6")
    args += ("--workers", "2", "--journal", str(journal))
    run = Command(*args)
    try:
        wait_until(lambda: len(journal_lines(journal)) >= 3, 60, "two finished games")
        seconds = run.stop(signal.SIGTERM)
    finally:
        run.kill()
    _, err = run.output()
    assert seconds < 2
    assert run.process.returncode == 143, err
    kept = journal_games(journal)
    assert 2 <= len(kept) < 18
    assert f"interrupted: {len(kept)} games kept in {journal}; run the same command" in err
    assert "Traceback" not in err

    again = Command(*args)
    assert again.wait(120) == 0, again.output()[1]
    out, _ = again.output()
    played = journal_games(journal)
    assert played[: len(kept)] == kept and len(played) == len(set(played)) == 18
    assert any("18 of 18 games played" in line for line in out)


def journal_lines(path: Path) -> list[str]:
    return path.read_text().splitlines() if path.exists() else []


def test_ctrl_c_stops_a_match_without_waiting_for_its_games(tmp_path: Path) -> None:
    journal = tmp_path / "games.jsonl"
    endless = "mcts:iterations=10000000"  # a move takes far longer than the test
    run = Command(
        "match", SMALL, endless, "random", "-n", "4", "--workers", "2", "--journal", str(journal)
    )
    try:
        time.sleep(3)  # the workers are up and playing
        assert run.process.poll() is None, run.output()[1]
        seconds = run.stop(signal.SIGINT, group=True)  # as a terminal's Ctrl-C
    finally:
        run.kill()
    _, err = run.output()
    assert seconds < 2
    assert run.process.returncode == 130, err
    assert journal_games(journal) == []
    assert f"interrupted: 0 games kept in {journal}; run the same command to resume" in err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err  # workers kept quiet


def test_sigterm_stops_a_long_compiled_solve(tmp_path: Path) -> None:
    # a 7x7 board has no opening book: its columns need minutes of compiled work
    run = Command("solve", "connect4:width=7,height=7", "--moves", "76774444")
    try:
        time.sleep(1.5)
        assert run.process.poll() is None, "the solve ended early"
        seconds = run.stop(signal.SIGTERM)
    finally:
        run.kill()
    assert seconds < 2
    # ended by the signal itself inside compiled code, or by exit status 143 before it
    assert run.process.returncode in (-signal.SIGTERM, 128 + signal.SIGTERM)
