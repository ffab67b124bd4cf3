"""The journal: resume after kill -9, refuse another run's journal, drop a cut-off line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import zerosum as zs
from zerosum.arena.journal import JournalError

ROOT = Path(__file__).resolve().parents[2]
C4 = "connect4:width=5,height=4"
AGENTS = ["random", "dummy", "minimax:depth=1"]


def outcomes(result) -> list[tuple]:
    return [
        (g.a, g.b, g.index, g.first, g.seed, g.note, g.record and g.record.actions)
        for g in result.games
    ]


def test_a_finished_journal_replays_nothing(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    first = zs.tournament(C4, AGENTS, 4, seed=3, journal=path)
    lines = path.read_text().splitlines()
    assert len(lines) == 1 + 12 and json.loads(lines[0])["agents"] == AGENTS
    again = zs.tournament(C4, AGENTS, 4, seed=3, journal=path)
    assert again.settings["resumed"] == 12 and outcomes(again) == outcomes(first)
    assert again.standings == first.standings and again.ratings == first.ratings
    assert len(path.read_text().splitlines()) == 13  # nothing appended


def test_more_games_extend_a_journal(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    zs.tournament(C4, AGENTS, 2, seed=3, journal=path)
    longer = zs.tournament(C4, AGENTS, 4, seed=3, journal=path)
    assert longer.settings["resumed"] == 6
    assert outcomes(longer) == outcomes(zs.tournament(C4, AGENTS, 4, seed=3))


def test_a_cut_off_last_line_is_dropped_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    whole = zs.tournament(C4, AGENTS, 2, seed=3, journal=path)
    path.write_text(path.read_text()[:-40])  # died in the middle of writing the last game
    with pytest.warns(RuntimeWarning, match="last line is incomplete"):
        again = zs.tournament(C4, AGENTS, 2, seed=3, journal=path)
    assert again.settings["resumed"] == 5 and outcomes(again) == outcomes(whole)
    assert all(json.loads(line) for line in path.read_text().splitlines())


@pytest.mark.parametrize(
    "change, message",
    [
        ({"agents": ["random", "dummy"]}, "agents: journal has"),
        ({"game": "tictactoe"}, "game: journal has 'connect4:width=5,height=4,k=4'"),
        ({"seed": 4}, "seed: journal has 3, this run 4"),
    ],
)
def test_a_journal_of_another_run_is_refused(tmp_path: Path, change: dict, message: str) -> None:
    path = tmp_path / "games.jsonl"
    zs.tournament(C4, AGENTS, 2, seed=3, journal=path)
    before = path.read_text()
    args = {"game": C4, "agents": AGENTS, "seed": 3} | change
    with pytest.raises(JournalError, match=message):
        zs.tournament(args["game"], args["agents"], 2, seed=args["seed"], journal=path)
    assert path.read_text() == before  # left as it was


def test_a_file_that_is_not_a_journal_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n")
    with pytest.raises(JournalError, match="is not a zerosum journal"):
        zs.match(C4, "dummy", "random", games=2, journal=path)
    assert path.read_text() == "my notes\n"


SCRIPT = """
import sys
import zerosum as zs
from arena_agents import Slow
zs.tournament("tictactoe", {"slow": Slow(0.004), "dummy": "dummy", "random": "random"}, 20,
              seed=5, random_opening=1, workers=2, journal=sys.argv[1])
"""


def test_kill_9_then_the_same_command_resumes_to_the_same_results(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests")])}
    command = [sys.executable, "-c", SCRIPT, str(path)]
    run = subprocess.Popen(command, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and run.poll() is None:
            if path.exists() and path.read_text().count("\n") >= 15:
                break
            time.sleep(0.01)
        assert run.poll() is None, "the run ended before it could be killed"
        os.kill(run.pid, signal.SIGKILL)
        run.wait(10)
    finally:
        try:
            os.killpg(run.pid, signal.SIGKILL)  # its worker processes, if any outlived it
        except ProcessLookupError:
            pass
    kept = path.read_text().count("\n") - 1
    assert 14 <= kept < 60
    subprocess.run(command, env=env, check=True, timeout=120)
    from arena_agents import Slow

    agents = {"slow": Slow(0.0), "dummy": "dummy", "random": "random"}
    resumed = zs.tournament("tictactoe", agents, 20, seed=5, random_opening=1, journal=path)
    assert resumed.settings["resumed"] == 60
    whole = zs.tournament("tictactoe", agents, 20, seed=5, random_opening=1)
    assert outcomes(resumed) == outcomes(whole)
    assert resumed.ratings == whole.ratings
