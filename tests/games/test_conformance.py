"""Every built-in game keeps the invariants of the interface over random playouts."""

from __future__ import annotations

import copy
import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

import zerosum as zs
from helpers import SMALL_GAMES
from zerosum.game import check_action, format_action, parse_action, render_state
from zerosum.games import GAMES


@settings(max_examples=60, deadline=None)
@given(spec=st.sampled_from(SMALL_GAMES), data=st.data())
def test_random_playouts_keep_the_interface(spec: str, data: st.DataObject) -> None:
    game = zs.load_game(spec)
    state = game.initial_state
    seen = 0
    while not game.is_terminal(state):
        actions = game.actions(state)
        assert actions, "a non-terminal state must offer an action"
        assert len(set(actions)) == len(actions)
        action = data.draw(st.sampled_from(actions))
        before = copy.deepcopy(state)
        following = game.result(state, action)
        assert state == before, "result() must not mutate its input"
        assert game.player(following) in (1, 2)
        # human format round-trips
        assert parse_action(game, format_action(game, action), state) == action
        hash(following)
        state = following
        seen += 1
        assert seen <= 10_000, "games must end"
    assert list(game.actions(state)) == []
    assert game.utility(state, 1) == -game.utility(state, 2)
    assert game.utility(state, 1) in (-1, 0, 1)
    assert render_state(game, state)


def test_games_pickle_and_compare_by_parameters(game: object) -> None:
    clone = pickle.loads(pickle.dumps(game))
    assert clone == game and hash(clone) == hash(game)
    assert zs.load_game(game.spec) == game  # type: ignore[attr-defined]
    assert repr(game).startswith(type(game).__name__ + "(")


def test_an_illegal_action_is_refused_with_the_legal_ones(game: object) -> None:
    state = game.initial_state  # type: ignore[attr-defined]
    try:
        check_action(game, state, "not an action")
    except zs.IllegalActionError as exc:
        assert "player 1 cannot play" in str(exc)
        assert "legal:" in str(exc)
        assert exc.player == 1
    else:
        raise AssertionError("an illegal action must raise")


def test_every_built_in_game_gives_the_tests_small_specs_of_its_own() -> None:
    built_in = [entry for entry in GAMES if isinstance(entry.factory, type)]  # not adapters
    assert {entry.name for entry in built_in} >= {"tictactoe", "connect4", "migration"}
    for entry in built_in:
        assert entry.small_specs, f"{entry.name}: give small_specs in games/registry.py"
        assert all(zs.load_game(spec).name == entry.name for spec in entry.small_specs)
