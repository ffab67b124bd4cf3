"""The grader graded: correct submissions get full marks, and held-out wrong ones (no
pruning, a sign error, a depth off by one, a mutated state, a wrong utility for draws,
crashes, endless loops, floods of output, reading input) each lose exactly the marks
they should, graded through the command line as a user types it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
SUBMISSIONS = HERE / "submissions"
RUBRICS = HERE / "rubrics"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The user's own folder, holding the submissions (run from there)."""
    for path in [*SUBMISSIONS.glob("*.py"), *RUBRICS.glob("*.toml")]:
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def autograde(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "zerosum", "autograde", *args]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, env=env, timeout=300)


def graded(folder: Path, *args: str) -> dict[str, dict[str, float]]:
    """Each submission's score per test, from ``--json``."""
    done = autograde(folder, *args, "--json", "out.json")
    assert done.returncode == 0, done.stderr
    data = json.loads((folder / "out.json").read_text())
    return {
        s["submission"]: {t["name"]: t["score"] for t in s["tests"]} for s in data["submissions"]
    }


def lost(scores: dict[str, float], full: dict[str, float]) -> set[str]:
    return {name for name, score in scores.items() if score < full[name]}


def test_correct_alphabeta_gets_full_marks_and_gradescope_results(folder: Path) -> None:
    done = autograde(folder, "alphabeta", "./good.py:alphabeta", "--gradescope", "results.json")
    assert done.returncode == 0, done.stderr
    assert "./good.py:alphabeta: 14 / 14" in done.stdout
    results = json.loads((folder / "results.json").read_text())
    assert results["score"] == 14
    assert {"name", "score", "max_score", "output", "visibility"} <= set(results["tests"][0])
    assert sum(t["max_score"] for t in results["tests"]) == 14


def test_a_minimax_posing_as_alphabeta_loses_the_pruning_marks_only(folder: Path) -> None:
    done = autograde(folder, "alphabeta", "./wrong.py:no_pruning", "--json", "out.json")
    assert done.returncode == 0, done.stderr
    (submission,) = json.loads((folder / "out.json").read_text())["submissions"]
    failed = {t["name"]: t["output"] for t in submission["tests"] if t["score"] < t["max_score"]}
    assert set(failed) == {
        "textbook tree: prunes c2 and c3",
        "tic-tac-toe: alpha-beta's nodes",
        "Connect Four 4x4: alpha-beta's nodes",
        "course tic-tac-toe (a board of lists): alpha-beta's nodes",
    }
    assert submission["score"] == 14 - 6
    assert (
        "it visited 13: as many as plain minimax, so it does not prune"
        in failed["textbook tree: prunes c2 and c3"]
    )
    assert (
        'position: tictactoe after the moves "4 0 8"' in failed["tic-tac-toe: alpha-beta's nodes"]
    )


def test_minimax_task_values_and_nodes(folder: Path) -> None:
    scores = graded(folder, "minimax", "good.py:minimax", "good.py:alphabeta")
    full = {name: score for name, score in scores["good.py:minimax"].items()}
    assert sum(full.values()) == 14
    # alpha-beta keeps minimax's values but not its node counts
    assert lost(scores["good.py:alphabeta"], full) == {
        "textbook tree: visits every node",
        "tic-tac-toe: plain minimax's nodes",
        "Connect Four 4x4: plain minimax's nodes",
        "course tic-tac-toe (a board of lists): plain minimax's nodes",
    }


def test_faulty_submissions_lose_exactly_their_marks_and_say_why(folder: Path) -> None:
    names = ["alphabeta", "sign_error", "mutates", "crashes", "loops", "floods", "reads", "dies"]
    done = autograde(
        folder,
        "faults.toml",
        *(f"wrong.py:{n}" for n in names[1:]),
        "good.py",
        "--json",
        "out.json",
    )
    assert done.returncode == 0, done.stderr
    data = json.loads((folder / "out.json").read_text())["submissions"]
    by = {s["submission"]: {t["name"]: t for t in s["tests"]} for s in data}
    everything = set(by["good.py"])
    assert all(t["score"] == t["max_score"] for t in by["good.py"].values())

    def failed(name: str) -> set[str]:
        return {n for n, t in by[f"wrong.py:{name}"].items() if t["score"] < t["max_score"]}

    assert failed("sign_error") == {
        "textbook: best move",
        "textbook: alpha-beta's nodes",
        "tic-tac-toe: best move",
    }
    # it searches well but records its move in the state, and visits every node
    assert failed("mutates") == {"never changes the state", "textbook: alpha-beta's nodes"}
    assert (
        "it changed the state it was handed"
        in by["wrong.py:mutates"]["never changes the state"]["output"]
    )
    reasons = {
        "crashes": "it raised KeyError: 'no such key' (wrong.py, line",
        "loops": "it took more than 1 s (the time limit per call)",
        "floods": "it printed more than 1024 KB",
        "reads": "it read input (input() or sys.stdin)",
        "dies": "it called exit(3)",
    }
    for name, reason in reasons.items():
        assert failed(name) == everything, name
        for test in by[f"wrong.py:{name}"].values():
            assert test["output"].startswith(reason), (name, test["output"])


