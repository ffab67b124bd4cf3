"""Class tournaments: a folder of students' agent files, broken ones included."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

import zerosum as zs
from zerosum.arena import Isolated, Reason
from zerosum.cli import main

ENTRIES = {
    "first.py": """
        def first(game, state):
            return game.actions(state)[0]
    """,
    "good.py": """
        import random

        def helper(actions):
            return random.choice(actions)

        def agent(game, state):
            return helper(game.actions(state))
    """,
    "syntax.py": """
        def agent(game, state)
            return 0
    """,
    "missing.py": """
        import numpyy

        def agent(game, state):
            return 0
    """,
    "loop.py": """
        def agent(game, state):
            while True:
                pass
    """,
    "hog.py": """
        def agent(game, state):
            hoard = []
            while True:
                hoard.append(bytearray(50 << 20))
    """,
    "illegal.py": """
        def agent(game, state):
            return 99
    """,
    "third.py": """
        class Agent:
            def __init__(self):
                self.moves = 0

            def reset(self, seed=None):
                self.moves = 0

            def __call__(self, game, state):
                self.moves += 1
                if self.moves == 3:
                    raise ValueError("bug on move 3")
                return game.actions(state)[0]
    """,
}


@pytest.fixture
def entries(tmp_path: Path) -> Path:
    folder = tmp_path / "class"
    folder.mkdir()
    for name, text in ENTRIES.items():
        (folder / name).write_text(textwrap.dedent(text))
    (folder / "_notes.py").write_text("not an entry")
    return folder


def test_a_class_tournament_survives_broken_entries_and_resumes(
    entries: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = {k: tmp_path / f"cup.{k}" for k in ("json", "html", "jsonl")}
    args = ["tournament", "tictactoe", str(entries), "-n", "2", "--workers", "1"]
    # the hog must reach its limit within the move and its margin even on a loaded machine
    args += ["--move-time", "0.3", "--time-margin", "0.4", "--memory-mb", "256"]
    args += ["--json", str(out["json"]), "--html", str(out["html"]), "--journal", str(out["jsonl"])]
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "syntax.py, line 2 (def agent(game, state)): SyntaxError: expected ':'" in err
    assert "missing.py, line 2 (import numpyy): ModuleNotFoundError" in err
    data = json.loads(out["json"].read_text())
    assert data["agents"] == ["first", "good", "hog", "illegal", "loop", "third"]
    assert set(data["settings"]["left_out"]) == {
        str(entries / "missing.py"),
        str(entries / "syntax.py"),
    }
    losses = {}  # the loser's name -> how its games ended
    for g in data["games"]:
        record = g["record"]
        if record["reason"].startswith("forfeit"):
            loser = g["first"] if record["winner"] == 2 else ({g["a"], g["b"]} - {g["first"]}).pop()
            losses.setdefault(loser, set()).add(
                (record["reason"], record["detail"].split(": ", 1)[-1])
            )
    assert {r for r, _ in losses["loop"]} == {"forfeit-time"}
    assert {r for r, _ in losses["illegal"]} == {"forfeit-illegal"}
    assert {d for _, d in losses["hog"]} == {"MemoryError: over its memory limit of 256 MB"}
    assert {d for _, d in losses["third"]} == {"ValueError: bug on move 3"}
    assert "first" not in losses and "good" not in losses
    page = out["html"].read_text()
    assert page.startswith("<!DOCTYPE html>") and "<style>" in page
    assert "<script" not in page and "http" not in page and "<link" not in page
    assert "Crosstable" in page and "Left out" in page and "numpyy" in page
    # the same command again: every game comes from the journal
    assert main(args) == 0
    again = json.loads(out["json"].read_text())
    assert again["settings"]["resumed"] == len(again["games"]) == 30
    assert again["standings"] == data["standings"]


def test_file_agents_and_a_file_game_play_in_worker_processes(tmp_path: Path) -> None:
    nim = tmp_path / "nim.py"
    nim.write_text(
        textwrap.dedent(
            """
            from dataclasses import dataclass

            @dataclass(frozen=True)
            class Sticks:  # a state class of the file's own: must unpickle in the referee
                left: int
                mover: int

            class Nim:
                def __init__(self, sticks=7):
                    self.sticks = sticks
                @property
                def initial_state(self):
                    return Sticks(self.sticks, 1)
                def player(self, state):
                    return state.mover
                def actions(self, state):
                    return [n for n in (1, 2, 3) if n <= state.left]
                def result(self, state, action):
                    return Sticks(state.left - action, 3 - state.mover)
                def is_terminal(self, state):
                    return state.left == 0
                def utility(self, state, player):
                    return -1 if state.mover == player else 1
                def print_state(self, state):
                    print(state)

            def greedy(game, state):
                return max(game.actions(state))
            """
        )
    )
    result = zs.tournament(
        f"{nim}:Nim,sticks=9", [f"{nim}:greedy", "perfect", "random"], 4, workers=2
    )
    assert result.names == (f"{nim}:greedy", "perfect", "random")
    assert len(result.records) == 12 and all(r.reason is Reason.END for r in result.records)
    assert result.pair(1, 0).points >= 2  # perfect wins each game it starts (9 sticks: a win)
    assert result.records[0].initial_state.__class__.__name__ == "Sticks"


def test_a_match_with_a_broken_file_is_one_line_and_exit_2(
    entries: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["match", "tictactoe", str(entries / "missing.py"), "random", "-n", "2"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "missing.py, line 2 (import numpyy)" in err


def test_an_isolated_memory_hog_forfeits_and_the_host_recovers(entries: Path) -> None:
    game = zs.games.TicTacToe()
    hog = Isolated(f"{entries / 'hog.py'}", memory_mb=300)
    record = zs.play(game, hog, zs.agents.Dummy())
    assert record.reason is Reason.ERROR
    assert record.detail.endswith("MemoryError: over its memory limit of 300 MB")
    compiled = Isolated("alphabeta:depth=4", memory_mb=1024)  # compiled code fits in 1 GB
    assert zs.play(zs.games.ConnectFour(), compiled, zs.agents.Dummy()).reason is Reason.END
    for agent in (hog, compiled):
        agent.close()
