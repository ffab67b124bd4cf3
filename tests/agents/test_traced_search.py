"""The searches that record their tree (#26, item 1): the same steps, values and node
counts as the searches they follow, and the textbook's facts at every node."""

from __future__ import annotations

import itertools
import math
import time
from typing import Any

import pytest

import zerosum as zs
from search_helpers import Heaps, Kayles
from zerosum.agents import AlphaBeta, Minimax
from zerosum.agents.search import DECAY
from zerosum.agents.traced_search import rerun
from zerosum.trace import Trace

SWITCHES = [
    dict(zip(("ordering", "table", "depth_adjust"), flags, strict=True))
    for flags in itertools.product((True, False), repeat=3)
]


def _games() -> list[tuple[str, Any]]:
    return [
        ("tictactoe", zs.games.TicTacToe()),
        ("kayles", Kayles(7)),  # a user game with extra turns
        ("heaps", Heaps()),  # a user game rich in transpositions
        ("lists", Heaps(lists=True)),  # unhashable states: no table
    ]


@pytest.mark.parametrize("switches", SWITCHES, ids=str)
@pytest.mark.parametrize(("name", "game"), _games(), ids=lambda x: x if isinstance(x, str) else "")
@pytest.mark.parametrize("depth", [2, 4, None])
def test_a_traced_python_search_takes_the_same_steps(
    name: str, game: Any, depth: int | None, switches: dict[str, bool]
) -> None:
    state = game.initial_state
    if depth is None and name == "tictactoe":
        state = game.result(game.result(state, 4), 0)
    for seed in (None, 3):
        plain = AlphaBeta(depth, compiled=False, seed=seed, **switches)
        traced = AlphaBeta(depth, compiled=False, seed=seed, trace=50, **switches)
        for _ in range(2):  # a second move reads the table the first one left
            assert plain(game, state) == traced(game, state)
            assert plain.last is not None and traced.last is not None
            assert (traced.last.value, traced.last.nodes, traced.last.pv) == (
                plain.last.value, plain.last.nodes, plain.last.pv,
            )  # fmt: skip
            tree = traced.last.trace
            assert tree is not None and tree.value == plain.last.value
            assert len(tree.nodes) <= 50
        assert plain.last.trace is None


def _facts(tree: Trace) -> None:
    """What every alpha-beta trace says of its nodes."""
    for node in tree.nodes:
        if node.kind == "pruned":
            assert node.reason and not node.reason.startswith("pruned") and node.value is None
            siblings = tree.children(tree.nodes[node.parent])  # type: ignore[index]
            assert any(s.cut for s in siblings[: node.order])
            continue
        if node.kind == "cutoff":  # the heuristic, as the root sees it
            decay = DECAY if tree.switches.get("depth_adjust") else 1.0
            assert node.heuristic is not None and node.value is not None
            assert math.isclose(node.value, node.heuristic * decay**node.ply, rel_tol=1e-12)
        assert node.alpha is not None and node.beta is not None and node.alpha < node.beta
        if node.cut:
            assert node.reason and ("beta" in node.reason or "alpha" in node.reason)
    assert tree.root.value == tree.value


@pytest.mark.parametrize("switches", SWITCHES, ids=str)
def test_a_trace_says_the_window_the_cuts_and_the_pruned_moves(switches: dict[str, bool]) -> None:
    game = zs.games.TicTacToe()
    state = game.result(game.initial_state, 4)
    # the Python search (the compiled one's tree: tests/agents/test_compiled_trace.py)
    tree = zs.trace(AlphaBeta(4, compiled=False, **switches), game, state, cap=100_000)
    _facts(tree)
    assert any(node.cut for node in tree.nodes)
    assert any(node.kind == "pruned" for node in tree.nodes)
    assert tree.switches["iteration"] == 4
    assert tree.switches["ordering"] is switches["ordering"]
    assert ("iterative deepening" in tree.note) is (switches["ordering"] or switches["table"])
    if switches["table"]:  # later iterations meet earlier ones' entries
        assert any(node.table == "hit" for node in tree.nodes)
        assert any(node.kind == "table" for node in tree.nodes)
    else:
        assert not any(node.table for node in tree.nodes)
    # the principal variation follows the best children from the move played
    line = [tree.nodes[i] for i in tree.pv]
    assert line[0] is tree.root and line[1].move == tree.move
    assert all(b.parent == a.id for a, b in itertools.pairwise(line))


