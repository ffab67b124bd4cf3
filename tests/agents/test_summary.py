"""The search summary in plain words, for each kind of agent's numbers: the page's and
the terminal's."""

from __future__ import annotations

import pytest

import zerosum as zs
from zerosum.agents.base import SearchInfo
from zerosum.agents.search import DECAY
from zerosum.agents.summary import Sides, search_summary, summary_lines

GAME = zs.games.TicTacToe()


def summary(value: float, depth: int = 4, **extra: object) -> dict[str, object]:
    return search_summary(GAME, SearchInfo(value, depth, 100, 0.1, (4,), dict(extra)))


def test_a_proven_alpha_beta_value_gives_the_winner_s_own_moves_to_the_end() -> None:
    # a win in 7 plies, counting the computer's move just played: 6 more, 3 of them its own
    assert (
        summary(DECAY**7)["verdict"]
        == "The computer wins within 3 more of its moves, however you play."
    )
    assert (
        summary(-(DECAY**5))["verdict"]
        == "You can win within 2 more of your moves if you play perfectly."
    )
    # one move left: no plural, and no "more" counting both players' moves
    assert summary(DECAY**3)["verdict"] == "The computer wins with its next move, however you play."
    assert (
        summary(-(DECAY**2))["verdict"] == "You can win with your next move if you play perfectly."
    )
    assert summary(1.0)["verdict"] == "The computer can force a win, however you play."
    assert summary(DECAY)["verdict"] == "The computer has won."


@pytest.mark.parametrize(
    ("value", "verdict"),
    [
        (0.0, "The computer thinks the game is even."),
        (0.1, "The computer thinks it is slightly ahead."),
        (0.4, "The computer thinks it is ahead."),
        (0.9, "The computer thinks it is well ahead."),
        (-0.4, "The computer thinks you are ahead."),
    ],
)
def test_an_estimate_says_who_is_ahead_and_by_how_much(value: float, verdict: str) -> None:
    said = summary(value)
    assert said["verdict"] == verdict and said["lean"] == value and said["moves"] == {}
    assert said["basis"] == "an estimate looking 4 moves ahead"


def test_mcts_values_are_rated_per_move_and_proven_ones_named() -> None:
    said = summary(0.5, values={"4": 0.5, "0": -0.25}, proven={"8": -1.0}, visits={})
    assert said["moves"] == {"4": "+0.50", "0": "-0.25"}
    said = summary(1.0, values={"4": 0.9}, proven={"4": 1.0})
    assert said["verdict"] == "The computer can force a win, however you play."
    assert said["moves"] == {"4": "win"}


def test_a_perfect_player_names_each_move_and_the_draw() -> None:
    agent = zs.agents.Perfect()
    agent(GAME, GAME.initial_state)
    assert agent.last is not None
    said = search_summary(GAME, agent.last)
    assert said["verdict"] == "With best play from both sides, the game is a draw."
    assert said["lean"] == 0 and said["moves"] == {str(c): "draw" for c in range(9)}


@pytest.mark.parametrize(
    "keeps, verdict",
    [
        (1, "The computer can force a win, however you play."),
        (0, "With best play from both sides, the game is a draw."),
        (-1, "You can force a win if you play perfectly."),
    ],
)
def test_a_move_that_keeps_the_value_says_what_it_proved(keeps: int, verdict: str) -> None:
    info = SearchInfo(keeps, 0, 0, 0.1, (3,), {"proven": True, "keeps": keeps}, "short")
    summary = search_summary(zs.games.ConnectFour(), info)
    assert summary["verdict"] == verdict and summary["lean"] == keeps
    assert "keeps this result" in summary["basis"]


def test_the_legend_speaks_of_distances_only_where_the_moves_have_them() -> None:
    connect4, agent = zs.load_game("connect4"), zs.agents.Perfect()
    for columns, distances in (([3, 3], True), ([3, 3, 2, 4, 4, 2], False)):
        state = connect4.initial_state
        for column in columns:
            state = connect4.result(state, column)
        agent(connect4, state)  # the book: exact scores at 3 stones, values only at 7
        assert agent.last is not None
        said = search_summary(connect4, agent.last)
        assert any(" in " in label for label in said["moves"].values()) == distances
        assert ("win in 7" in said["legend"]) == distances


@pytest.mark.parametrize(
    ("value", "verdict"),
    [
        (DECAY**7, "Player 2 wins within 3 more of its moves, however player 1 plays."),
        (-(DECAY**5), "Player 1 can win within 2 more of its moves if it plays perfectly."),
        (-(DECAY**2), "Player 1 can win with its next move if it plays perfectly."),
        (-1.0, "Player 1 can force a win if it plays perfectly."),
        (DECAY, "Player 2 has won."),
        (0.4, "Player 2 thinks it is ahead."),
        (-0.1, "Player 2 thinks player 1 is slightly ahead."),
        (0.0, "Player 2 thinks the game is even."),
    ],
)
def test_two_agents_are_named_by_their_seats(value: float, verdict: str) -> None:
    info = SearchInfo(value, 4, 100, 0.1, (4,))
    assert search_summary(GAME, info, Sides.seats(2))["verdict"] == verdict


