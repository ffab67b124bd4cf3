"""The computer's move in a notebook: in a thread, capped, and replaced when it fails."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("anywidget", reason="anywidget is not installed (.[dev] has it)")

import zerosum as zs
from arena_agents import Illegal, Raiser, Slow
from zerosum.arena.play import prepare_agent
from zerosum.notebook.thinking import Thinker
from zerosum.web.thinking import MARGIN


def test_an_agent_answers_with_its_search() -> None:
    game = zs.games.TicTacToe()
    reply = Thinker(zs.make_agent("alphabeta"), 5.0).move(game, game.initial_state)
    assert reply.note == "" and reply.action in game.actions(game.initial_state)
    assert reply.search is not None


def test_an_agent_is_told_a_deadline_under_the_cap() -> None:
    game, agent = zs.games.ConnectFour(), zs.make_agent("mcts:iterations=1000000000")
    prepare_agent(agent, game)  # as the board does first: compiling is on no move's clock
    reply = Thinker(agent, 0.5).move(game, game.initial_state)
    assert reply.note == "" and reply.search is not None
    assert reply.search.note.startswith("out of time")


@pytest.mark.alone
def test_an_agent_past_the_cap_has_a_random_move_played_and_is_waited_for_next() -> None:
    game, thinker = zs.games.TicTacToe(), Thinker(Slow(1.0), 0.2)
    begin = time.perf_counter()
    reply = thinker.move(game, game.initial_state)
    assert time.perf_counter() - begin < 0.2 + MARGIN + 0.3  # the person did not wait 1 s
    assert reply.timed_out and "did not answer within the 0.2 s cap" in reply.note
    assert reply.action in game.actions(game.initial_state)
    # the next move first waits for the stray one (up to the cap), which then ends in time
    assert thinker.move(game, game.initial_state).timed_out


@pytest.mark.parametrize(
    ("agent", "words"),
    [(Raiser(), "raised RuntimeError: bug in my agent"), (Illegal(), "no such move")],
)
def test_an_agent_that_fails_has_a_random_move_played_with_why(agent: object, words: str) -> None:
    game = zs.games.TicTacToe()
    reply = Thinker(agent, 1.0).move(game, game.initial_state)
    assert words in reply.note and "a random legal move was played instead" in reply.note
    assert reply.action in game.actions(game.initial_state)
