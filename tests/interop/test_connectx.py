"""Kaggle's ConnectX agents in zerosum: the observation, submissions, the real package."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import zerosum as zs
from zerosum import budget
from zerosum.interop.connectx import ConnectX, configuration, observation

SUBMISSION = """
import random

def leftmost_open(board, columns):
    return [c for c in range(columns) if board[c] == 0][0]

def my_agent(observation, configuration):
    return leftmost_open(observation.board, configuration.columns)
"""


def test_the_observation_is_the_board_from_the_top_row_by_row() -> None:
    game = zs.games.ConnectFour(width=5, height=4, k=3)
    state = game.initial_state
    for column in (2, 2, 0):  # player 1 in 2, player 2 on top of it, player 1 in 0
        state = game.result(state, column)
    seen = observation(game, state)
    assert seen.board == [0] * 10 + [0, 0, 2, 0, 0] + [1, 0, 1, 0, 0]
    assert seen["mark"] == seen.mark == 2 and seen.step == 3
    with budget.limit(1.5):
        told = configuration(game, budget.remaining())
    assert (told.columns, told.rows, told.inarow) == (5, 4, 3)
    assert 1.0 < told.actTimeout <= 1.5 and told.timeout == told.actTimeout
    assert configuration(game, None).actTimeout == 2.0


def test_a_submission_file_plays_its_last_function(tmp_path: Path) -> None:
    path = tmp_path / "submission.py"
    path.write_text(textwrap.dedent(SUBMISSION))
    agent = zs.make_agent(f"connectx:{path}")
    assert agent.function.__name__ == "my_agent"  # the last callable, as Kaggle runs it
    game = zs.games.ConnectFour(width=4, height=2)
    state = game.initial_state
    for _ in range(2):
        state = game.result(state, 0)  # column 0 full
    assert agent(game, state) == 1
    named = zs.make_agent(f"connectx:{path}:leftmost_open")
    assert named.function.__name__ == "leftmost_open"
    with pytest.raises(zs.SpecError, match="submission.py has no 'nope'"):
        zs.make_agent(f"connectx:{path}:nope")
    with pytest.raises(zs.SpecError, match="connectx needs an agent"):
        zs.make_agent("connectx")


def test_a_submission_plays_in_worker_processes_and_a_function_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "submission.py"
    path.write_text(textwrap.dedent(SUBMISSION))
    game = "connect4:width=5,height=4"
    result = zs.match(game, f"connectx:{path}", "dummy", games=4, workers=2)
    assert len(result.records) == 4 and all(not r.reason.forfeit for r in result.records)
    wrapped = ConnectX(lambda obs, config: config.columns - 1)
    assert zs.play(zs.games.ConnectFour(), wrapped, zs.agents.Dummy()).actions[0] == 6


def test_a_connectx_agent_refuses_other_games() -> None:
    record = zs.play(zs.games.TicTacToe(), ConnectX(lambda obs, config: 0), zs.agents.Dummy())
    assert record.reason is zs.arena.Reason.ERROR and "plays Connect Four, not TicTacToe" in (
        record.detail
    )


@pytest.fixture
def kaggle() -> None:
    """Kaggle's own package, for the tests that play its agents: imported by them, not when
    the module is collected (three CPU-seconds, in every pytest-xdist worker)."""
    pytest.importorskip("kaggle_environments.envs.connectx.connectx")


@pytest.mark.usefixtures("kaggle")
def test_kaggle_s_own_agents_play_in_the_arena() -> None:
    cup = zs.tournament(
        "connect4:width=5,height=4", ["connectx:negamax", "connectx:random", "dummy"], 2
    )
    assert len(cup.records) == 6 and not any(r.reason.forfeit for r in cup.records)
    assert cup.standings[0].total.score > cup.standings[1].total.score


@pytest.mark.usefixtures("kaggle")
@pytest.mark.parametrize("spec", ["alphabeta:depth=8", "perfect"])
def test_alphabeta_and_perfect_beat_negamax_from_both_sides(spec: str) -> None:
    # A drawn board (perfect play draws) where negamax goes wrong from both sides; on 5x4
    # it holds the draw against perfect's choice among drawing moves as the first player.
    game = "connect4:width=4,height=5"
    result = zs.match(game, spec, "connectx:negamax", games=2, random_opening=0)
    assert result.tally == zs.arena.results.Tally(wins=2)
    assert {g.first for g in result.games} == {0, 1}
