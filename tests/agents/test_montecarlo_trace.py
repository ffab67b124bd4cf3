"""The trees of MonteCarlo and MCTS (``traced`` and ``trace=cap``): counts that add up,
a cap that keeps the most visited part, the agent's own move and value, JSON both ways,
on tic-tac-toe, Connect Four (compiled and generic) and a user's game."""

from __future__ import annotations

import json
from typing import Any

import pytest

import zerosum as zs
from test_user_game import Nim
from zerosum.agents import MCTS, MonteCarlo
from zerosum.game import format_action, replay
from zerosum.trace import Node, Trace

TTT = zs.games.TicTacToe()
C4 = zs.games.ConnectFour()
GAMES = [
    pytest.param(TTT, id="tictactoe"),
    pytest.param(C4, id="connect_four"),
    pytest.param(Nim(9), id="user_game"),
]
PATHS = [pytest.param(True, id="compiled"), pytest.param(False, id="generic")]


def round_trip(trace: Trace) -> Trace:
    return Trace.from_dict(json.loads(json.dumps(trace.to_dict())))


def ended_here(trace: Trace, node: Node) -> int:
    """The iterations that ended at ``node``: its visits less its children's."""
    assert node.visits is not None
    return node.visits - sum(child.visits or 0 for child in trace.children(node))


@pytest.mark.parametrize("game", GAMES)
def test_montecarlo_shows_the_root_and_a_child_per_move(game: Any) -> None:
    state = game.initial_state
    trace = MonteCarlo(playouts=40, seed=3).traced(game, state, cap=100)
    agent = MonteCarlo(playouts=40, seed=3)
    move = agent(game, state)
    assert agent.last is not None
    children = trace.children(trace.root)
    assert len(children) == len(game.actions(state)) and trace.visited == len(children) + 1
    assert all(child.playouts == 40 for child in children)
    assert trace.root.playouts == 40 * len(children) and trace.left_out == 0
    assert {child.move: child.mean for child in children} == agent.last.means
    assert trace.move == children[0].move == zs.game.format_action(game, move)
    assert trace.value == children[0].mean == max(child.mean or -2 for child in children)
    assert trace.algorithm == "montecarlo" and trace.pv == [0, children[0].id]
    assert round_trip(trace) == trace


def test_montecarlo_means_are_for_the_root_player() -> None:
    state = replay(TTT, "0 3 1 4".split())  # X (player 1) to move, wins at 2
    trace = MonteCarlo(playouts=30, seed=0).traced(TTT, state, cap=20)
    first = trace.children(trace.root)[0]
    assert trace.move == first.move == "2" and first.kind == "terminal"
    assert first.mean == first.value == 1.0
    state = replay(TTT, "0 3 1 4 8".split())  # O (player 2) to move, wins at 5
    assert MonteCarlo(playouts=30, seed=0).traced(TTT, state, cap=20).value == 1.0


def test_a_montecarlo_cap_keeps_every_move_of_the_root_the_chosen_first() -> None:
    trace = MonteCarlo(playouts=20, seed=1).traced(C4, C4.initial_state, cap=3)
    moves = [child.move for child in trace.children(trace.root)]
    assert sorted(moves) == sorted(format_action(C4, a) for a in C4.actions(C4.initial_state))
    assert trace.visited == 8 and trace.left_out == 0
    assert moves[0] == trace.move and trace.pv == [0, 1]


@pytest.mark.parametrize("compiled", PATHS)
@pytest.mark.parametrize("game", GAMES)
def test_mcts_counts_add_up_and_its_move_is_the_most_visited(game: Any, compiled: bool) -> None:
    agent = MCTS(iterations=400, seed=5, compiled=compiled)
    trace = agent.traced(game, game.initial_state, cap=100_000)
    assert trace.root.visits == 400 and trace.left_out == 0
    assert len(trace.nodes) == trace.visited
    for node in trace.nodes:
        visits = [child.visits or 0 for child in trace.children(node)]
        assert visits == sorted(visits, reverse=True)  # the most visited first
        if node.kind == "terminal":
            assert ended_here(trace, node) == node.visits and node.value is not None
        elif node.id == 0:
            assert ended_here(trace, node) == 0  # a fresh root is expanded at once
        else:
            assert ended_here(trace, node) == 1  # the rollout of its first visit
    best = trace.children(trace.root)[0]
    assert trace.move == best.move and trace.pv[:2] == [0, best.id]
    assert zs.game.format_action(game, agent(game, game.initial_state)) == trace.move
    assert agent.last is not None and agent.last.value == trace.value == best.mean
    compiled = compiled and not isinstance(game, Nim)  # a user's game has no compiled tree
    tree = "the compiled tree's arrays" if compiled else "the generic tree"
    assert trace.note == f"read from {tree} after the search"
    assert trace.switches["compiled"] is compiled


@pytest.mark.parametrize("compiled", PATHS)
def test_mcts_values_are_for_the_root_player_and_levels_alternate(compiled: bool) -> None:
    state = replay(C4, "1 2 1 2 1 2".split())  # X wins in column 1
    trace = MCTS(iterations=300, seed=0, compiled=compiled).traced(C4, state, cap=1000)
    win = trace.children(trace.root)[0]
    assert trace.move == win.move == "1" and win.kind == "terminal"
    assert win.value == win.mean == 1.0 and win.score is not None and win.score > 1
    for node in trace.nodes:
        assert node.maximizing == (node.ply % 2 == 0) or node.kind == "terminal"
        assert node.score is None if node.id == 0 else node.score is not None


