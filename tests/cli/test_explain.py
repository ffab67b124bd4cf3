"""The ``explain`` command: an agent's search of a position, printed as a text tree."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from helpers import one_line_error
from processes import run_zerosum
from zerosum.cli import main

#: The textbooks' three-ply tree as a user game: MAX picks a, b or c, MIN then 1, 2 or 3.
CLASSIC = """
LEAVES = {"a": (3, 12, 8), "b": (2, 4, 6), "c": (14, 5, 2)}


class Classic:
    initial_state = ""

    def player(self, state):
        return 1 + len(state) % 2

    def actions(self, state):
        return ["a", "b", "c"] if not state else ["1", "2", "3"]

    def result(self, state, action):
        return state + action

    def is_terminal(self, state):
        return len(state) == 2

    def utility(self, state, player):
        value = LEAVES[state[0]][int(state[1]) - 1]
        return value if player == 1 else -value

    def print_state(self, state):
        print(state or "start")
"""

TEXTBOOK = "alphabeta:depth=2,ordering=false,table=false,depth_adjust=false"


def test_the_textbooks_tree_with_its_pruned_leaves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "classic.py").write_text(CLASSIC)
    monkeypatch.chdir(tmp_path)
    assert main(["explain", "classic.py:Classic", TEXTBOOK]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith(": it plays a, value 3")
    root = next(i for i, line in enumerate(lines) if line.startswith("* root  "))  # past notes
    tree = [line.lstrip(" │├└─") for line in lines[root:-1]]
    assert [line.lstrip("* ").split("  ")[0] for line in tree] == [
        "root", "a", "1", "2", "3", "b", "1", "2", "3", "c", "1", "2", "3",
    ]  # fmt: skip
    pruned = [i for i, line in enumerate(tree) if "  pruned" in line]
    assert pruned == [7, 8]  # b's 4 and 6
    values = [line.split("value ")[1].split()[0] for line in tree if "value " in line]
    assert values == ["3", "3", "3", "12", "8", "2", "2", "2", "14", "5", "2"]
    assert [line.split("  ")[0] for line in tree[:3]] == ["* root", "* a", "* 1"]  # the PV
    assert lines[-1] == (
        "(* the principal variation) all 11 positions the search looked at are in the tree"
    )


def test_moves_cap_and_depth(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "tictactoe", "minimax:depth=2", "--moves", "4 0", "--depth", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("minimax search (depth 2) on tictactoe: it plays ")
    assert sum(" MIN " in line for line in lines) == 7  # the seven empty squares
    assert sum("nodes below, past depth 1" in line for line in lines) == 7
    assert main(["explain", "tictactoe", "minimax:depth=2", "--cap", "5"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    # kept past the cap: the root, its 9 moves and the chosen move's best reply
    assert last.endswith("the cap of 5 nodes left out 71 of the 82 positions the search looked at")


def test_mcts_shows_its_visits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "tictactoe", "mcts:iterations=50,seed=1", "--depth", "1"]) == 0
    out = capsys.readouterr().out
    assert "visits" in out and "mean" in out


def test_a_search_without_a_depth_ends_in_time(capsys: pytest.CaptureFixture[str]) -> None:
    started = time.perf_counter()
    assert main(["explain", "connect4", "alphabeta:compiled=false", "--move-seconds", "1"]) == 0
    assert time.perf_counter() - started < 30
    assert "the cap of 200 nodes left out" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["tictactoe", "random"], "cannot show its search"),
        (["tictactoe", "minimax", "--moves", "0 3 1 4 2"], "tictactoe is over after '0 3 1 4 2'"),
        (["tictactoe", "minimax", "--moves", "9"], "move 1 ('9')"),
        (["tictactoe", "nonsense"], "nonsense"),
        (["nonsense", "minimax"], "nonsense"),
        (["tictactoe", "minimax", "--cap", "0"], "--cap"),
        (["tictactoe", "minimax", "--cap", "1e9"], "MAX_CAP"),
        (["tictactoe", "minimax", "--depth", "-1"], "--depth"),
        (["tictactoe", "minimax", "--move-seconds", "0"], "--move-seconds"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explain", *args]) == 2
    assert says in one_line_error(capsys)


def test_the_command_runs() -> None:
    done = run_zerosum("explain", "tictactoe", "alphabeta:depth=1", "--moves", "4")
    assert done.returncode == 0, done.stderr
    assert any(line.startswith("* root  MAX  window (−∞, +∞)") for line in done.stdout.splitlines())


def test_compiling_on_a_new_machine_is_not_counted_against_the_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With numba's cache empty, compiling the search and its traced twin takes seconds;
    told 1 s, the search still gets its second and finishes the depth it was asked
    (it stopped at depth 1 when compiling counted against it)."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    result = run_zerosum(
        "explain", "tictactoe", "alphabeta:depth=2", "--moves", "4", "--move-seconds", "1"
    )
    assert result.returncode == 0, result.stderr
    assert "recorded: the search to depth 2" in result.stdout
