"""Running agents for the web server: in worker processes, under a hard time cap.

Every computer move runs in an agent host (:mod:`zerosum.hosting.isolation`), a process
of its own at a lower priority, so the server's event loop only awaits the answer and
stays quick whatever the agents do. The agent is told a deadline a little under the cap
(:mod:`zerosum.budget`) and answers with its best move so far; one still thinking at
the cap plus a margin has its process killed and replaced, and a random legal move is
played in its place, with a note saying so. A game's agent stays in the same host
between moves while that host is free, so searches that keep memory keep it.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from dataclasses import dataclass

from .. import budget
from ..agents.base import SearchInfo
from ..game import Game, IllegalActionError, check_action
from ..hosting.isolation import AgentCrashed, AgentHost, Answer, GameSpec
from ..hosting.messages import MoveRequest
from ..records.jsonvalue import JSONObject
from ..usercode import loaded_from

__all__ = ["Reply", "Thinkers"]

#: Seconds past the cap before a host is killed: time for a search that stopped on time
#: to send its answer back.
MARGIN = 0.5
#: Agents a host keeps between moves (each may hold a search tree or table).
HELD = 8


@dataclass(frozen=True)
class Reply:
    """The action played for the agent, its search summary (None if it left none), the
    seconds the person waited for it (for a free host, the agent's loading, its move),
    and ``note``: why the action is not the agent's own, if it is not.
    ``timed_out`` says the agent was stopped at the cap."""

    action: object
    search: SearchInfo | None
    seconds: float
    note: str = ""
    timed_out: bool = False


class Thinkers:
    """The server's agent hosts: ``size`` processes (default: twice the cores), each move
    capped at ``cap`` seconds and told ``move_time``, a little under it (each move's
    :class:`~zerosum.hosting.messages.MoveRequest` due that many seconds after it is
    asked). Moves beyond ``size`` at once wait for a free host."""

    def __init__(self, cap: float, size: int | None = None) -> None:
        self.cap = cap
        self.move_time = budget.soft_share(cap)
        count = size or 2 * (os.cpu_count() or 1)
        margin = cap - self.move_time + MARGIN
        self._hosts = [
            AgentHost(margin=margin, nice=10, held=HELD, stand_ins=True) for _ in range(count)
        ]
        self._busy: set[int] = set()
        self._home: dict[str, int] = {}  # the host that last played a game's agent
        self._freed: asyncio.Event | None = None
        #: How many hosts :meth:`start` has tried to start (the page shows its progress).
        self.started = 0
        #: What each game's move under way is doing, and since when (:meth:`doing`).
        self._doing: dict[str, tuple[str, float]] = {}

    def start(self) -> None:
        """Start every host now (they start by themselves when first needed, so one that
        fails to start is tried again then); stops quietly when the hosts are closed
        meanwhile. :attr:`started` counts the hosts done, failed or not."""
        for host in self._hosts:
            try:
                host.start()
            except AgentCrashed:
                if host.closed:
                    return
            self.started += 1

    @property
    def size(self) -> int:
        """How many hosts there are."""
        return len(self._hosts)

    def close(self) -> None:
        """Kill every host for good, without waiting; moves under way fail at once."""
        for host in self._hosts:
            host.close()

    async def think(
        self, key: str, agent: object, game: Game, state: object, game_spec: str = ""
    ) -> Reply:
        """The move of ``agent`` (a spec, or a picklable agent) for game ``key`` in ``state``;
        a game loaded from the user's file goes to the host as its ``game_spec``.

        An agent that overruns the cap, raises, dies or returns an illegal action is
        replaced for this move by a uniformly random legal action, and ``Reply.note``
        says why.
        """
        start = time.perf_counter()  # the person's wait: all of it, not only the search
        self._doing[key] = ("waiting", time.monotonic())
        index = await self._claim(key)
        host = self._hosts[index]
        sent = GameSpec(game_spec) if game_spec and loaded_from(game) else game
        work = asyncio.ensure_future(asyncio.to_thread(self._move, host, key, agent, sent, state))
        work.add_done_callback(lambda _: self._release(index))  # even if abandoned
        try:
            answer = await asyncio.shield(work)
        except budget.Overrun:
            note = f"the agent did not answer within the {self.cap:g} s cap"
            return _fallback(game, state, note, time.perf_counter() - start, timed_out=True)
        except AgentCrashed as exc:
            return _fallback(game, state, f"the agent stopped: {exc}", time.perf_counter() - start)
        except RuntimeError as exc:
            return _fallback(game, state, f"the agent failed: {exc}", time.perf_counter() - start)
        finally:
            self._doing.pop(key, None)
        seconds = time.perf_counter() - start
        try:
            check_action(game, state, answer.action)
        except IllegalActionError as exc:
            return _fallback(game, state, f"the agent chose an illegal move: {exc}", seconds)
        return Reply(answer.action, answer.search, seconds)

    async def trace(
        self, key: str, agent: object, game: Game, state: object, cap: int, game_spec: str = ""
    ) -> dict[str, object]:
        """The tree ``agent``'s search explores in ``state`` (at most ``cap`` nodes), as
        JSON-ready data, searched in a host under the same cap as a move, the agent made
        anew there and dropped after. Raises :class:`~zerosum.budget.Overrun` past the
        cap, :class:`AgentCrashed` when the host died, :class:`AgentError` with what the
        tracing raised (an agent that cannot be traced, for one)."""
        index = await self._claim(key)
        host = self._hosts[index]
        sent = GameSpec(game_spec) if game_spec and loaded_from(game) else game
        traced = asyncio.to_thread(self._trace, host, key, agent, sent, state, cap)
        work = asyncio.ensure_future(traced)
        work.add_done_callback(lambda _: self._release(index))  # even if abandoned
        try:
            return await asyncio.shield(work)
        finally:
            self.forget(key)

    def _move(
        self, host: AgentHost, key: str, agent: object, game: Game | GameSpec, state: object
    ) -> Answer:
        """The move: an agent new to the host is prepared first (its compiled code
        loaded), which the move's cap does not count; code still to compile is compiled
        in the background while the agent's Python search plays, when it has one
        (:mod:`zerosum.hosting.standin`: the person's first move waits for no compiler)."""
        if not host.holds(key):
            self._doing[key] = ("preparing", time.monotonic())
            host.prepare(key, agent, key, game)
        self._doing[key] = ("thinking", time.monotonic())
        return host.move(key, agent, key, game, MoveRequest.within(state, self.move_time))

    def _trace(
        self,
        host: AgentHost,
        key: str,
        agent: object,
        game: Game | GameSpec,
        state: object,
        cap: int,
    ) -> dict[str, object]:
        """The search's tree, due as a move is from when the host is asked; an agent the
        host no longer holds is prepared first, off the clock, as for a move."""
        if not host.holds(key):
            host.prepare(key, agent, key, game)
        return host.trace(key, agent, key, game, MoveRequest.within(state, self.move_time), cap)

    def doing(self, key: str) -> JSONObject:
        """What game ``key``'s move under way is doing, for the page to say while a person
        waits: ``phase`` "waiting" (for a free host), "preparing" (the agent's compiled
        code loaded, or compiled: slow once on a new machine), "thinking" (its search),
        or None (no move under way); ``seconds`` in that phase so far."""
        phase, since = self._doing.get(key, (None, time.monotonic()))
        return {"phase": phase, "seconds": round(time.monotonic() - since, 1)}

    def forget(self, key: str) -> None:
        """Drop game ``key``'s agent from its host: its memory is gone (after each move, a
        move taken back, or the game over or deleted). Done here, not in a thread: a host
        not busy is talked to by nobody else, and the message is sent without waiting."""
        index = self._home.pop(key, None)
        if index is not None and index not in self._busy:
            self._hosts[index].forget(key)

    async def _claim(self, key: str) -> int:
        """A free host, the game's own when it is free; waits while all are busy."""
        if self._freed is None:
            self._freed = asyncio.Event()
        while True:
            home = self._home.get(key)
            free = [i for i in range(len(self._hosts)) if i not in self._busy]
            if free:
                index = home if home in free else free[0]
                self._busy.add(index)
                self._home[key] = index
                return index
            self._freed.clear()
            await self._freed.wait()

    def _release(self, index: int) -> None:
        self._busy.discard(index)
        if self._freed is not None:
            self._freed.set()


def _fallback(
    game: Game, state: object, why: str, seconds: float, timed_out: bool = False
) -> Reply:
    action = random.choice(list(game.actions(state)))
    note = f"{why}; a random legal move was played instead"
    return Reply(action, None, seconds, note, timed_out)