def test_values_and_windows_are_for_the_roots_player() -> None:
    game = zs.games.TicTacToe()
    state = game.initial_state
    for move in (4, 0, 8, 2):  # X threatens 0-1-2... O to move must block
        state = game.result(state, move)
    tree = zs.trace(AlphaBeta(3, depth_adjust=False), game, state)
    for node in tree.nodes:
        if node.kind == "terminal":  # the root's player (O) wins or loses
            assert node.value in (-1, 0, 1)
    mins = [n for n in tree.nodes if n.kind == "inner" and not n.maximizing]
    for node in mins:  # a MIN node takes the smallest of its children
        values = [c.value for c in tree.children(node) if c.kind != "pruned"]
        assert node.value == min(values)  # type: ignore[type-var]


def test_the_cap_keeps_the_first_nodes_and_counts_the_rest() -> None:
    game = zs.games.TicTacToe()
    tree = zs.trace(AlphaBeta(5, ordering=False, table=False), game, cap=30)
    assert len(tree.nodes) == 30
    assert tree.visited > 30 and tree.left_out > 0
    assert Trace.from_dict(tree.to_dict()).nodes == tree.nodes


@pytest.mark.parametrize(
    "spec",
    ["tictactoe", "connect4:width=5,height=4", "migration:n=5", "othello:size=4", "pick:n=3"],
)
@pytest.mark.parametrize("depth_adjust", [True, False])
def test_a_compiled_search_is_retraced_with_its_value_and_node_count(
    spec: str, depth_adjust: bool
) -> None:
    """With ordering and the table off the Python re-run takes the compiled search's
    steps; with them on, its value (the note says the node count may differ)."""
    game = zs.load_game(spec)
    state = game.initial_state
    for depth in (1, 2, 4):
        for ordering, table in itertools.product((False, True), repeat=2):
            agent = AlphaBeta(depth, ordering=ordering, table=table, depth_adjust=depth_adjust)
            agent(game, state)
            assert agent.last is not None and agent.last.compiled
            tree, nodes = rerun(agent, game, state, cap=10)
            assert math.isclose(tree.value or 0.0, agent.last.value, abs_tol=1e-12)
            assert "compiled" in tree.note
            if not ordering and not table:
                assert nodes == agent.last.nodes, (depth, ordering, table)
                assert "node count" in tree.note and "may differ" not in tree.note
            else:
                assert "may differ" in tree.note


def test_a_compiled_agent_asked_for_a_trace_keeps_one_every_move() -> None:
    game = zs.games.TicTacToe()
    agent = zs.make_agent("alphabeta:depth=3,trace=500")
    state = game.initial_state
    for _ in range(3):
        move = agent(game, state)
        assert agent.last is not None and agent.last.trace is not None
        assert agent.last.trace.move == str(move) and "compiled" in agent.last.trace.note
        assert agent.last.trace.agent == "alphabeta:depth=3,trace=500"
        state = game.result(state, move)


@pytest.mark.alone
def test_a_trace_of_an_agent_with_a_time_limit_keeps_to_it() -> None:
    game = zs.games.ConnectFour()
    start = time.perf_counter()
    tree = zs.trace(AlphaBeta(time_limit=0.3), game)
    assert time.perf_counter() - start < 5
    assert tree.switches["iteration"] >= 1 and "iterative deepening" in tree.note
    _facts(tree)


def test_minimax_traced_counts_and_plays_as_minimax() -> None:
    game = Kayles(6)
    plain, traced = Minimax(3), Minimax(3, trace=10_000)
    assert plain(game, game.initial_state) == traced(game, game.initial_state)
    assert plain.last is not None and traced.last is not None
    assert (traced.last.value, traced.last.nodes) == (plain.last.value, plain.last.nodes)
    tree = traced.last.trace
    assert tree is not None and tree.visited == plain.last.nodes == len(tree.nodes)
    assert tree.algorithm == "minimax" and tree.value == plain.last.value
    assert not any(node.kind == "pruned" for node in tree.nodes)


def test_a_trace_cap_must_be_a_positive_number() -> None:
    for cap in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="trace must be"):
            AlphaBeta(2, trace=cap)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="trace must be"):
            Minimax(2, trace=cap)  # type: ignore[arg-type]
    assert "trace=9" in repr(AlphaBeta(2, trace=9)) and "trace" not in repr(AlphaBeta(2))
