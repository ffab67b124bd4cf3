"""Running an agent for the web server: in a thread of its own, under a hard time cap.

The event loop only awaits the answer, so one slow agent never blocks other players.
Agents that take a ``time_limit`` are given one below the cap; an agent still thinking at
the cap is stopped (see :func:`_stop`) and a random legal move is played in its place,
with a note saying so.
"""

from __future__ import annotations

import asyncio
import ctypes
import random
import threading
import time
from dataclasses import dataclass
from typing import Any

from ..agents.base import SearchInfo
from ..game import IllegalActionError, check_action

__all__ = ["Reply", "think", "cap_time_limit"]

#: The share of the cap given to agents that manage their own time, leaving room to answer.
TIME_LIMIT_SHARE = 0.8


@dataclass(frozen=True)
class Reply:
    """The action played for the agent, its search summary (None if it left none), the
    seconds it took, and ``note``: why the action is not the agent's own, if it is not.
    ``timed_out`` says the agent was stopped at the cap."""

    action: Any
    search: SearchInfo | None
    seconds: float
    note: str = ""
    timed_out: bool = False


#: What the agent's thread hands back: its action, its fresh search summary, its error.
_Outcome = tuple[Any, SearchInfo | None, BaseException | None]


class _Stopped(BaseException):
    """Raised inside an agent's thread at the cap (a BaseException, so that an agent's own
    ``except Exception`` does not swallow it)."""


def cap_time_limit(agent: Any, cap: float) -> None:
    """Lower ``agent.time_limit`` (when the agent has one) to fit within ``cap`` seconds."""
    if hasattr(agent, "time_limit"):
        limit = cap * TIME_LIMIT_SHARE
        current = agent.time_limit
        agent.time_limit = limit if current is None else min(current, limit)


def _stop(thread: threading.Thread) -> None:
    """Raise :class:`_Stopped` in ``thread`` the next time it runs Python code.

    CPython cannot kill a thread; this asks it to unwind. A search in compiled code stops
    when it next returns to Python.
    """
    if thread.ident is not None and thread.is_alive():
        ctypes.pythonapi.PyThreadState_SetAsyncExc(
            ctypes.c_ulong(thread.ident), ctypes.py_object(_Stopped)
        )


async def think(agent: Any, game: Any, state: Any, cap: float) -> Reply:
    """Ask ``agent`` for its move in ``state``, waiting at most ``cap`` seconds.

    An agent that runs out of time, raises, or returns an illegal action is replaced for
    this move by a uniformly random legal action, and ``Reply.note`` says why.
    """
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[_Outcome] = loop.create_future()
    before = getattr(agent, "last", None)

    def settle(outcome: _Outcome) -> None:
        if not answer.done():
            answer.set_result(outcome)

    def work() -> None:
        outcome: _Outcome
        try:
            try:
                action = agent(game, state)
                info = getattr(agent, "last", None)
                outcome = (action, info if info is not before else None, None)
            except _Stopped:
                raise
            except BaseException as exc:  # reported to the player, never crashes the server
                outcome = (None, None, exc)
            loop.call_soon_threadsafe(settle, outcome)
        except _Stopped:  # the cap passed: a random move was played already
            pass
        except RuntimeError:  # the server's loop closed meanwhile
            pass

    start = time.perf_counter()
    thread = threading.Thread(target=work, name="zerosum-agent", daemon=True)
    thread.start()
    try:
        action, info, error = await asyncio.wait_for(asyncio.shield(answer), cap)
    except asyncio.CancelledError:  # the request was abandoned: stop thinking too
        _stop(thread)
        raise
    except TimeoutError:
        _stop(thread)
        note = f"the agent did not answer within the {cap:g} s cap"
        return _fallback(game, state, note, time.perf_counter() - start, timed_out=True)
    seconds = time.perf_counter() - start
    if error is not None:
        return _fallback(game, state, f"the agent failed: {type(error).__name__}: {error}", seconds)
    try:
        check_action(game, state, action)
    except IllegalActionError as exc:
        return _fallback(game, state, f"the agent chose an illegal move: {exc}", seconds)
    return Reply(action, info, seconds)


def _fallback(game: Any, state: Any, why: str, seconds: float, timed_out: bool = False) -> Reply:
    action = random.choice(list(game.actions(state)))
    note = f"{why}; a random legal move was played instead"
    return Reply(action, None, seconds, note, timed_out)
