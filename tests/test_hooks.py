"""The catalog of optional members (``zerosum.hooks``): every accessor finds its member on
a game (or agent) that has it, answers None (False for a flag) on one that lacks it, and
a twin's accessor hands out a built-in fast path only to the class it is registered for:
a subclass gets the generic path until it registers a bundle (``like=`` its parent's)."""

from __future__ import annotations

import inspect
from functools import partial
from typing import Any

import pytest

import zerosum as zs
from helpers import Pile
from zerosum import hooks
from zerosum.agents import AlphaBeta
from zerosum.fast_paths import fast_paths, register_fast_paths
from zerosum.interop.connectx import ConnectX


class Searched(Pile):
    """A user's game with a compiled search and playouts of its own (no built-in has them)."""

    def search_kernel(self) -> Any:
        return "a search of its own"

    def playouts(self, state: Any, n: int, seed: int) -> float:
        return 0.0

    def params(self) -> dict[str, Any]:
        return {}


def _twins() -> dict[str, Any]:
    """Every twin's accessor, with a game that carries the twin (a built-in one where one
    registers it)."""
    connect4 = zs.games.ConnectFour(width=4, height=4)
    migration = zs.games.Migration(n=4)
    pick = zs.games.Pick(n=3)
    return {
        "compiled_rules": zs.games.TicTacToe(),
        "search_kernel": Searched(),
        "playouts": Searched(),
        "key": connect4,
        "canonical_key": zs.games.TicTacToe(),
        "symmetry": zs.games.TicTacToe(),
        "move_orders": pick,
        "space_layers": pick,
        "space_probes": connect4,
        "solve_exactly": connect4,
        "solve_weakly": migration,
        "keeping_move": connect4,
        "warm_solver": connect4,
        "settled": migration,
        "has_compiled_solver": connect4,
        "perfect_is_instant": zs.games.TicTacToe(),
        "minimax_is_instant": zs.games.TicTacToe(),
        "command_line": connect4,
    }


#: The words, each with a built-in game that has it.
WORDS = ("evaluate", "ordered_actions", "spec", "rules", "render", "format_action",
         "parse_action", "to_svg", "column_board", "position",
         "position_text", "side_names", "piece_marks", "tally")  # fmt: skip
#: The accessors that answer a flag (False when the member is missing).
FLAGS = ("has_compiled_solver", "perfect_is_instant", "minimax_is_instant", "ordered_actions")
#: The agent members.
AGENT_MEMBERS = ("prepare", "prepare_helpers", "reset", "last", "time_limit", "name", "traced")
TWINS = tuple(_twins())


def _misere(game: Any) -> Any:
    """``game`` in a subclass whose winner loses: a rule changed, its twins untrue."""

    base = type(game)

    def utility(self: Any, state: Any, player: int) -> Any:
        return -base.utility(self, state, player)

    return type(f"Misere{base.__name__}", (base,), {"utility": utility})(**game.params())


def _missing(accessor: str) -> Any:
    return False if accessor in FLAGS else None


def test_the_catalog_lists_every_accessor_and_this_module_tests_each() -> None:
    accessors = {
        name for name, value in vars(hooks).items()
        if inspect.isfunction(value) and value.__module__ == hooks.__name__
        and not name.startswith("_") and name != "own_hook"
    }  # fmt: skip
    assert accessors == set(TWINS) | set(WORDS) | set(AGENT_MEMBERS)
    assert accessors <= set(hooks.__all__)


@pytest.mark.parametrize("accessor", TWINS)
def test_a_twin_is_found_on_a_game_that_has_it(accessor: str) -> None:
    game = _twins()[accessor]
    found = getattr(hooks, accessor)(game)
    bundle = fast_paths(type(game))
    if bundle is None:  # a user's own game: its member itself
        assert found == getattr(game, accessor)
    elif accessor in FLAGS:
        assert found is True
    elif accessor == "symmetry":
        assert found == bundle.symmetry(game) != ""  # type: ignore[misc]
    elif accessor == "command_line":
        assert found is bundle.command_line is not None
    else:  # the registered function, bound to the game
        assert isinstance(found, partial)
        assert (found.func, found.args) == (getattr(bundle, accessor), (game,))


@pytest.mark.parametrize("accessor", TWINS + WORDS)
def test_a_member_a_game_lacks_is_none(accessor: str) -> None:
    assert getattr(hooks, accessor)(Pile()) is _missing(accessor)


