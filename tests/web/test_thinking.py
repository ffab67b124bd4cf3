"""The web server's agent hosts and the search summary, with small agents of our own."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

import zerosum as zs
from arena_agents import Budgeted, Counter, Exiter, Illegal, Raiser, SlowToPrepare, Spinner
from zerosum import budget
from zerosum.agents import SearchInfo
from zerosum.web.thinking import HELD, MARGIN, Reply, Thinkers
from zerosum.web.views import reply_view


def think(thinkers: Thinkers, agent: Any, game: Any, key: str = "g") -> Reply:
    return asyncio.run(thinkers.think(key, agent, game, game.initial_state))


@pytest.mark.alone
def test_an_agent_is_told_a_deadline_under_the_cap_and_answers_itself() -> None:
    game, thinkers = zs.games.ConnectFour(), Thinkers(1.0, size=1)
    thinkers.start()  # as the server does when it starts: the move pays no start-up
    try:
        reply = think(thinkers, "mcts:iterations=1000000000", game)
        assert reply.note == "" and not reply.timed_out
        assert reply.search is not None and reply.search.note.startswith("out of time")
        assert reply.search.seconds < 1.0 + MARGIN  # its move; the wait adds its loading
        told = think(thinkers, Budgeted(), game, "budgeted")
        assert told.note == "" and told.search is None  # it was told a deadline: no error
    finally:
        thinkers.close()


def test_the_time_of_a_reply_is_the_wait_loading_included_and_hosts_say_when_started() -> None:
    game, thinkers = zs.games.TicTacToe(), Thinkers(2.0, size=1)
    assert thinkers.started == 0 and thinkers.size == 1
    thinkers.start()
    try:
        assert thinkers.started == 1
        # the page said "(0.00 s)" after a wait of seconds spent loading the agent's code
        reply = think(thinkers, SlowToPrepare(1.0), game, "slow")
        assert reply.note == "" and reply.seconds >= 1.0
    finally:
        thinkers.close()


def test_a_host_playing_more_games_than_it_keeps_still_answers_for_each() -> None:
    """The host drops the least recently used of its games and agents beyond HELD; the
    server must know which, or it sends a game's next move without the game (KeyError)."""
    game, thinkers = zs.games.TicTacToe(), Thinkers(2.0, size=1)
    try:
        for _ in range(2):
            for key in range(HELD + 3):
                reply = think(thinkers, "dummy", game, f"game {key}")
                assert reply.note == "" and reply.action == 0
    finally:
        thinkers.close()


@pytest.mark.alone
def test_an_agent_that_ignores_the_cap_is_stopped_for_certain() -> None:
    game, thinkers = zs.games.TicTacToe(), Thinkers(0.3, size=1)
    thinkers.start()  # as the server does when it starts
    try:
        begin = time.perf_counter()
        reply = think(thinkers, Spinner(), game)
        assert time.perf_counter() - begin < 0.3 + MARGIN + 1.0
        assert reply.timed_out and "did not answer within the 0.3 s cap" in reply.note
        assert reply.action in game.actions(game.initial_state)
        assert think(thinkers, "dummy", game, "other").action == 0  # a new host took over
    finally:
        thinkers.close()


def test_an_agent_that_fails_dies_or_cheats_is_replaced_by_a_random_move() -> None:
    game, thinkers = zs.games.TicTacToe(), Thinkers(2.0, size=1)
    try:
        failed = think(thinkers, Raiser(), game, "raiser")
        assert "the agent failed: RuntimeError: bug in my agent" in failed.note
        cheated = think(thinkers, Illegal(), game, "illegal")
        assert "illegal move: player 1 cannot play" in cheated.note
        died = think(thinkers, Exiter(), game, "exiter")
        assert "the agent stopped: its process died (exit code 3)" in died.note
        for reply in (failed, cheated, died):
            assert reply.action in game.actions(game.initial_state) and not reply.timed_out
    finally:
        thinkers.close()


def test_a_game_keeps_its_agent_between_moves_and_undo_resets_it() -> None:
    game, thinkers = zs.games.Pick(n=3), Thinkers(2.0, size=2)

    async def moves() -> list[float]:
        seen = []
        for _ in range(2):
            reply = await thinkers.think("g", Counter(), game, game.initial_state)
            assert reply.search is not None
            seen.append(reply.search.value)
        return seen

    try:
        assert asyncio.run(moves()) == [1.0, 2.0]
    finally:
        thinkers.close()


def test_moves_beyond_the_hosts_wait_for_a_free_one() -> None:
    game, thinkers = zs.games.ConnectFour(), Thinkers(0.4, size=1)

    async def both() -> list[Reply]:
        spec = "mcts:iterations=1000000000"
        return await asyncio.gather(
            thinkers.think("a", spec, game, game.initial_state),
            thinkers.think("b", spec, game, game.initial_state),
        )

    try:
        begin = time.perf_counter()
        replies = asyncio.run(both())
        assert all(r.note == "" and r.search is not None for r in replies)
        assert time.perf_counter() - begin >= 2 * budget.soft_share(0.4)  # one after the other
    finally:
        thinkers.close()


def test_a_search_summary_shows_actions_as_a_person_types_them() -> None:
    game = zs.games.Migration(n=4)
    state = game.initial_state
    first, second = game.actions(state)[:2]
    info = SearchInfo(
        value=float("inf"),
        depth=3,
        nodes=120,
        seconds=0.25,
        pv=(first,),
        extra={"values": {first: 1, second: -1}, "best": [first], "note": object},
    )
    view = reply_view(game, state, Reply(first, info, 0.3))
    text = game.format_action
    assert view["action"] == text(first) and view["pv"] == [text(first)]
    assert view["value"] == "inf"  # JSON has no infinity
    assert view["extra"]["values"] == {text(first): 1, text(second): -1}
    assert view["extra"]["best"] == [text(first)]
    assert view["extra"]["note"] == str(object)
