"""The trace of a compiled alpha-beta search is the kernel's own tree (#26, item 1): the
same moves, values and node counts as the untraced search, for every combination of
switches, and the facts of the Python search's traces at every node."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest

import zerosum as zs
from trimming import assert_trimmed
from zerosum.agents import AlphaBeta
from zerosum.agents.search import DECAY
from zerosum.agents.traced_search import rerun, spoken
from zerosum.trace import Trace

SWITCHES = [
    dict(zip(("ordering", "table", "depth_adjust"), flags, strict=True))
    for flags in itertools.product((True, False), repeat=3)
]
GAMES = ["tictactoe", "connect4:width=5,height=4", "othello:size=4", "migration:n=5", "pick:n=3"]


def _consistent(tree: Trace, decay: float) -> None:
    """Every finished node's value is its best child's, both as the root sees them (a
    value at the depth limit is the heuristic shrunk once per ply); pruned moves follow
    a sibling that cut off; the principal variation runs down best children."""
    for node in tree.nodes:
        children = [c for c in tree.children(node) if c.kind != "pruned"]
        if node.kind == "pruned":
            siblings = tree.children(tree.nodes[node.parent])  # type: ignore[index]
            assert any(s.cut for s in siblings[: node.order]) and node.reason
            continue
        assert node.value is not None
        if node.kind == "inner":
            pick = max if node.maximizing else min
            best = pick(c.value for c in children)  # type: ignore[type-var]
            assert math.isclose(node.value, best, rel_tol=1e-12, abs_tol=1e-15)
        if node.kind == "cutoff":
            assert node.heuristic is not None
            assert math.isclose(node.value, node.heuristic * decay**node.ply, rel_tol=1e-12)
    for parent, child in itertools.pairwise(tree.pv):
        assert tree.nodes[child].parent == parent


@pytest.mark.parametrize("switches", SWITCHES, ids=str)
@pytest.mark.parametrize("spec", GAMES)
def test_a_traced_compiled_search_is_the_untraced_one(spec: str, switches: dict[str, bool]) -> None:
    game = zs.load_game(spec)
    decay = DECAY if switches["depth_adjust"] else 1.0
    for depth in (1, 2, 4) + ((None,) if spec == "tictactoe" else ()):
        plain = AlphaBeta(depth, **switches)
        traced = AlphaBeta(depth, trace=100_000, **switches)
        state = game.initial_state
        for _ in range(2):  # the second move reads the table the first left
            move = plain(game, state)
            assert traced(game, state) == move
            mine, theirs = traced.last, plain.last
            assert mine is not None and theirs is not None and mine.compiled
            assert (mine.value, mine.nodes, mine.pv, mine.details()) == (
                theirs.value, theirs.nodes, theirs.pv, theirs.details(),
            )  # fmt: skip
            tree = mine.trace
            assert tree is not None and "compiled search's own tree" in tree.note
            assert (tree.value, tree.move, tree.counted) == (
                theirs.value, spoken(game, move), theirs.nodes,
            )  # fmt: skip
            assert tree.left_out == 0 and tree.nodes[tree.pv[1]].move == tree.move
            _consistent(tree, decay)
            state = game.result(state, move)
            if game.is_terminal(state):
                break


def _facts(tree: Trace) -> list[tuple[Any, ...]]:
    return [
        (n.parent, n.move, n.ply, n.maximizing, n.kind, n.order, n.alpha, n.beta, n.value,
         n.heuristic, n.cut, n.reason, n.table, n.children)
        for n in tree.nodes
    ]  # fmt: skip


@pytest.mark.parametrize("spec", GAMES)
@pytest.mark.parametrize("depth_adjust", [True, False])
def test_without_ordering_and_table_the_python_rerun_draws_the_same_tree(
    spec: str, depth_adjust: bool
) -> None:
    """The Python search that stands in for a kernel that cannot record follows the
    compiled search node for node when ordering and the table are off."""
    game = zs.load_game(spec)
    for depth in (1, 2, 3):
        agent = AlphaBeta(depth, ordering=False, table=False, depth_adjust=depth_adjust)
        tree = zs.trace(agent, game, cap=100_000)
        python, nodes = rerun(agent, game, game.initial_state, cap=100_000)
        assert _facts(tree) == _facts(python) and tree.visited == python.visited
        assert tree.counted == nodes and tree.value == python.value


def test_zs_trace_of_a_compiled_agent_is_a_fresh_compiled_search() -> None:
    game = zs.load_game("connect4:width=5,height=4")
    agent = AlphaBeta(4)
    agent(game, game.initial_state)
    table = agent._arrays[0].copy()
    tree = zs.trace(agent, game, cap=40)
    fresh = AlphaBeta(4)
    fresh(game, game.initial_state)
    assert fresh.last is not None and tree.counted == fresh.last.nodes
    assert tree.agent == repr(agent) and "compiled search's own tree" in tree.note
    assert (agent._arrays[0] == table).all()  # the agent's own table untouched
    # the cap keeps the root's moves, the line and the chosen subtree, and counts the rest
    whole = zs.trace(agent, game, cap=100_000)
    assert len(tree.nodes) == 40
    assert_trimmed(tree, whole)
    assert Trace.from_dict(tree.to_dict()).nodes == tree.nodes


def test_the_compiled_tables_answers_are_marked() -> None:
    game = zs.load_game("connect4:width=5,height=4")
    tree = zs.trace(AlphaBeta(6), game, cap=100_000)
    answered = [node for node in tree.nodes if node.kind == "table"]
    assert answered and all(node.table == "hit" and not node.children for node in answered)
    assert any(node.table == "hit" and node.kind == "inner" for node in tree.nodes)  # narrowed
    _consistent(tree, DECAY)


def test_under_a_time_cap_a_trace_never_waits_for_a_compiler() -> None:
    """The page asks why under a move's cap: a compiled agent whose traced search is not
    compiled yet is traced on the Python path at once (its note says so); once it is
    compiled, the compiled search's own tree comes under the cap too."""
    game = zs.load_game("connect4:width=5,height=4")
    agent = AlphaBeta(3)
    with zs.budget.limit(5.0):
        found = zs.trace(agent, game)
    assert "not compiled yet" in found.note and "own tree" not in found.note
    agent(game, game.initial_state)  # plays compiled: its search loaded
    zs.trace(agent, game)  # no cap: the traced search compiled (or loaded) here
    with zs.budget.limit(5.0):
        again = zs.trace(agent, game)
    assert "compiled search's own tree" in again.note and again.move == found.move
