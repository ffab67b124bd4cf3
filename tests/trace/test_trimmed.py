"""A capped tree shows why: the root's every move with its value, the chosen line and the
chosen move's subtree first, whatever the search and the game (issue 39)."""

from __future__ import annotations

import math
from typing import Any

import pytest

import zerosum as zs
from trimming import assert_trimmed
from zerosum.game import replay
from zerosum.trace import Recorder, trimmed

TTT = zs.load_game("tictactoe")
C4 = zs.load_game("connect4")

AGENTS = [
    "minimax:depth=2",
    "alphabeta:depth=4,compiled=false",
    "alphabeta:depth=4",
    "mcts:iterations=300,seed=3",
    "montecarlo:playouts=10,seed=1",
]


@pytest.mark.parametrize("cap", [3, 40])
@pytest.mark.parametrize("spec", AGENTS)
@pytest.mark.parametrize(("game", "moves"), [(TTT, "4"), (C4, "4 4 3")], ids=["ttt", "c4"])
def test_a_capped_trace_keeps_the_root_moves_the_line_and_the_chosen_subtree(
    game: Any, moves: str, spec: str, cap: int
) -> None:
    state = replay(game, moves.split())
    whole = zs.trace(zs.agents.make_agent(spec), game, state, cap=100_000)
    capped = zs.trace(zs.agents.make_agent(spec), game, state, cap=cap)
    assert_trimmed(capped, whole)


def test_the_chosen_move_searched_last_is_shown_with_its_subtree() -> None:
    """Connect Four at depth 4: the move played comes late in the search's order, past the
    cap's count of nodes; the tree still holds it, its line and what lies below it."""
    agent, state = "alphabeta:depth=4,compiled=false", replay(C4, "4 4 3".split())
    whole = zs.trace(zs.agents.make_agent(agent), C4, state, cap=100_000)
    capped = zs.trace(zs.agents.make_agent(agent), C4, state, cap=60)
    chosen = next(n for n in whole.children(whole.root) if n.move == whole.move)
    assert chosen.id > 60  # past the cap in search order: the old cap dropped it
    assert_trimmed(capped, whole)


def test_trimmed_counts_and_renumbers() -> None:
    """A root with three moves, the last chosen, each with two leaves: a cap of 6 keeps the
    root, its moves, the chosen line and the chosen move's other leaf, nothing else."""
    rec = Recorder(cap=100)
    root = rec.enter(None, "", True)
    line = [root]
    for move in "abc":
        node = rec.enter(root, move, False)
        leaves = [rec.enter(node, f"{move}{i}", True, kind="terminal", value=i) for i in (1, 2)]
        if move == "c":
            line += [node, leaves[1]]
    nodes, pv = trimmed(rec.nodes, 6, [i for i in line if i is not None], "c")
    assert [n.move for n in nodes] == ["", "a", "b", "c", "c1", "c2"]
    assert [n.id for n in nodes] == list(range(6)) and pv == [0, 3, 5]
    assert nodes[0].children == [1, 2, 3] and nodes[3].children == [4, 5]
    assert all(nodes[i].parent == 3 for i in (4, 5)) and nodes[1].children == []


def test_the_root_moves_come_past_the_room() -> None:
    rec = Recorder(cap=2, room=2)
    root = rec.enter(None, "", True)
    kept = [rec.enter(root, move, False) for move in "abcd"]
    assert None not in kept and rec.enter(kept[0], "x", True) is None
    assert rec.visited == 6


@pytest.mark.parametrize("spec", AGENTS[:3])
@pytest.mark.parametrize(("game", "moves"), [(TTT, "4"), (C4, "4 4 3")], ids=["ttt", "c4"])
def test_the_root_value_is_its_best_moves_value(game: Any, moves: str, spec: str) -> None:
    """As every view shows it: the root's value, and the value written on its line, are
    those of its best move (a value shrunk per ply is shown as the root sees it)."""
    trace = zs.trace(zs.agents.make_agent(spec), game, replay(game, moves.split()), cap=50)
    best = max(child.value for child in trace.children(trace.root) if child.value is not None)
    assert trace.root.value == trace.value and math.isclose(best, trace.value, rel_tol=1e-12)
    lines = trace.text().splitlines()
    root_line = next(line for line in lines if "root" in line)
    chosen = next(line for line in lines if line.startswith(("  ├─*", "  └─*")))
    assert root_line.rsplit("value ", 1)[1].split()[0] == chosen.rsplit("value ", 1)[1].split()[0]
