"""What an agent host and its owner say to each other: one named type per kind of message.

The owner (:class:`~zerosum.hosting.isolation.AgentHost`, in the arena's or the web
server's process) sends a *request*; the host (``_serve``, in its own process) answers
each one but :class:`Forget` with a *reply*. Both cross the process boundary as pickles
(a sandboxed host's replies as JSON instead, :func:`~zerosum.hosting.sandbox.encode_reply`),
so every type here is a small frozen dataclass of plain values and payloads.

Agents and games are held by the host under keys the owner chooses, and sent whole only
when the host may not hold them: a payload of None means "the one you hold under this
key" (the host answers :class:`Missing` if it does not).

A move is asked for with a :class:`MoveRequest`: the state and the move's deadline, the one
object that carries them from the arena's game loop (:func:`zerosum.arena.play.ask_move`)
through the host to the agent's call, where :meth:`MoveRequest.timed` sets the deadline
every agent and compiled kernel reads (:mod:`zerosum.budget`).
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Generic

from .. import budget
from ..agents.base import SearchInfo
from ..game import State

__all__ = ["Key", "MoveRequest", "GameSpec", "Sent", "Request", "Holding", "Reply"]
__all__ += ["Forget", "Reset", "Load", "Prepare", "PlayMove", "TraceSearch"]
__all__ += ["Ready", "Done", "Answer", "Traced", "Missing", "Failed"]

#: What a host holds an agent or a game under: any hashable value its owner chooses.
Key = Hashable


@dataclass(frozen=True, slots=True)
class MoveRequest(Generic[State]):
    """A move asked of an agent: the ``state`` to move in and the move's ``deadline``.

    ``deadline`` is when the answer is due, in ``time.perf_counter()`` seconds, or None for
    no limit: the number :mod:`zerosum.budget` holds and the compiled kernels stop at. On
    Linux that clock is ``CLOCK_MONOTONIC``, one clock for every process of the machine,
    so a host in another process (or in a sandbox) reads the same deadline as its caller.
    """

    state: State
    deadline: float | None = None

    @classmethod
    def now(cls, state: State) -> MoveRequest[State]:
        """A move in ``state`` due at the caller's current deadline (:func:`budget.deadline`)."""
        return cls(state, budget.deadline())

    @classmethod
    def within(cls, state: State, move_time: float | None) -> MoveRequest[State]:
        """A move in ``state`` due ``move_time`` seconds from now (None: no limit): where a
        move's time (``--move-time``) becomes its deadline."""
        return cls(state, None if move_time is None else time.perf_counter() + move_time)

    def remaining(self) -> float | None:
        """Seconds left until the deadline (never negative), None without one."""
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())

    def postponed(self, seconds: float) -> MoveRequest[State]:
        """The same move with its deadline ``seconds`` later: time spent off its clock (a
        host that lost the agent preparing it anew) given back."""
        return self if self.deadline is None else replace(self, deadline=self.deadline + seconds)

    @contextmanager
    def timed(self) -> Iterator[float | None]:
        """Run the agent's call inside the block under this move's deadline (an enclosing
        deadline that ends sooner still holds); yields the deadline in force."""
        with budget.limit(self.remaining()) as deadline:
            yield deadline


@dataclass(frozen=True)
class GameSpec:
    """A game sent to a host as its spec, loaded there: a game from the user's file (its
    class lives in a module other processes cannot import by name)."""

    spec: str


@dataclass(frozen=True, slots=True)
class Sent:
    """A game for a host: its ``key``, and its ``payload`` (the pickled game or
    :class:`GameSpec`), None when the host holds it already."""

    key: Key
    payload: bytes | None


# --- requests: owner to host ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Forget:
    """Drop the agent ``key`` (and nothing else); not answered."""

    key: Key


@dataclass(frozen=True, slots=True)
class Reset:
    """Reset the agent ``key`` (its memory forgotten, reseeded with ``seed``) if held."""

    key: Key
    seed: int | None


@dataclass(frozen=True, slots=True)
class Load:
    """Create the agent ``key`` from ``agent`` (its pickled object or spec string) and
    nothing more: a user's file imported, to see that it loads."""

    key: Key
    agent: bytes | None


@dataclass(frozen=True, slots=True)
class Prepare:
    """Create the agent ``key`` and load its compiled code for ``game``; with
    ``background``, code still to compile compiles in a thread while a stand-in plays
    (:mod:`zerosum.hosting.standin`)."""

    key: Key
    agent: bytes | None
    game: Sent
    background: bool


@dataclass(frozen=True, slots=True)
class PlayMove:
    """The agent ``key``'s move in ``game``, as ``request`` asks: answered with an
    :class:`Answer`."""

    key: Key
    agent: bytes | None
    game: Sent
    request: MoveRequest


@dataclass(frozen=True, slots=True)
class TraceSearch:
    """The tree the agent ``key``'s search explores for ``request`` (at most ``cap``
    nodes): answered with :class:`Traced`."""

    key: Key
    agent: bytes | None
    game: Sent
    request: MoveRequest
    cap: int


#: Every request a host answers.
Request = Forget | Reset | Load | Prepare | PlayMove | TraceSearch
#: The requests that leave the host holding an agent and a game (or, failed, neither).
Holding = Prepare | PlayMove | TraceSearch


# --- replies: host to owner -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ready:
    """The host started and waits for requests."""


@dataclass(frozen=True, slots=True)
class Done:
    """A :class:`Reset`, :class:`Load` or :class:`Prepare` was done."""


@dataclass(frozen=True)
class Answer:
    """An agent's move from its host: the action and its fresh search summary (or None),
    and the seconds the agent's call took there."""

    action: object
    search: SearchInfo | None
    seconds: float


@dataclass(frozen=True, slots=True)
class Traced:
    """A search's tree as JSON-ready data (``Trace.to_dict``)."""

    tree: dict[str, object]


@dataclass(frozen=True, slots=True)
class Missing:
    """The host does not hold the agent or game ``key`` it was asked to use (its process
    was replaced meanwhile): the owner sends it whole."""

    key: Key


@dataclass(frozen=True, slots=True)
class Failed:
    """The request raised in the host: ``name`` is its exception's class name, ``text``
    its message, ``trace`` the frames of the agent's own code it passed through
    (:func:`~zerosum.checked.users_traceback`)."""

    name: str
    text: str
    trace: str = ""


#: Every reply a host sends.
Reply = Ready | Done | Answer | Traced | Missing | Failed
