"""OpenSpiel's games behind zerosum's interface: loading, refusals, the interface's
invariants over random playouts, and agents, the arena and the CLI playing them."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import zerosum as zs
from zerosum.cli import main
from zerosum.game import format_action, parse_action, render_state, state_key
from zerosum.interop import openspiel

pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")

#: Small versions of games unlike the built-in ones: multi-part moves (amazons), jumps
#: that keep the same player moving (checkers), passes (othello), string parameters (nim).
VARIED = [
    "openspiel:breakthrough,rows=5,columns=4",
    "openspiel:amazons,board_size=6",
    "openspiel:checkers,rows=6,columns=6",
    "openspiel:othello",
    "openspiel:nim,pile_sizes=1;2;3",
    "openspiel:mancala",
]


@pytest.mark.parametrize("spec", VARIED)
def test_random_playouts_keep_the_interface(spec: str) -> None:
    game = zs.load_game(spec)
    rng = random.Random(0)
    for _ in range(5):
        state = game.initial_state
        while not game.is_terminal(state):
            actions = game.actions(state)
            assert actions and len(set(actions)) == len(actions)
            action = rng.choice(actions)
            assert parse_action(game, format_action(game, action), state) == action
            before, printed = copy.copy(state.history), render_state(game, state)
            following = game.result(state, action)
            assert state.history == before and render_state(game, state) == printed
            assert following.history == (*before, action)
            assert game.player(following) in (1, 2)
            hash(following), hash(state_key(game, following))
            state = following
        assert game.actions(state) == []
        assert game.utility(state, 1) == -game.utility(state, 2)
        assert game.player(state) in (1, 2)


def test_the_players_follow_openspiel_even_when_a_player_moves_twice() -> None:
    game = openspiel.load("amazons", board_size=6)
    start = game.initial_state
    after_from = game.result(start, game.actions(start)[0])
    # an amazons move is three actions (from, to, shot) by the same player
    assert game.player(start) == game.player(after_from) == 1
    assert game.format_action(game.actions(start)[0]).startswith("X From")


def test_spec_rebuilds_the_game_and_games_pickle() -> None:
    game = zs.load_game("openspiel:connect_four,rows=5,columns=6")
    assert game == openspiel.load("connect_four", rows=5, columns=6)
    assert game.spec == "openspiel:connect_four,rows=5,columns=6"
    assert zs.load_game(game.spec) == game and hash(zs.load_game(game.spec)) == hash(game)
    assert repr(game) == "OpenSpielGame('connect_four', rows=5, columns=6)"
    assert zs.load_game("openspiel:nim,is_misere=false").params == {"is_misere": False}
    state = game.result(game.result(game.initial_state, 2), 3)
    clone_game, clone_state = pickle.loads(pickle.dumps((game, state)))
    assert clone_game == game and clone_state == state
    assert clone_game.render(clone_state) == game.render(state)
    assert game.actions(state) == clone_game.actions(clone_state)


def test_a_state_pickles_when_a_string_parameter_looks_like_a_number() -> None:
    """OpenSpiel's own pickle reads pile_sizes=5 back as a number and fails: an agent host
    receiving such a state died, and the web page played a random move instead."""
    game = zs.load_game("openspiel:nim,pile_sizes=5")
    state = game.result(game.initial_state, game.actions(game.initial_state)[0])
    clone = pickle.loads(pickle.dumps(state))
    assert clone == state and game.render(clone) == game.render(state)
    assert game.actions(clone) == game.actions(state)


def test_actions_are_openspiel_ids_written_as_openspiel_writes_them() -> None:
    game = openspiel.load("tic_tac_toe")
    state = game.result(game.initial_state, 4)
    assert game.actions(state)[:2] == [0, 1]
    assert [game.format_action(a) for a in game.actions(state)[:2]] == ["o(0,0)", "o(0,1)"]
    assert game.parse_action("O(0,1)", state) == 1  # case does not matter
    assert game.parse_action("8", state) == 8  # nor does the id
    assert pickle.loads(pickle.dumps(game.actions(state)[1])).text == "o(0,1)"
    with pytest.raises(zs.IllegalActionError, match=r"cannot play 'x\(9,9\)'.*legal: o\(0,0\)"):
        parse_action(game, "x(9,9)", state)
    with pytest.raises(zs.IllegalActionError, match="cannot play 4 "):
        zs.game.check_action(game, state, 4)  # taken


def test_transpositions_share_a_key() -> None:
    game = openspiel.load("tic_tac_toe")
    a = game.result(game.result(game.result(game.initial_state, 0), 4), 8)
    b = game.result(game.result(game.result(game.initial_state, 8), 4), 0)
    assert a != b  # different histories...
    assert game.key(a) == game.key(b)  # ...one position


def test_agents_and_the_arena_play_openspiel_games() -> None:
    game = zs.load_game("openspiel:tic_tac_toe")
    record = zs.play(game, zs.agents.Minimax(), zs.agents.Minimax())
    assert record.winner is None and record.reason is zs.arena.Reason.END
    breakthrough = zs.load_game("openspiel:breakthrough,rows=5,columns=4")
    record = zs.play(breakthrough, zs.agents.Random(seed=1), zs.agents.Random(seed=2))
    assert record.winner in (1, 2) and record.utilities[record.winner] == 1.0


def test_monte_carlo_agents_play_openspiel_games() -> None:
    game = zs.load_game("openspiel:tic_tac_toe")
    mcts, monte_carlo = zs.agents.MCTS(iterations=300, seed=0), zs.agents.MonteCarlo(50, seed=0)
    for first, second in ((mcts, zs.agents.Dummy()), (zs.agents.Dummy(), monte_carlo)):
        record = zs.play(game, first, second, seed=1)
        assert record.reason is zs.arena.Reason.END
        assert record.winner == (1 if first is mcts else 2)  # the dummy never blocks
    assert set(monte_carlo.last.means) <= {f"o({r},{c})" for r in range(3) for c in range(3)}


def test_cli_plays_an_openspiel_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "openspiel:tic_tac_toe", "--p1", "dummy", "--p2", "dummy"]) == 0
    out = capsys.readouterr().out
    assert "Player 1 plays x(2,0)" in out  # the diagonal 2-4-6
    assert out.rstrip().endswith("\nGame over: X wins.")  # its sides in OpenSpiel's words


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "openspiel:kuhn_poker",
            "it has chance events, so it is not deterministic; its information is imperfect",
        ),
        ("openspiel:goofspiel", "its moves are simultaneous"),
        ("openspiel:chinese_checkers,players=3", "it has 3 players, not 2"),
        ("openspiel:cliff_walking", "it has 1 player, not 2; it is not zero-sum"),
        ("openspiel:backgammon", "'backgammon' is not a game zerosum can play: it has chance"),
        (
            "openspiel:chesss",
            "OpenSpiel has no game 'chesss'; the games zerosum can play: amazons, ",
        ),
        (
            "openspiel:connect_four,width=5",
            "'connect_four' has no parameter 'width'; parameters: columns, ",
        ),
        ("openspiel:connect_four,rows=many", "bad value 'many' for rows .*not an int"),
        ("openspiel", "which OpenSpiel game\\? write openspiel:NAME"),
        ("openspiel:chess,name=go", "parameter 'name' given twice"),
    ],
)
def test_games_that_do_not_fit_are_refused_saying_why(spec: str, message: str) -> None:
    with pytest.raises(zs.SpecError, match=message):
        zs.load_game(spec)


def test_python_parameters_of_the_wrong_type_are_refused() -> None:
    with pytest.raises(zs.SpecError, match="rows of OpenSpiel's 'connect_four' must be a int"):
        openspiel.load("connect_four", rows=5.5)


def test_cli_refuses_an_unfit_game_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "openspiel:leduc_poker"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("zerosum: error: OpenSpiel's 'leduc_poker' is not a game")
    assert err.count("\n") == 1
