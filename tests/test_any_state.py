"""States of any kind work: lists, dicts, numpy arrays, dataclasses; one line where none can.

Nim is written five times, its state a tuple, a list of lists, a dict (its keys in an
order set by the last move), a numpy array and an object of a class with no key: every command must
give the tuple version's answers, or say to add ``key(state)``.
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
from pathlib import Path

import numpy as np
import pytest

import zerosum as zs
from zerosum.agents import MCTS, AlphaBeta, Random
from zerosum.cli import main
from zerosum.game import StateKeyError, state_key

NIM = """
import numpy as np

class Board:  # unhashable (it compares by value), and of no kind a key is derived from
    def __init__(self, sticks, mover, action):
        self.sticks, self.mover = sticks, mover
    def __eq__(self, other):
        return (self.sticks, self.mover) == (other.sticks, other.mover)
    __hash__ = None

class Nim:
    def __init__(self, sticks=7):
        self.start = sticks
    @property
    def initial_state(self):
        return self.make(self.start, 1, 0)
    def player(self, state):
        return int(self.mover(state))
    def actions(self, state):
        return [n for n in (1, 2, 3) if n <= self.sticks(state)]
    def result(self, state, action):
        return self.make(self.sticks(state) - action, 3 - self.mover(state), action)
    def is_terminal(self, state):
        return self.sticks(state) == 0
    def utility(self, state, player):
        return -1 if self.mover(state) == player else 1
    def print_state(self, state):
        print("|" * int(self.sticks(state)))

KINDS = {
    "tuple": (lambda s, m, a: (s, m), lambda x: x[0], lambda x: x[1]),
    "list": (lambda s, m, a: [[s], [m]], lambda x: x[0][0], lambda x: x[1][0]),
    "dict": (  # its keys' order depends on the last move, not on the position
        lambda s, m, a: {"sticks": s, "mover": m} if a % 2 else {"mover": m, "sticks": s},
        lambda x: x["sticks"],
        lambda x: x["mover"],
    ),
    "numpy": (lambda s, m, a: np.array([s, m]), lambda x: x[0], lambda x: x[1]),
    "object": (Board, lambda x: x.sticks, lambda x: x.mover),
}

class {kind}Nim(Nim):
    make, sticks, mover = (staticmethod(f) for f in KINDS["{kind}"])
"""
KINDS = ("tuple", "list", "dict", "numpy")


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    found = {}
    for kind in (*KINDS, "object"):
        path = tmp_path / f"{kind}_nim.py"
        path.write_text(textwrap.dedent(NIM).replace("{kind}", kind))
        found[kind] = f"{path}:{kind}Nim"
    return found


def answers(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What a command printed, with times (numbers with decimals but no %), node counts
    and file names taken out, and runs of spaces made one (a table's columns are as wide
    as its longest time)."""
    assert main(argv) == 0
    out = capsys.readouterr().out
    out = re.sub(r"\d+\.\d+(?![\d%])", "T", re.sub(r"\d+ nodes", "N nodes", out))
    return re.sub(r" +", " ", re.sub(r"\S*_nim\.py\S*", "GAME", out))


@pytest.mark.parametrize("kind", KINDS[1:])
def test_solve_analyze_and_grade_answer_as_for_tuples(
    kind: str, files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    for command in (
        ["solve", "{}", "--moves", "1"],
        ["analyze", "{}", "--probes", "30"],
        ["grade", "{}", "random:seed=1", "alphabeta", "--positions", "4", "--plies", "0-3"],
    ):
        mine = answers([a.format(files[kind]) for a in command], capsys)
        tuples = answers([a.format(files["tuple"]) for a in command], capsys)
        assert mine == tuples, command


@pytest.mark.parametrize("kind", KINDS[1:])
def test_a_match_plays_every_game(
    kind: str, files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", files[kind], "alphabeta", "mcts:iterations=50", "-n", "4", "--workers", "1"]
    assert main(argv) == 0
    assert "4 of 4 games played" in capsys.readouterr().out


@pytest.mark.parametrize("kind", ["list", "numpy"])
def test_alphabeta_finds_the_same_transpositions_as_for_tuples(
    kind: str, files: dict[str, str]
) -> None:
    """Its table works over unhashable states: the search visits exactly as many nodes.
    (Dicts too, but a search keys them by pickle, which tells key orders apart.)"""
    nodes = {}
    for k in (kind, "tuple"):
        game = zs.load_game(files[k])
        agent = AlphaBeta()
        agent(game, game.result(game.initial_state, 1))
        nodes[k] = agent.last.nodes
    assert nodes[kind] == nodes["tuple"]


def test_mcts_reuses_its_tree_over_numpy_states(files: dict[str, str]) -> None:
    game = zs.load_game(files["numpy"])
    record = zs.play(game, MCTS(iterations=200, seed=0), Random(seed=0))
    assert record.reason == "end"


def test_counting_states_with_no_key_is_one_line_saying_to_add_key(
    files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Counting positions, or picking distinct ones, needs equal states to have equal keys."""
    game = files["object"]
    for argv in (["analyze", game, "--probes", "5"], ["grade", game, "random", "--positions", "2"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Board objects" in err and "add key(state)" in err


def test_searches_over_states_with_no_key_still_answer(
    files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A search's table may key them by pickle (a missed transposition costs only time)."""
    argv = ["solve", "{}", "--moves", "2"]
    solved = answers([a.format(files["object"]) for a in argv], capsys)
    assert solved == answers([a.format(files["tuple"]) for a in argv], capsys)
    game = zs.load_game(files["object"])
    assert zs.play(game, AlphaBeta(), Random(seed=0)).winner == 1  # 7 sticks: the first wins


@dataclasses.dataclass
class Cell:
    marks: list[int]
    note: str = dataclasses.field(default="", compare=False)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ([[1, 2], [3]], [[1, 2], [3]]),
        ({"a": [1], "b": 2}, {"b": 2, "a": [1]}),
        (np.arange(6).reshape(2, 3), np.arange(6).reshape(2, 3).copy(order="F")),
        ((1, [2, {3}]), (1, [2, {3}])),
        (Cell([1, 2], "one"), Cell([1, 2], "other")),
        (np.array([None, [1]], dtype=object), np.array([None, [1]], dtype=object)),
        (bytearray(b"ab"), bytearray(b"ab")),
    ],
)
def test_equal_states_have_equal_keys(a: object, b: object) -> None:
    assert state_key(object(), a) == state_key(object(), b)
    assert hash(state_key(object(), a)) == hash(state_key(object(), b))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ([1, 2], (1, 2)),
        ([[1, 2], [3]], [[1], [2, 3]]),
        (np.arange(6).reshape(2, 3), np.arange(6).reshape(3, 2)),
        (np.arange(3, dtype=np.int64), np.arange(3, dtype=np.int32)),
        ({"a": [1]}, {"a": [2]}),
        (Cell([1]), Cell([2])),
    ],
)
def test_different_states_have_different_keys(a: object, b: object) -> None:
    assert state_key(object(), a) != state_key(object(), b)


def test_the_games_own_key_comes_first() -> None:
    class Keyed:
        def key(self, state: list[int]) -> int:
            return sum(state)

    assert state_key(Keyed(), [1, 2]) == state_key(Keyed(), [3]) == 3


def test_no_key_for_an_unhashable_object_of_a_plain_class() -> None:
    class Board:
        __hash__ = None

    with pytest.raises(StateKeyError, match=r"list objects \(they hold Board objects\)"):
        state_key(object(), [Board()])