@pytest.mark.parametrize("compiled", PATHS)
def test_solver_proven_nodes_carry_their_value(compiled: bool) -> None:
    state = replay(C4, "3 3 4 4".split())  # X to move: 2 or 5 makes an open three
    agent = MCTS(iterations=20_000, seed=1, solver=True, compiled=compiled)
    trace = agent.traced(C4, state, cap=100_000)
    assert trace.root.value == trace.value == 1.0 and trace.root.reason == "proven by the solver"
    for node in trace.nodes:
        if node.value is not None and node.kind != "terminal":
            assert node.reason == "proven by the solver" and trace.children(node)
            assert (node.id > 0) <= ended_here(trace, node) <= (node.visits or 0)
        elif node.kind != "terminal" and node.id:
            assert ended_here(trace, node) == 1


@pytest.mark.parametrize("compiled", PATHS)
def test_a_cap_keeps_the_most_visited_part_and_counts_the_rest(compiled: bool) -> None:
    agent = MCTS(iterations=600, seed=2, compiled=compiled)
    whole = agent.traced(C4, C4.initial_state, cap=100_000)
    capped = agent.traced(C4, C4.initial_state, cap=25)
    assert len(capped.nodes) == 25 and capped.visited == whole.visited
    assert capped.left_out == whole.visited - 25 > 0
    chosen = capped.children(capped.root)[0]  # the most visited, listed first
    assert chosen.move == capped.move
    assert [capped.nodes[i].move for i in capped.pv] == [whole.nodes[i].move for i in whole.pv]
    below = [n for n in capped.walk(chosen) if n.id not in capped.pv]
    assert len(below) == 25 - len(capped.root.children) - len(capped.pv) + 1
    kept = min(node.visits or 0 for node in below)
    beside = sorted(whole.walk(whole.children(whole.root)[0]), key=lambda n: n.id)
    beside = [n for n in beside if n.id not in whole.pv]
    assert all((node.visits or 0) <= kept for node in beside[len(below) :])
    assert round_trip(capped) == capped
    assert capped.to_dict()["left_out"] == capped.left_out


def test_a_json_round_trip_keeps_every_fact() -> None:
    trace = MCTS(iterations=200, seed=4, solver=True).traced(TTT, TTT.initial_state, cap=60)
    again = round_trip(trace)
    assert again == trace and again.nodes[5].to_dict() == trace.nodes[5].to_dict()
    assert trace.nodes[5].state is not None and again.nodes[5].state is None


@pytest.mark.parametrize("make", [MonteCarlo, MCTS])
def test_traced_leaves_the_agent_as_it_was(make: Any) -> None:
    agent = make(seed=7)
    before = agent.rng.getstate()
    agent.traced(TTT, TTT.initial_state, cap=10)
    assert agent.last is None and agent.rng.getstate() == before
    assert getattr(agent, "_tree", None) is None


@pytest.mark.parametrize("compiled", PATHS)
def test_the_trace_option_keeps_every_move_tree(compiled: bool) -> None:
    agent = MCTS(iterations=300, seed=0, compiled=compiled, trace=50)
    state = C4.initial_state
    agent(C4, state)
    assert agent.last is not None and agent.last.trace is not None
    first = agent.last.trace
    assert len(first.nodes) == 50 and first.root.visits == 300
    state = C4.result(C4.result(state, agent(C4, state)), 3)
    agent(C4, state)  # the tree of this position is kept from the last search
    kept = agent.last.reused
    second = agent.last.trace
    assert second is not None and second.root.visits == kept + 300
    assert kept and f"include {kept} kept from the last search" in second.note


@pytest.mark.parametrize("make", [MonteCarlo, MCTS])
def test_by_default_no_trace_is_kept(make: Any) -> None:
    agent = make(seed=1)
    agent(TTT, TTT.initial_state)
    assert agent.last is not None and agent.last.trace is None
    kept = make(seed=1, trace=5)
    kept(TTT, TTT.initial_state)
    assert kept.last is not None and kept.last.trace is not None
    found = kept.last.trace
    assert len(found.children(found.root)) == 9  # every root move, and the chosen line
    assert len(found.nodes) == max(5, 1 + 9 + len(found.pv) - 2)


@pytest.mark.parametrize("make", [MonteCarlo, MCTS])
@pytest.mark.parametrize("bad", [0, -1, 2.5, "10", True])
def test_a_bad_trace_option_is_refused(make: Any, bad: Any) -> None:
    with pytest.raises(ValueError, match="trace must be a positive number of nodes"):
        make(trace=bad)


@pytest.mark.parametrize("spec", ["montecarlo:playouts=5,seed=1", "mcts:iterations=30,seed=1"])
def test_zs_trace_names_the_agent_by_its_spec(spec: str) -> None:
    agent = zs.agents.make_agent(spec)
    trace = zs.trace(agent, TTT, cap=4)
    assert trace.agent == spec and trace.game == "tictactoe"
    assert len(trace.children(trace.root)) == 9
    assert trace.algorithm == spec.split(":")[0] and agent.last is None