@pytest.mark.parametrize("accessor", TWINS)
def test_a_twin_is_refused_to_a_subclass_that_changes_the_rules(accessor: str) -> None:
    base = _twins()[accessor]
    if fast_paths(type(base)) is None:
        pytest.skip("a user's own twin: the user answers for it")
    game = _misere(base)
    assert getattr(hooks, accessor)(game) is _missing(accessor)


@pytest.mark.parametrize("accessor", TWINS)
def test_a_subclass_that_keeps_the_rules_opts_in_with_its_parents_bundle(accessor: str) -> None:
    base = _twins()[accessor]
    if fast_paths(type(base)) is None:
        pytest.skip("a user's own twin: inherited as any method")
    same = type(f"Same{type(base).__name__}", (type(base),), {})(**base.params())
    assert getattr(hooks, accessor)(same) is _missing(accessor)  # not registered: generic
    register_fast_paths(type(same), like=type(base))
    assert getattr(hooks, accessor)(same) is not _missing(accessor)
    assert fast_paths(type(same)) is fast_paths(type(base))


def test_registering_takes_a_bundle_or_a_parent_that_has_one() -> None:
    class Mine(zs.games.TicTacToe):
        pass

    with pytest.raises(TypeError):
        register_fast_paths(Mine)
    with pytest.raises(TypeError):
        register_fast_paths(Mine, like=zs.games.ConnectFour)  # not its parent
    with pytest.raises(ValueError):
        register_fast_paths(type("Sub", (Pile,), {}), like=Pile)  # Pile registered none


def test_the_words_are_found_and_a_subclass_that_changes_a_rule_keeps_them() -> None:
    for game in (zs.games.ConnectFour(width=4, height=4), _misere(zs.games.ConnectFour())):
        assert hooks.evaluate(game) == game.evaluate
        assert hooks.ordered_actions(game) is True
        assert hooks.spec(game) == game.spec
        assert hooks.rules(game) == game.rules
        assert hooks.render(game) == game.render
        assert hooks.format_action(game) == game.format_action
        assert hooks.parse_action(game) == game.parse_action
        assert hooks.to_svg(game) == game.to_svg
        assert hooks.position(game) == game.position
        assert hooks.position_text(game) == game.position_text
        assert hooks.column_board(game) is game
        assert hooks.command_line(game) is hooks.command_line(type(game))
        assert hooks.side_names(game) == ("Red", "Yellow")
        assert hooks.piece_marks(game) == ("X", "O")
        assert "X" in game.render(game.result(game.initial_state, 3))
    for game in (zs.games.Othello(size=4), _misere(zs.games.Othello(size=4))):
        assert hooks.tally(game) == game.tally
        assert hooks.tally(game)(game.initial_state) == "Black 2, White 2"


def test_a_users_own_member_is_always_the_games_own() -> None:
    class Keyed(Pile):
        def key(self, state: Any) -> Any:
            return state

        def settled(self, state: Any) -> Any:
            return None

    class Changed(Keyed):
        def utility(self, state: Any, player: int) -> float:
            return -super().utility(state, player)

    game = Changed()
    assert hooks.key(game) == game.key
    assert hooks.settled(game) == game.settled


def test_a_member_set_on_the_game_itself_is_its_own() -> None:
    game = _misere(zs.games.TicTacToe())
    game.key = lambda state: state
    assert hooks.key(game) is game.key


def test_the_agent_members_are_found_on_an_agent_that_has_them() -> None:
    game = zs.games.TicTacToe()
    agent = AlphaBeta(depth=1, time_limit=5.0)
    assert hooks.last(agent) is None  # no move yet
    agent(game, game.initial_state)
    assert hooks.prepare(agent) == agent.prepare
    assert hooks.prepare_helpers(agent) == agent.prepare_helpers
    assert hooks.reset(agent) == agent.reset
    assert hooks.last(agent) is agent.last is not None
    assert hooks.time_limit(agent) == 5.0
    assert hooks.traced(agent) == agent.traced
    kaggles = ConnectX(lambda observation, configuration: 0, "mine.py")
    assert hooks.name(kaggles) == "connectx:mine.py"
    assert hooks.spec(zs.make_agent("alphabeta:depth=2")) == "alphabeta:depth=2"


@pytest.mark.parametrize("accessor", AGENT_MEMBERS)
def test_an_agent_member_a_plain_function_lacks_is_none(accessor: str) -> None:
    def first(game: Any, state: Any) -> Any:
        return game.actions(state)[0]

    assert getattr(hooks, accessor)(first) is None