def test_alpha_beta_root_values_are_labelled_and_bounds_shown_as_bounds() -> None:
    rated = ((4, DECAY**3, False), (0, 0.0, True), (1, -(DECAY**2), True), (2, 0.25, False),
             (3, -0.0, False))  # fmt: skip
    said = summary(DECAY**3, rated=rated)
    assert said["verdict"] == "The computer wins with its next move, however you play."
    assert said["moves"] == {
        "4": "win in 3",
        "0": "<= +0.00",  # a draw and an even estimate look the same
        "1": "<= loss in 2",
        "2": "+0.25",
        "3": "+0.00",  # not "-0.00"
    }
    assert "<= x: at most x" in said["legend"] and "win in 7" in said["legend"]
    assert "7 moves of both players, this one included" in said["legend"]
    said = summary(0.25, rated=((2, 0.25, False),))
    assert said["moves"] == {"2": "+0.25"} and "<=" not in said["legend"]


def test_a_python_alpha_beta_search_rates_its_root_moves() -> None:
    agent = zs.agents.AlphaBeta(depth=2, compiled=False)
    state = GAME.result(GAME.initial_state, 4)
    move = agent(GAME, state)
    assert agent.last is not None
    said = search_summary(GAME, agent.last)
    assert set(said["moves"]) == {str(a) for a in GAME.actions(state)}
    played = said["moves"][str(move)]
    assert float(played) == pytest.approx(agent.last.value, abs=0.005)  # no bound
    # only the moves searched after a better one may be bounds
    assert any(label.startswith("<=") for label in said["moves"].values())


def test_a_search_to_the_end_is_proved_and_a_cut_off_one_an_estimate() -> None:
    said = summary(0.0, depth=8, to_end=True)
    assert said["verdict"] == "With best play from both sides, the game is a draw."
    assert said["basis"] == "proved by searching to the end"
    assert summary(0.5, to_end=True)["verdict"] == "The computer can force a win, however you play."
    for agent in (zs.agents.Minimax(), zs.agents.AlphaBeta(), zs.agents.AlphaBeta(compiled=False)):
        agent(GAME, GAME.initial_state)
        assert agent.last is not None
        assert search_summary(GAME, agent.last)["basis"] == "proved by searching to the end"
    cut_off = zs.agents.Minimax(depth=2)
    cut_off(GAME, GAME.initial_state)
    assert cut_off.last is not None
    assert search_summary(GAME, cut_off.last)["basis"] == "an estimate looking 2 moves ahead"


@pytest.mark.parametrize(
    "make",
    [
        lambda depth: zs.agents.Minimax(depth=depth),
        lambda depth: zs.agents.AlphaBeta(depth=depth),
        lambda depth: zs.agents.AlphaBeta(depth=depth, compiled=False),
    ],
)
def test_a_depth_beyond_the_game_s_end_is_a_proof_not_an_estimate(make) -> None:  # type: ignore[no-untyped-def]
    # one move made, eight left: depth 9 cuts no line, depth 3 does
    state = GAME.result(GAME.initial_state, 4)
    deep, shallow = make(9), make(3)
    deep(GAME, state)
    shallow(GAME, state)
    assert deep.last is not None and shallow.last is not None
    assert search_summary(GAME, deep.last)["basis"] == "proved by searching to the end"
    assert search_summary(GAME, shallow.last)["basis"] == "an estimate looking 3 moves ahead"


def test_an_agent_that_rated_no_move_gets_the_verdict_alone() -> None:
    info = SearchInfo(0.3, 5, 100, 0.1, (4,), {"ties": 1, "compiled": True})
    assert summary_lines(GAME, info, 4) == [
        "The computer thinks it is ahead. (an estimate looking 5 moves ahead)"
    ]


def test_the_terminal_lines_mark_the_move_played_and_keep_each_label_whole() -> None:
    values = {str(a): 0.5 - a / 100 for a in range(9)}
    info = SearchInfo(0.5, 1, 9, 0.1, (0,), {"means": values})
    lines = summary_lines(GAME, info, 0, Sides.seats(1), width=40)
    # the verdict stays whole on the first line; its basis, too long beside it, goes below
    assert lines[:2] == ["Player 1 thinks it is ahead.", "(the average result of 9 random games)"]
    listed = [line for line in lines if line.startswith("  ")]
    assert lines[-len(listed) :] == listed and listed[0].startswith("  0: +0.50 (played),")
    rated = [item.strip() for line in listed for item in line.split(",") if item.strip()]
    assert rated[0] == "0: +0.50 (played)" and rated[-1] == "8: +0.42" and len(rated) == 9
    assert all(len(line) <= 40 for line in lines)


def test_minimax_rates_every_root_move_exactly() -> None:
    state = GAME.result(GAME.result(GAME.initial_state, 0), 1)  # X to move, O in a corner
    agent = zs.agents.Minimax()
    agent(GAME, state)
    assert agent.last is not None
    said = search_summary(GAME, agent.last)
    assert said["verdict"] == "The computer can force a win, however you play."
    wins = {"3", "4", "6"}
    assert said["moves"] == {str(a): "win" if str(a) in wins else "+0.00" for a in range(2, 9)}
    assert "<=" not in said["legend"]  # minimax prunes nothing: no bounds
