"""The agent runner and the search summary, with small agents of our own."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import zerosum as zs
from zerosum.agents import SearchInfo
from zerosum.web.thinking import Reply, cap_time_limit, think
from zerosum.web.views import reply_view


class Timed:
    """An agent that manages its own time, like the iterative-deepening searchers."""

    def __init__(self, time_limit: float | None = None) -> None:
        self.time_limit = time_limit

    def __call__(self, game: Any, state: Any) -> Any:
        time.sleep(self.time_limit or 10)
        return game.actions(state)[0]


def test_time_limits_are_lowered_below_the_cap_never_raised() -> None:
    unlimited, generous, modest = Timed(), Timed(60), Timed(0.1)
    for agent in (unlimited, generous, modest):
        cap_time_limit(agent, 1.0)
    assert unlimited.time_limit == generous.time_limit == 0.8
    assert modest.time_limit == 0.1


def test_an_agent_with_a_time_limit_answers_itself_within_the_cap() -> None:
    agent, game = Timed(30), zs.games.TicTacToe()
    cap_time_limit(agent, 0.5)
    reply = asyncio.run(think(agent, game, game.initial_state, 0.5))
    assert reply.action == 0 and reply.note == "" and not reply.timed_out


def test_an_agent_that_fails_or_cheats_is_replaced_by_a_random_move() -> None:
    game = zs.games.TicTacToe()

    def broken(game: Any, state: Any) -> Any:
        raise RuntimeError("out of ideas")

    def cheat(game: Any, state: Any) -> Any:
        return 42

    failed = asyncio.run(think(broken, game, game.initial_state, 1.0))
    assert "the agent failed: RuntimeError: out of ideas" in failed.note
    cheated = asyncio.run(think(cheat, game, game.initial_state, 1.0))
    assert "illegal move: player 1 cannot play 42" in cheated.note
    for reply in (failed, cheated):
        assert reply.action in game.actions(game.initial_state) and not reply.timed_out


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


def test_an_abandoned_move_stops_the_agent_thread() -> None:
    game = zs.games.ConnectFour()
    slow = zs.agents.Minimax()  # would search the whole game tree

    async def abandon() -> None:
        task = asyncio.create_task(think(slow, game, game.initial_state, 60))
        await asyncio.sleep(0.2)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(abandon())
    deadline = time.monotonic() + 5
    while any(t.name == "zerosum-agent" for t in threading.enumerate()):
        assert time.monotonic() < deadline, "the abandoned agent's thread kept running"
        time.sleep(0.05)
