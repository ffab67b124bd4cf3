"""``zs.trace``: the tree of any agent that can show its search, through ``hooks.traced``."""

from __future__ import annotations

import pytest

import zerosum as zs
from zerosum.agents import AlphaBeta, Minimax, Random
from zerosum.trace import Trace


def test_zs_trace_is_the_function_and_the_model_is_imported_by_name() -> None:
    from zerosum.trace import Recorder, model
    from zerosum.trace.model import Node

    assert callable(zs.trace) and zs.trace.__module__ == "zerosum.agents.tracing"
    assert model.Trace is Trace and model.Node is Node and model.Recorder is Recorder


def test_it_traces_a_move_from_the_start_by_default_and_keeps_the_game() -> None:
    game = zs.games.TicTacToe()
    agent = AlphaBeta(2)
    tree = zs.trace(agent, game, cap=40)
    assert tree.algorithm == "alphabeta" and tree.root.state == game.initial_state
    assert tree.game_object is game and len(tree.nodes) <= 40
    assert agent.last is None  # the agent's own record is left alone
    assert zs.trace(Minimax(1), game).move == "4"


def test_an_agent_that_cannot_show_its_search_says_which_can() -> None:
    game = zs.games.TicTacToe()
    with pytest.raises(TypeError, match="Minimax, AlphaBeta, MonteCarlo, MCTS and AlphaZero"):
        zs.trace(Random(seed=1), game)


def test_a_finished_game_has_no_search_to_trace() -> None:
    game = zs.games.TicTacToe()
    state = game.initial_state
    for move in (0, 3, 1, 4, 2):
        state = game.result(state, move)
    with pytest.raises(ValueError, match="game is over"):
        zs.trace(AlphaBeta(2), game, state)


@pytest.mark.parametrize(
    "agent",
    [
        Minimax(1, trace=20),
        Minimax(0, trace=5),
        AlphaBeta(2, trace=20),
        AlphaBeta(2, compiled=False, trace=20),
        zs.agents.MonteCarlo(playouts=4, seed=1, trace=20),
        zs.agents.MCTS(iterations=30, seed=1, trace=20),
    ],
    ids=repr,
)
def test_an_agents_own_trace_keeps_the_game_so_its_tree_draws_boards(agent: object) -> None:
    game = zs.games.TicTacToe()
    agent(game, game.initial_state)  # type: ignore[operator]
    tree = agent.last.trace  # type: ignore[attr-defined]
    assert tree is not None and tree.game_object is game
    assert '"boards": ["' in tree._repr_html_()  # the positions' drawings are embedded
