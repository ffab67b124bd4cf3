"""The compiled alpha-beta (``kernels/alphabeta.py`` ``_negamax``) against the Python
negamax it mirrors (``agents/negamax.py``), on every small game of the registry; and
against the searches that share that negamax or solve with it: Minimax (``classic.py``,
the full window) and the generic exact solver (``solve.py``).

With ordering and the table off, neither deepens at a fixed depth, and the Python
negamax taking the compiled search's steps (``ends_first``: a move that ends the game
looked for first at an inner node, every move generated there counted) visits the same
nodes: the same count, value and best move. With ordering or the table on they differ by
design in the order of moves and so in the nodes (the kernel keys its table by symmetry,
keeps frontier nodes out of it and has its own killers), so only the value is the same
(``test_alphabeta.py``, ``test_compiled_and_python_paths_return_the_same_value``).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

import zerosum as zs
from helpers import SMALL_GAMES
from zerosum import hooks
from zerosum.agents import AlphaBeta, Minimax
from zerosum.agents.search import _Search
from zerosum.agents.solve import Solver, _by_compiled_search, _near_an_end
from zerosum.kernels.alphabeta import search_kernel
from zerosum.records.search import AlphaBetaInfo

#: Every small spec of the registry whose rules compile (a new compiled game is tested
#: with no edit here).
COMPILED = [spec for spec in SMALL_GAMES if search_kernel(zs.load_game(spec)) is not None]


def _python_mirror(
    game: Any, state: Any, depth: int, depth_adjust: bool
) -> tuple[float, tuple[Any, ...], int]:
    """The Python negamax with the compiled search's steps, untraced (``ends_first``): its
    value, principal variation and nodes."""
    agent = AlphaBeta(depth, ordering=False, table=False, depth_adjust=depth_adjust,
                      compiled=False)  # fmt: skip
    agent._table_game = game
    search = _Search(agent, game, None)
    search.ends_first = True
    value, moves, _ = search.run(state, time.perf_counter())
    return value, search.principal_variation(state, moves[0], depth), search.nodes


def test_every_compiled_small_game_is_checked() -> None:
    assert {"tictactoe", "pick:n=3", "connect4", "migration:n=5", "othello:size=4"} <= set(COMPILED)


@pytest.mark.parametrize("spec", COMPILED)
@pytest.mark.parametrize("depth_adjust", [True, False])
def test_the_compiled_search_visits_the_python_negamax_s_nodes(
    spec: str, depth_adjust: bool
) -> None:
    game = zs.load_game(spec)
    state = game.initial_state
    for depth in (1, 2, 3):
        compiled = AlphaBeta(depth, ordering=False, table=False, depth_adjust=depth_adjust)
        move = compiled(game, state)
        found = compiled.last
        assert isinstance(found, AlphaBetaInfo) and found.compiled
        value, pv, nodes = _python_mirror(game, state, depth, depth_adjust)
        assert (found.nodes, found.value, found.pv) == (nodes, value, pv), (spec, depth)
        assert move == pv[0]


@pytest.mark.parametrize("spec", COMPILED)
def test_minimax_finds_the_compiled_search_s_values_and_moves(spec: str) -> None:
    """Minimax is the same negamax with the full window at every node: its value and move
    are the compiled search's (without decay), at every depth, with more nodes or as many."""
    game = zs.load_game(spec)
    state = game.initial_state
    for depth in (1, 2, 3):
        compiled = AlphaBeta(depth, ordering=False, table=False, depth_adjust=False)
        move = compiled(game, state)
        found = compiled.last
        assert isinstance(found, AlphaBetaInfo) and found.compiled
        minimax = Minimax(depth)
        assert minimax(game, state) == move, (spec, depth)
        assert minimax.last is not None
        assert minimax.last.value == found.value, (spec, depth)
        assert minimax.last.nodes > found.nodes, (spec, depth)  # it prunes nothing


@pytest.mark.parametrize("spec", COMPILED)
@pytest.mark.parametrize("weak", [True, False])
def test_the_compiled_solve_finds_the_python_solver_s_scores(spec: str, weak: bool) -> None:
    """The generic exact solver's Python search (``Solver._build``) and the compiled search
    it turns to (``_by_compiled_search``) give every move the same score (weak: the same
    sign), a few plies before an end of the game."""
    game = zs.load_game(spec)
    state = _near_an_end(game, plies=5)
    assert state is not None
    python, _ = Solver(game, compiled=False)._by_python_search(state, weak, None)
    compiled = _by_compiled_search(game, state, weak)
    if compiled is None:  # an exact solve of a game with ``settled``: the Python search's
        assert not weak and hooks.settled(game) is not None
        return
    scores = compiled[0]
    if weak:  # only the signs are meant
        python = {move: (score > 0) - (score < 0) for move, score in python.items()}
        scores = {move: (score > 0) - (score < 0) for move, score in scores.items()}
    assert scores == python, spec
