"""Every command that takes a game or agent spec takes the user's files too."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from zerosum.cli import main

NIM = """
class Nim:
    def __init__(self, sticks=7):
        self.sticks = sticks
    @property
    def initial_state(self):
        return (self.sticks, 1)
    def player(self, state):
        return state[1]
    def actions(self, state):
        return [n for n in (1, 2, 3) if n <= state[0]]
    def result(self, state, action):
        return (state[0] - action, 3 - state[1])
    def is_terminal(self, state):
        return state[0] == 0
    def utility(self, state, player):
        return -1 if state[1] == player else 1
    def print_state(self, state):
        print("|" * state[0])
"""

MINE = """
def first(game, state):
    return game.actions(state)[0]
"""


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "nim.py").write_text(textwrap.dedent(NIM))
    (tmp_path / "mine.py").write_text(textwrap.dedent(MINE))
    return {"nim": str(tmp_path / "nim.py"), "mine": str(tmp_path / "mine.py")}


def test_play_takes_a_game_and_agents_from_files(
    files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", f"{files['nim']}:sticks=5", "--p1", "perfect", "--p2", files["mine"]]) == 0
    assert "Game over: player 1 wins." in capsys.readouterr().out  # a game naming no sides


def test_solve_takes_a_game_from_a_file(
    files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", f"{files['nim']}:sticks=8", "--moves", "1"]) == 0
    assert capsys.readouterr().out.startswith("player 2 to move wins in")


def test_match_plays_file_agents_in_worker_processes(files: dict[str, str], tmp_path: Path) -> None:
    out = tmp_path / "m.json"
    args = ["match", files["nim"], f"{files['mine']}:first", "perfect", "-n", "4"]
    assert main([*args, "--workers", "2", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["agents"] == [f"{files['mine']}:first", "perfect"]
    assert data["match"]["score"] < 0.5 and data["settings"]["workers"] == 2


@pytest.mark.parametrize("command", ["play", "match", "tournament", "solve"])
def test_a_missing_name_in_a_file_is_one_line_and_exit_2(
    command: str, files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    bad = f"{files['mine']}:frist"
    argv = {
        "play": ["play", "tictactoe", "--p1", bad],
        "match": ["match", "tictactoe", bad, "random"],
        "tournament": ["tournament", f"{files['nim']}:Frist", "random", "dummy"],
        "solve": ["solve", f"{files['nim']}:Frist"],
    }[command]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "has no 'frist'" in err.lower() and "it defines" in err


def test_every_file_a_command_takes_is_named_from_the_users_folder(
    files: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games, agents, position sets, journals and outputs named relative to the folder the
    command starts in, with spaces and accents, as a person types them."""
    folder = tmp_path / "mes fichiers"
    folder.mkdir()
    for name in ("nim", "mine"):
        Path(files[name]).rename(folder / f"{name} à moi.py")
    (folder / "positions du cours.txt").write_text("1\n1 1\n")
    monkeypatch.chdir(tmp_path)
    game, agent = "mes fichiers/nim à moi.py:sticks=6", "./mes fichiers/mine à moi.py"
    journal, out = "mes fichiers/journal.jsonl", "mes fichiers/out.json"
    args = ["tournament", game, agent, "random", "-n", "2", "--trusted", "--workers", "1"]
    assert main([*args, "--journal", journal, "--json", out]) == 0
    assert len(Path(journal).read_text().splitlines()) > 2
    assert set(json.loads(Path(out).read_text())["agents"]) == {"mine à moi", "random"}
    sets = ["grade", game, "perfect", "--file", "mes fichiers/positions du cours.txt"]
    assert main([*sets, "--json", "mes fichiers/grade.json"]) == 0
    graded = json.loads(Path("mes fichiers/grade.json").read_text())
    assert graded["positions"] == 2
