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


def test_a_line_from_a_run_with_another_seed_is_refused_naming_its_line(tmp_path: Path) -> None:
    ours, theirs = tmp_path / "ours.jsonl", tmp_path / "theirs.jsonl"
    zs.tournament(C4, AGENTS, 2, seed=3, journal=ours)
    zs.tournament(C4, AGENTS, 2, seed=4, journal=theirs)
    lines = ours.read_text().splitlines(keepends=True)
    lines[3] = theirs.read_text().splitlines(keepends=True)[3]  # same agents and index
    ours.write_text("".join(lines))
    with pytest.raises(JournalError, match=rf"{ours}:4: .* has seed \d+ .* with seed \d+"):
        zs.tournament(C4, AGENTS, 2, seed=3, journal=ours)


@pytest.mark.parametrize(
    "settings, message",
    [
        ({"move_time": 2.0}, "budgets: journal has"),
        ({"memory_mb": 300}, "memory_mb: journal has"),
        (
            {
                "agents": {
                    "random": "random",
                    "dummy": "dummy",
                    "minimax:depth=1": "minimax:depth=2",
                }
            },
            "specs: journal has",
        ),
        ({"state": zs.games.ConnectFour(5, 4).position("3")}, "start: journal has None"),
    ],
)
def test_every_setting_that_changes_results_is_checked(
    tmp_path: Path, settings: dict, message: str
) -> None:
    path = tmp_path / "games.jsonl"
    zs.tournament(C4, AGENTS, 2, seed=3, journal=path, move_time=1.0, time_margin=1.0)
    args = {"agents": AGENTS, "move_time": 1.0, "time_margin": 1.0} | settings
    with pytest.raises(JournalError, match=message):
        zs.tournament(C4, games_per_pair=2, seed=3, journal=path, **args)


@pytest.mark.parametrize(
    "damage, message",
    [
        (b"\xff\xfe not text\n", r":3: not UTF-8 text \(byte 1\)"),
        (b"[" * 100_000 + b"\n", ":3: JSON nested too deeply"),
        (b'{"a": "random", "b": "du\n', ":3: not a JSON line"),
        (b'{"a": "random"}\n', r":3: a damaged game line \(missing or unknown 'record'\)"),
    ],
)
def test_an_unreadable_line_is_an_error_naming_the_file_and_line(
    tmp_path: Path, damage: bytes, message: str
) -> None:
    path = tmp_path / "games.jsonl"
    zs.tournament(C4, AGENTS, 2, seed=3, journal=path)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join([*lines[:2], damage, *lines[3:]]))
    with pytest.raises(JournalError, match=f"{path}{message}"):
        zs.tournament(C4, AGENTS, 2, seed=3, journal=path)


def cli(*args: str, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    """``zerosum ARGS``; with ``limit``, files it writes may not grow past that many bytes
    (writes fail with EFBIG, as on a full disk)."""
    import resource

    def small_disk() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, "-m", "zerosum", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=small_disk if limit is not None else None,
    )


def test_a_full_disk_is_one_line_and_the_same_command_resumes_exactly(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    args = ("tournament", C4, *AGENTS, "-n", "4", "--seed", "3", "--journal", str(path))
    full = cli(*args, limit=3000)
    assert full.returncode == 1, full.stderr
    last = full.stderr.strip().splitlines()[-1]
    said = f"zerosum: error: cannot write journal {path}: File too large; "
    assert last.startswith(said), full.stderr
    assert "Traceback" not in full.stderr and "Errno" not in full.stderr, full.stderr
    kept = path.read_bytes()
    assert 0 < kept.count(b"\n") < 13
    again = cli(*args)
    assert again.returncode == 0, again.stderr
    resumed = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    whole = zs.tournament(C4, AGENTS, 4, seed=3)
    assert len(resumed) == 12
    assert sorted((g["a"], g["b"], g["index"], g["seed"]) for g in resumed) == sorted(
        (whole.names[g.a], whole.names[g.b], g.index, g.seed) for g in whole.games
    )
    by_key = {(g["a"], g["b"], g["index"]): g["record"]["actions"] for g in resumed}
    for g in whole.games:
        assert by_key[(whole.names[g.a], whole.names[g.b], g.index)] == [
            list(a) if isinstance(a, tuple) else a for a in g.record.actions
        ]


def test_on_the_command_line_a_cut_last_line_is_a_one_line_note(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    args = ("match", C4, "random", "dummy", "-n", "4", "--journal", str(path))
    assert cli(*args).returncode == 0
    path.write_bytes(path.read_bytes()[:-30])
    again = cli(*args)
    assert again.returncode == 0, again.stderr
    notes = [line for line in again.stderr.splitlines() if "last line is incomplete" in line]
    assert len(notes) == 1 and notes[0].startswith(f"zerosum: journal {path}: the last line")
    assert "RuntimeWarning" not in again.stderr and "warnings.warn" not in again.stderr
