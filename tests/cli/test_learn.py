"""``zerosum learn`` as a person runs it: from their folder, a relative --out, a second run
that resumes (also after kill -9), another game or setting refused in the same folder,
and the model it writes played by ``alphazero:model=DIR`` in the other commands."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="the learn extra (scripts/test.sh installs it)")

from helpers import one_line_error  # noqa: E402
from zerosum.cli import main  # noqa: E402

#: A training of a few seconds: a round or two of a few tiny games.
QUICK = ["--minutes", "0.02", "--workers", "1", "--games", "8", "--simulations", "8"]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_learn_writes_a_model_that_plays_and_resumes(home: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["learn", "tictactoe", "--out", "run", *QUICK]) == 0
    out = capsys.readouterr().out
    assert "round 1: 8 games" in out and "alphazero:model=run" in out
    names = {p.name for p in (home / "run").iterdir()}
    assert {"config.json", "model.json", "weights.pt", "checkpoint.pt", "journal.jsonl",
            "curve.png"} <= names  # fmt: skip
    first = [json.loads(line) for line in (home / "run/journal.jsonl").read_text().splitlines()]
    assert first[0]["round"] == 1 and first[0]["games"] == 8
    assert first[0]["search_kept"] is not None  # measured on the first round
    scores = first[0]["scores"]  # and rated against the fixed opponents
    assert set(scores) == {"random", "mcts:iterations=200"}
    assert all(0 <= score <= 1 for score in scores.values())
    assert "% against random, " in out

    # the folder is refused to a training of another game or setting, and left as it was
    kept = {p.name: p.read_bytes() for p in (home / "run").iterdir()}
    assert main(["learn", "pick", "--out", "run", *QUICK]) == 2
    assert "run holds another training: game 'tictactoe' (asked: 'pick" in one_line_error(capsys)
    other = [a if a != "8" else "9" for a in QUICK]
    assert main(["learn", "tictactoe", "--out", "run", *other]) == 2
    assert "simulations 8 (asked: 9)" in one_line_error(capsys)
    assert main(["learn", "tictactoe", "--out", "run", "--hidden", "16", *QUICK]) == 2
    assert "hidden (128, 128) (asked: (16,))" in one_line_error(capsys)
    assert {p.name: p.read_bytes() for p in (home / "run").iterdir()} == kept

    # the same command with more minutes resumes where it stopped
    more = [a if a != "0.02" else "0.04" for a in QUICK]
    assert main(["learn", "tictactoe", "--out", "run", *more]) == 0
    out = capsys.readouterr().out
    assert f"resumed run at round {len(first)}" in out
    after = [json.loads(line) for line in (home / "run/journal.jsonl").read_text().splitlines()]
    assert after[: len(first)] == first and after[-1]["round"] > len(first)

    # the model plays in a match and is graded against the solver
    agent = "alphazero:model=run,simulations=8"
    assert main(["match", "tictactoe", agent, "random", "-n", "2", "--workers", "1"]) == 0
    assert main(["grade", "tictactoe", agent, "--positions", "10"]) == 0
    assert "alphazero:model=run" in capsys.readouterr().out
    # and shows its tree: each move's prior, visits and mean
    assert main(["explain", "tictactoe", agent, "--moves", "0 4", "--cap", "20"]) == 0
    tree = capsys.readouterr().out
    assert tree.startswith("AlphaZero search on tictactoe: it plays ")
    assert "* root  MAX  visits 8" in tree
    moves = [line for line in tree.splitlines() if "MIN  prior" in line and "visits" in line]
    assert moves and sum(int(m.split("visits ")[1].split()[0]) for m in moves) == 8


def test_the_shipped_model_plays_a_person_and_a_tournament(  # type: ignore[no-untyped-def]
    home: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a person types every cell in turn: a taken one is asked again, the next line answers
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{cell}\n" for cell in range(9))))
    assert main(["play", "tictactoe", "--p2", "alphazero:simulations=50"]) == 0
    out = capsys.readouterr().out
    assert "the computer is O: tree search guided by a network learned by self-play" in out
    assert out.rstrip().endswith("Game over: O wins. The computer won.")  # cells in order lose
    assert main(["tournament", "tictactoe", "alphazero:simulations=50", "random", "-n", "2",
                 "--workers", "1"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "alphazero:simulations=50" in out and "2 of 2 games played" in out


def test_hidden_widths_and_buffer_shape_the_training(home: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    wide = ["--hidden", "16,8", "--buffer", "500"]
    assert main(["learn", "tictactoe", "--out", "wide", *wide, *QUICK]) == 0
    config = json.loads((home / "wide/config.json").read_text())
    assert config["hidden"] == [16, 8] and config["buffer"] == 500
    assert json.loads((home / "wide/model.json").read_text())["hidden"] == [16, 8]
    capsys.readouterr()
    assert main(["learn", "tictactoe", "--out", "bad", "--hidden", "16,0"]) == 2
    assert "argument --hidden: expected widths of at least 1" in one_line_error(capsys)
    assert not (home / "bad").exists()


def test_a_board_too_big_to_encode_is_refused_in_one_line(home: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["learn", "connect4:width=9,height=7", "--out", "big", *QUICK]) == 2
    error = one_line_error(capsys)
    assert "connect4:width=9,height=7,k=4 cannot be learned" in error
    assert "boards of up to 64 bits" in error and "encode(state)" not in error
    assert not (home / "big").exists(), "nothing written for a training that cannot start"


def test_a_model_folder_that_is_not_one_is_refused(home: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (home / "empty").mkdir()
    assert main(["match", "tictactoe", "alphazero:model=empty", "random", "-n", "2"]) == 2
    assert "model=empty: no model.json there" in one_line_error(capsys)


def test_a_killed_training_resumes_from_its_checkpoint(home: Path) -> None:
    command = [sys.executable, "-m", "zerosum", "learn", "tictactoe", "--out", "run",
               "--workers", "1", "--games", "8", "--simulations", "8"]  # fmt: skip
    child = subprocess.Popen([*command, "--minutes", "5"], stdout=subprocess.PIPE, text=True)
    journal = home / "run/journal.jsonl"
    deadline = time.monotonic() + 120
    while not (journal.exists() and journal.read_text().count("\n") >= 2):
        assert child.poll() is None and time.monotonic() < deadline, "no rounds written"
        time.sleep(0.05)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    kept = len(journal.read_text().splitlines())
    again = subprocess.run([*command, "--minutes", "0.01"], capture_output=True, text=True,
                           timeout=120)  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert "resumed run at round" in again.stdout
    rounds = [json.loads(line)["round"] for line in journal.read_text().splitlines()]
    assert rounds == list(range(1, len(rounds) + 1)) and len(rounds) >= kept - 1


BLOCK_TORCH = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "torch" or name.startswith("torch."):
            raise ImportError("No module named 'torch'")
sys.meta_path.insert(0, Block())
from zerosum.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize(
    "args",
    [["learn", "tictactoe", "--out", "run"],
     ["match", "tictactoe", "alphazero", "random", "-n", "2", "--workers", "1"]],
)  # fmt: skip
def test_without_the_extra_the_user_is_told_how_to_get_it(home: Path, args: list[str]) -> None:
    ran = subprocess.run([sys.executable, "-c", BLOCK_TORCH, *args],
                         capture_output=True, text=True, timeout=120)  # fmt: skip
    assert ran.returncode == 2, ran.stderr
    assert "pip install 'zerosum[learn]'" in ran.stderr and "Traceback" not in ran.stderr