def test_depth_off_by_one_loses_the_depth_marks(folder: Path) -> None:
    scores = graded(folder, "heuristic_tictactoe.toml", "heuristic.py", "heuristic.py:off_by_one")
    assert scores["heuristic.py"] == {f"depth {d}": 1.0 for d in (1, 2, 3, 4)}
    assert scores["heuristic.py:off_by_one"] == {f"depth {d}": 0.0 for d in (1, 2, 3, 4)}


def test_game_class_against_the_rules_shows_the_first_disagreement(folder: Path) -> None:
    done = autograde(
        folder,
        "game",
        "games.py:TicTacToe",
        "games.py:DrawIsWin",
        "games.py:MutatingResult",
        "games.py:NoFullBoard",
        "--game",
        "tictactoe",
        "--json",
        "out.json",
    )
    assert done.returncode == 0, done.stderr
    data = {
        s["submission"]: s for s in json.loads((folder / "out.json").read_text())["submissions"]
    }
    assert data["games.py:TicTacToe"]["score"] == data["games.py:TicTacToe"]["max_score"] == 8
    wrong = {t["name"]: t for t in data["games.py:DrawIsWin"]["tests"]}
    assert {n for n, t in wrong.items() if t["score"] < t["max_score"]} == {
        "utilities: wins, losses and draws"
    }
    mutating = data["games.py:MutatingResult"]["tests"]
    assert [t["name"] for t in mutating if t["score"] < t["max_score"]] == [
        "result returns a new state"
    ]
    full = {t["name"]: t for t in data["games.py:NoFullBoard"]["tests"]}
    assert [n for n, t in full.items() if t["score"] < t["max_score"]] == ["game over: is_terminal"]
    # the course's full board is walked first
    assert full["game over: is_terminal"]["output"].startswith(
        "is_terminal(state) returned False; the rules say True\n"
        'position: tictactoe after the moves "0 1 2 4 3 5 7 6 8"'
    )
    output = wrong["utilities: wins, losses and draws"]["output"]
    assert (
        "returned 1; the rules say 0" in output and "position: tictactoe after the moves" in output
    )


def test_csv_and_html_for_a_class_folder(folder: Path) -> None:
    klass = folder / "class"
    for student in ("ada", "bob"):
        (klass / student).mkdir(parents=True)
    # ada's folder holds her function and the module it imports
    shutil.copy(folder / "good.py", klass / "ada" / "search.py")
    (klass / "ada" / "alphabeta.py").write_text(
        "from search import alphabeta as _search\n\n\n"
        "def alphabeta(game, state):\n    return _search(game, state)\n"
    )
    (klass / "bob" / "alphabeta.py").write_text("def alphabeta(game, state):\n    return None\n")
    done = autograde(folder, "faults.toml", "class", "--csv", "grades.csv", "--html", "reports",
                     "--workers", "2", "--json", "-")  # fmt: skip
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)  # the JSON alone: the table and notes on stderr
    assert [s["submission"] for s in printed["submissions"]] == ["class/ada", "class/bob"]
    assert "class/ada: 6 / 6" in done.stderr
    # then the class at a glance: a row per submission
    glance = done.stderr[done.stderr.index("2 submissions") :].splitlines()
    assert [line.split()[:3] for line in glance if line.lstrip().startswith("class/")] == [
        ["class/ada", "6", "6"], ["class/bob", "1", "6"]]  # fmt: skip
    rows = (folder / "grades.csv").read_text().splitlines()
    assert rows[0].startswith("submission,score,max_score,textbook: best move")
    # named as the user typed them; bob's None is no move, but his state is left alone
    assert rows[1].startswith("class/ada,6,6,") and rows[2].startswith("class/bob,1,6,")
    pages = sorted(p.name for p in (folder / "reports").iterdir())
    assert len(pages) == 3 and "index.html" in pages
    bob = next(p for p in (folder / "reports").iterdir() if "bob" in p.name).read_text()
    assert "not a legal move" in bob


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["alphabta", "good.py"], "unknown task 'alphabta' (did you mean 'alphabeta'?)"),
        (["missing.toml", "good.py"], "cannot read rubric missing.toml"),
        (["alphabeta", "nothere.py"], "no file or folder nothere.py"),
        (["alphabeta", "good.py", "wrong.py", "--gradescope", "r.json"], "one submission, not 2"),
        (["alphabeta", "good.py", "--html", "good.py"], "--html good.py is a file, not a folder"),
        (["alphabeta", "good.py", "--time-limit", "0"], "expected seconds between 0 and 3600"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(folder: Path, args: list[str], message: str) -> None:
    done = autograde(folder, *args)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_montecarlo_task_tells_a_first_move_player_apart(folder: Path) -> None:
    scores = graded(folder, "montecarlo", "agents.py", "agents.py:first")
    full = scores["agents.py"]
    assert full == {
        "takes a win in one": 1,
        "beats a random player": 2,
        "never changes the state": 1,
    }
    assert lost(scores["agents.py:first"], full) == {"takes a win in one", "beats a random player"}


def test_agent_task_measures_strength_by_matches_and_the_solver(folder: Path) -> None:
    scores = graded(folder, "agent", "agents.py:greedy")
    assert scores["agents.py:greedy"] == {
        "beats a random player": 2,
        "holds its own against alpha-beta depth 2": 0,
        "keeps the solver's value (4x4 board)": 2,
    }
