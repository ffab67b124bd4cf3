"""Which agents have a Python stand-in, and how a host prepares them (``hosting/standin.py``).
A host compiling in the background while the stand-in plays is tested on a fresh numba
cache, through the page: ``tests/web/test_thinking_cold.py``."""

from __future__ import annotations

import random

import pytest

import zerosum as zs
from helpers import Pile
from zerosum.agents import AlphaBeta, SearchInfo, make_agent
from zerosum.hosting.standin import NOTE, Preparing, StandingIn, noted, python_stand_in


def test_alpha_beta_stands_in_with_its_python_search_and_the_same_switches() -> None:
    game = zs.games.TicTacToe()
    agent = AlphaBeta(depth=3, time_limit=2.0, ordering=False, table=True,
                      depth_adjust=False, seed=5, table_size=1000, trace=50)  # fmt: skip
    stand_in = python_stand_in(agent, game)
    assert isinstance(stand_in, AlphaBeta) and stand_in is not agent
    assert stand_in.compiled is False and not stand_in.would_compile(game)
    switches = ("depth", "evaluate", "time_limit", "ordering", "table", "depth_adjust",
                "seed", "table_size", "trace")  # fmt: skip
    assert [getattr(stand_in, s) for s in switches] == [getattr(agent, s) for s in switches]
    # the same search as the agent's own with compiled=False, move and value
    state = game.result(game.initial_state, 4)
    own = AlphaBeta(depth=3, time_limit=2.0, ordering=False, table=True,
                    depth_adjust=False, seed=5, table_size=1000, compiled=False)  # fmt: skip
    assert stand_in(game, state) == own(game, state)
    assert stand_in.last is not None and own.last is not None
    assert stand_in.last.value == own.last.value and not stand_in.last.compiled


def test_agents_that_would_not_compile_or_compile_either_way_have_no_stand_in() -> None:
    game = zs.games.TicTacToe()
    assert python_stand_in(make_agent("alphabeta:compiled=False"), game) is None
    assert python_stand_in(AlphaBeta(evaluate=lambda state, player: 0.0), game) is None
    assert python_stand_in(AlphaBeta(), Pile()) is None  # a game with no compiled search
    assert python_stand_in(make_agent("mcts:compiled=False,python_rollouts=True"), game) is None
    assert python_stand_in(make_agent("random"), game) is None
    # perfect needs no compiled code on a game small enough for Python
    assert python_stand_in(make_agent("perfect"), game) is None


def test_mcts_stands_in_with_its_generic_tree_rolling_out_in_python() -> None:
    game = zs.games.TicTacToe()
    agent = make_agent("mcts:iterations=300,c=1.2,seed=4,solver=True")
    stand_in = python_stand_in(agent, game)
    assert isinstance(stand_in, zs.agents.MCTS) and not stand_in.would_compile(game)
    settings = ("iterations", "time_limit", "c", "seed", "solver", "trace")
    assert [getattr(stand_in, s) for s in settings] == [getattr(agent, s) for s in settings]
    stand_in(game, game.initial_state)
    assert stand_in.last is not None and stand_in.last.compiled is False


def test_montecarlo_stands_in_rolling_out_in_python() -> None:
    game = zs.games.ConnectFour()
    agent = make_agent("montecarlo:playouts=5,seed=3")
    stand_in = python_stand_in(agent, game)
    assert isinstance(stand_in, zs.agents.MonteCarlo) and not stand_in.would_compile(game)
    assert (stand_in.playouts, stand_in.seed) == (5, 3) and stand_in.rng is agent.rng
    assert stand_in(game, game.initial_state) in game.actions(game.initial_state)
    assert python_stand_in(stand_in, game) is None


def test_perfect_stands_in_with_its_python_solver_where_it_would_compile() -> None:
    game = zs.load_game("migration:n=5")
    stand_in = python_stand_in(make_agent("perfect:seed=2"), game)
    assert isinstance(stand_in, zs.agents.Perfect) and not stand_in.would_compile(game)
    assert stand_in.seed == 2


def test_an_agent_whose_code_is_loaded_is_prepared_at_once_and_searches_itself() -> None:
    game, agent = zs.games.TicTacToe(), make_agent("alphabeta:depth=4")
    agent.prepare(game)  # its compiled search in memory now
    preparing = Preparing()
    preparing.prepare(make_agent("alphabeta:depth=4"), game, background=True)
    assert not preparing.compiling  # nothing left to compile: no thread
    assert preparing.searcher(agent, game) is agent


def test_without_background_or_a_stand_in_an_agent_is_prepared_at_once() -> None:
    prepared: list[object] = []

    class Preparer:
        def prepare(self, game: object) -> None:
            prepared.append(game)

        def __call__(self, game: zs.Game, state: object) -> object:
            return next(iter(game.actions(state)))

    game, agent, preparing = zs.games.TicTacToe(), Preparer(), Preparing()
    preparing.prepare(agent, game, background=False)
    preparing.prepare(agent, game, background=True)
    assert prepared == [game, game] and not preparing.compiling


def test_a_stand_ins_summary_says_so_before_its_own_note() -> None:
    info = SearchInfo(0.5, 3, 100, 0.01, (4,), {"compiled": False})
    assert noted(info) == SearchInfo(0.5, 3, 100, 0.01, (4,), {"compiled": False}, NOTE)
    cut = SearchInfo(0.5, 2, 100, 0.01, (4,), note="out of time at depth 2")
    assert noted(cut).note == f"{NOTE}; out of time at depth 2"  # type: ignore[union-attr]
    assert noted(None) is None


def test_standing_in_once_compiled_is_the_agent_itself_by_name_seed_and_move() -> None:
    game = zs.games.TicTacToe()
    agent = make_agent("alphabeta:depth=4,seed=3")
    agent.prepare(game)  # compiled: no thread, the agent searches itself
    playing = StandingIn(agent, Preparing())
    assert zs.arena.agent_name(playing) == "alphabeta:depth=4,seed=3" == playing.spec
    playing.reset(seed=9)  # reseeds the agent's tie-breaker
    assert agent.rng.random() == random.Random(9).random()
    state = game.result(game.initial_state, 4)
    action = playing(game, state)
    assert action == agent(game, state) and playing.last is not None
    assert playing.last.compiled and playing.last.note != NOTE


def test_a_stand_in_draws_its_ties_from_the_agents_own_stream() -> None:
    game = zs.games.TicTacToe()
    agent = AlphaBeta(depth=2, seed=5)
    agent.reset(11)  # the arena's seed for this game
    twin = python_stand_in(agent, game)
    assert twin is not None and twin.rng is agent.rng


def test_perfects_stand_in_on_connect_four_answers_from_the_book_and_never_loads_the_solver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from zerosum.games.connect_four import solver as connect4

    game = zs.games.ConnectFour()
    stand_in = python_stand_in(make_agent("perfect"), game)
    assert isinstance(stand_in, zs.agents.Perfect) and not stand_in.would_compile(game)
    # as if the solver were compiling in another thread: neither loaded nor to be loaded
    monkeypatch.setattr(connect4, "is_compiled", lambda kernels=(): False)
    monkeypatch.setattr(connect4, "ensure_compiled", lambda kernels=(): pytest.fail("loaded"))
    assert stand_in(game, game.initial_state) == 3  # the centre, from the opening book
    assert stand_in.last is not None and stand_in.last.nodes == 0
    # past the book, the Python search under the move's deadline, saying so
    past = zs.position(game, "4671146221161364")
    with zs.budget.limit(0.3):
        assert stand_in(game, past) in game.actions(past)
    assert stand_in.last is not None and "no proof" in stand_in.last.note
