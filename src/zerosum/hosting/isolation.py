"""Agents in worker processes of their own, so that any move can be stopped for certain.

The soft layer of every move's time is the deadline agents read (:mod:`zerosum.budget`).
This is the hard layer: an :class:`AgentHost` is a process that holds agents and plays
their moves, and a move that overruns its deadline by ``margin`` seconds has its process
killed and replaced: no agent, built-in or user-written, pure Python or compiled, can
hold on to a core, the interpreter lock or a match. :class:`Isolated` makes any agent an
agent that runs that way.

A host keeps each agent (and the game it plays) between moves, so searches that learn
from earlier moves still do; agents are created in the host from their spec string, or
sent as the pickled agent object. A host that was killed loses the agents it held: they
are created anew on their next move. What the two processes say to each other is named,
one type per kind (:mod:`zerosum.hosting.messages`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import resource
import signal
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.context import ForkContext, ForkServerContext
from multiprocessing.process import BaseProcess
from typing import TypeVar, cast

from .. import budget, hooks
from ..agents.base import Agent, SearchInfo
from ..checked import users_traceback
from ..game import Game, GameFault, State
from ..spec import parse_code_spec
from .calls import agent_name, reset_agent
from .lifeline import die_with_parent, forkserver
from .messages import (
    Answer,
    Done,
    Failed,
    Forget,
    GameSpec,
    Holding,
    Key,
    Load,
    Missing,
    MoveRequest,
    PlayMove,
    Prepare,
    Ready,
    Reply,
    Request,
    Reset,
    Sent,
    Traced,
    TraceSearch,
)
from .sandbox import Confined, Confinement, decode_reply, encode_reply, launch
from .standin import Preparing

__all__ = ["AgentHost", "Answer", "AgentCrashed", "AgentError", "GameSpec", "Isolated", "context"]
__all__ += ["MoveRequest"]

#: Agents (and games) a host keeps at most; the least recently used go first.
MAX_HELD = 64
#: Seconds a host may take to start and load an agent's compiled code.
PREPARE_SECONDS = 120.0


class AgentCrashed(Exception):
    """The process playing an agent's move died (killed from outside, out of memory)."""


class AgentError(RuntimeError):
    """An agent raised in its host: ``name`` is its exception's class name, ``text`` its
    message, ``trace`` the frames of its own code the exception passed through."""

    def __init__(self, name: str, text: str, trace: str = "") -> None:
        super().__init__(f"{name}: {text}")
        self.name, self.text, self.trace = name, text, trace


class _NotHeld(AgentCrashed):
    """The host no longer holds an agent or game it was thought to hold (its process was
    replaced meanwhile): sent again whole."""


class _Missing(Exception):
    """In a host: a message names an agent or game the host does not hold."""


#: A host's process: forked or from the fork server, or a sandbox (:class:`Confined`).
_Process = BaseProcess | Confined
_Held = TypeVar("_Held")


def context() -> ForkContext | ForkServerContext:
    """How hosts are started: forked when this process has one thread (fast, and the
    compiled code loaded here comes along), else from the fork server (forking a process
    with threads is unsafe), which loads zerosum and its compiled code once for all the
    hosts it starts (:mod:`zerosum.hosting.warm`)."""
    if threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return forkserver("zerosum.hosting.warm")


class AgentHost:
    """A worker process holding agents by key; every call blocks until its answer.

    ``nice`` lowers the host's priority (the web server stays responsive while its hosts
    think); ``margin`` is how long past a move's deadline the host is killed; ``held``
    how many agents and games it keeps (the least recently used are dropped);
    ``stand_ins`` lets it play an agent whose preparing would compile by its Python
    search meanwhile (:mod:`zerosum.hosting.standin`: the web page's hosts);
    ``memory_mb`` caps the host's data memory (its heap and private mappings, the
    ``RLIMIT_DATA`` of Linux; shared libraries and compiled code count little there):
    an agent that asks for more gets a ``MemoryError`` (reported as over the limit) or
    has its process die, and forfeits either way. With ``confine``, the process runs in
    a sandbox (:mod:`zerosum.hosting.sandbox`: its memory counted however mapped, no access
    to anything else) and its replies are data, never pickles; agents are then sent as
    spec strings, games as themselves or, from the user's files, as :class:`GameSpec`.
    """

    def __init__(
        self,
        *,
        margin: float = 0.5,
        nice: int = 0,
        held: int = MAX_HELD,
        memory_mb: int | None = None,
        confine: Confinement | None = None,
        stand_ins: bool = False,
    ) -> None:
        self.margin, self.nice, self.held, self.memory_mb = margin, nice, held, memory_mb
        self.confine, self.stand_ins = confine, stand_ins
        self._process: _Process | None = None
        self._conn: Connection | None = None
        # the keys of the games and agents the running process holds, in the order it
        # drops them (least recently used first): kept in step with it by _hold
        self._games: OrderedDict[Key, None] = OrderedDict()
        self._agents: OrderedDict[Key, None] = OrderedDict()
        self._lock = threading.Lock()
        self.closed = False  # see close()  # starting and stopping (a server stops hosts at exit)

    def __getstate__(self) -> dict[str, object]:  # sent to another process: without its own
        return {
            "margin": self.margin,
            "nice": self.nice,
            "held": self.held,
            "memory_mb": self.memory_mb,
            "confine": self.confine,
            "stand_ins": self.stand_ins,
        }

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__init__(**state)  # type: ignore[misc]

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def start(self) -> None:
        """Start the process now (it starts by itself when first needed)."""
        with self._lock:
            if not self.alive:
                self._stop()
                self._start()

    def _start(self) -> None:
        if self.closed:
            raise AgentCrashed("its host was closed (the server is stopping)")
        if self.confine is not None:
            try:
                self._process, ours = launch(self.confine, self.nice, self.held, self.memory_mb)
            except OSError as exc:
                raise AgentCrashed(f"its sandbox could not start: {exc}") from None
        else:
            ctx = context()
            ours, theirs = ctx.Pipe()
            self._process = ctx.Process(
                target=_serve, args=(theirs, self.nice, self.held, self.memory_mb), daemon=True
            )
            self._process.start()
            theirs.close()
        self._conn = ours
        weakref.finalize(self, _kill, self._process)  # a host dropped unstopped
        # Starting (the fork server's first start loads the compiled code) is not part of
        # any move's time: the host says when it is ready.
        try:
            ready = not self.closed and isinstance(self._receive(PREPARE_SECONDS), Ready)
        except (EOFError, OSError, ValueError):  # killed while starting
            ready = False
        if not ready:
            why = _death(self._process) if not self._process.is_alive() else ""
            self._stop()
            raise AgentCrashed(why or f"its process did not start within {PREPARE_SECONDS:g} s")

    def _receive(
        self, wait: float | None, game: Game | GameSpec | None = None, state: object = None
    ) -> Reply | None:
        """The host's next reply, None when none comes within ``wait`` seconds (None: no
        limit); ``game`` and ``state`` are the move's (a sandboxed host answers a move
        with the action's index; it is frozen once it answered, until it is asked again).
        Raises EOFError or OSError when the process died."""
        process, conn = self._running()
        if not isinstance(process, Confined):  # a sandbox is Confined, any other a process
            return conn.recv() if conn.poll(wait) else None
        data = process.receive(conn, wait)
        if data is None:
            return None
        process.freeze(True)
        return decode_reply(data, None if isinstance(game, GameSpec) else game, state)

    def _running(self) -> tuple[_Process, Connection]:
        """The process and its connection, while it runs (set by :meth:`_start`)."""
        return cast(_Process, self._process), cast(Connection, self._conn)

    def stop(self) -> None:
        """Kill the process (if any); what it held is lost. A call waiting for its answer
        in another thread then fails with :class:`AgentCrashed` at once."""
        self.kill()  # first, without the lock: a start under way waits for its process
        with self._lock:
            self._stop()

    def close(self) -> None:
        """Kill the process now and for good, from any thread, without waiting for
        anything: a start under way in another thread kills what it started."""
        self.closed = True
        self.kill()

    def kill(self) -> None:
        """Kill the process now, from any thread, and leave the rest to :meth:`stop`."""
        process = self._process
        if process is not None and process.is_alive():
            process.kill()

    def _stop(self) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        self._games.clear()
        self._agents.clear()
        if process is not None:
            if process.is_alive():
                process.kill()
            process.join(5)
        if conn is not None:
            conn.close()

    def _forget_if(self, process: _Process) -> None:
        """Stop ``process`` if it is still this host's (another thread may have replaced it)."""
        with self._lock:
            if self._process is process:
                self._stop()
            elif process.is_alive():
                process.kill()

    def prepare(self, key: Key, agent: object, game_key: Key, game: Game | GameSpec) -> None:
        """Create the agent and load its compiled code for ``game`` (untimed, before a
        game's first move, within :data:`PREPARE_SECONDS`); with ``stand_ins``, code still
        to compile is compiled in the background while a stand-in plays."""

        def ask() -> None:
            payloads = self._agent(key, agent), self._game(game_key, game)
            self._ask(Prepare(key, *payloads, self.stand_ins), PREPARE_SECONDS, "prepare")

        try:
            ask()
        except _NotHeld:
            ask()  # sent whole this time

    def load(self, key: Key, agent: object, seconds: float) -> None:
        """Create the agent (its file imported) and nothing more, within ``seconds``:
        raises :class:`AgentError` with what went wrong, :class:`AgentCrashed` or
        :class:`~zerosum.budget.Overrun`."""
        self._ask(Load(key, self._agent(key, agent)), seconds, "load")

    def reset(self, key: Key, seed: int | None) -> None:
        """Reset the agent (forget its memory, reseed) if the host holds it."""
        if key in self._agents and self.alive:
            self._ask(Reset(key, seed), PREPARE_SECONDS, "reset")

    def holds(self, key: Key) -> bool:
        """Whether the running process holds the agent ``key`` (prepared or played)."""
        return key in self._agents and self.alive

    def forget(self, key: Key) -> None:
        """Drop the agent (and nothing else) from the host."""
        if key in self._agents and self.alive:
            self._agents.pop(key, None)
            self._running()[1].send(Forget(key))

    def move(
        self,
        key: Key,
        agent: object,
        game_key: Key,
        game: Game | GameSpec,
        request: MoveRequest[State],
    ) -> Answer:
        """The agent's move for ``request``: in its state, by its deadline.

        Raises :class:`~zerosum.budget.Overrun` (the process killed) when no answer comes
        by the deadline plus the margin, :class:`AgentCrashed` when the process dies,
        and the agent's own error (as :class:`RuntimeError` naming it) when it raises.
        """

        def ask(request: MoveRequest[State]) -> Answer:
            message = PlayMove(key, self._agent(key, agent), self._game(game_key, game), request)
            reply = self._ask(message, self._wait(request), "move", game, request.state)
            assert isinstance(reply, Answer), reply
            return reply

        begin = time.perf_counter()
        try:
            return ask(request)
        except _NotHeld:  # its process was replaced meanwhile: prepared anew, off the clock
            self.prepare(key, agent, game_key, game)
            return ask(request.postponed(time.perf_counter() - begin))

    def trace(
        self,
        key: Key,
        agent: object,
        game_key: Key,
        game: Game | GameSpec,
        request: MoveRequest[State],
        cap: int,
    ) -> dict[str, object]:
        """The tree the agent's search explores for ``request`` (:func:`zerosum.trace`, at
        most ``cap`` nodes), as JSON-ready data (``Trace.to_dict``); stopped as
        :meth:`move` is. Not for a confined host (its replies are moves only)."""
        if self.confine is not None:
            raise AgentError("ValueError", "a confined host does not trace searches")

        def ask(request: MoveRequest[State]) -> dict[str, object]:
            payloads = self._agent(key, agent), self._game(game_key, game)
            message = TraceSearch(key, *payloads, request, cap)
            reply = self._ask(message, self._wait(request), "trace")
            assert isinstance(reply, Traced), reply
            return reply.tree

        begin = time.perf_counter()
        try:
            return ask(request)
        except _NotHeld:  # sent whole this time
            return ask(request.postponed(time.perf_counter() - begin))

    def _wait(self, request: MoveRequest[State]) -> float | None:
        """How long to wait for the answer to ``request`` before killing the process: until
        its deadline plus the margin (None: no limit)."""
        left = request.remaining()
        return None if left is None else left + self.margin

    def _agent(self, key: Key, agent: object) -> bytes | None:
        """The agent's payload, or None when the host holds it already."""
        if key in self._agents and self.alive:
            return None
        return pickle.dumps(agent)

    def _game(self, game_key: Key, game: Game | GameSpec) -> Sent:
        """The game as sent: its payload None when the host holds it already."""
        if game_key in self._games and self.alive:
            return Sent(game_key, None)
        spec = hooks.spec(game)
        if spec is not None and parse_code_spec(spec):
            # loaded there from its own file: a host from the fork server (this process
            # has threads: a notebook's, say) cannot import the file's class by name
            return Sent(game_key, pickle.dumps(GameSpec(spec)))
        return Sent(game_key, pickle.dumps(game))

    def _ask(
        self,
        message: Request,
        wait: float | None,
        what: str,
        game: Game | GameSpec | None = None,
        state: object = None,
    ) -> Reply:
        with self._lock:
            if not self.alive:
                self._stop()
                self._start()
            process, conn = self._running()
        begin = time.perf_counter()
        try:
            if isinstance(process, Confined):  # self.confine is not None
                process.freeze(False)  # frozen since its last answer
            conn.send(message)
            reply = self._receive(wait, game, state)
        except (EOFError, OSError):
            process.join(1)
            why = _death(process)
            self._forget_if(process)
            raise AgentCrashed(why) from None
        except ValueError as exc:  # a sandboxed host that does not speak the protocol
            self._forget_if(process)
            raise AgentCrashed(str(exc)) from None
        if reply is None:
            self._forget_if(process)
            raise budget.Overrun(
                f"no answer to '{what}' within {time.perf_counter() - begin:.2f} s "
                f"(its deadline plus {self.margin:g} s): its process was stopped"
            )
        failed = isinstance(reply, Missing | Failed)
        if isinstance(message, Holding):  # the host kept them, or dropped both
            if not failed:
                _hold(self._agents, message.key, None, self.held)
                _hold(self._games, message.game.key, None, self.held)
            else:
                self._agents.pop(message.key, None)
                self._games.pop(message.game.key, None)
        if isinstance(reply, Missing):
            raise _NotHeld(f"its process no longer held {reply.key!r}")
        if isinstance(reply, Failed):
            if reply.name == GameFault.__name__ and self.confine is None:  # trusted: the game's
                raise GameFault(reply.text)
            raise AgentError(reply.name, reply.text, reply.trace)
        return reply


def _hold(store: OrderedDict[Key, _Held], key: Key, value: _Held, most: int) -> None:
    """Keep ``value`` under ``key`` as the most recently used, dropping the least recently
    used beyond ``most``: how a host keeps agents and games, and how its owner, applying
    the same to its record of them, knows what the host still holds."""
    store[key] = value
    store.move_to_end(key)
    while len(store) > most:
        store.popitem(last=False)


def _game_of(sent: object) -> Game:
    """The game a host was sent: itself, or loaded from its :class:`GameSpec`."""
    if isinstance(sent, GameSpec):
        from ..games import load_game

        return load_game(sent.spec)
    return cast(Game, sent)  # unpickled: a game, as its owner sent it


def _kill(process: _Process) -> None:
    if process.is_alive():
        process.kill()


def _death(process: _Process) -> str:
    """Why a host's process died, in a few words."""
    death = getattr(process, "death", None)  # a sandbox knows more
    return death() if death is not None else death_of_code(process.exitcode)


def death_of_code(code: int | None) -> str:
    """A process's death told from its exit code."""
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"its process died ({name}: killed, or out of memory)"
    return f"its process died (exit code {code})"


def limit_memory(memory_mb: int | None) -> None:
    """Cap this process's data memory at ``memory_mb`` MB (None: no cap)."""
    if memory_mb is not None:
        cap = int(memory_mb) << 20
        resource.setrlimit(resource.RLIMIT_DATA, (cap, cap))


class _Holdings:
    """What a host holds: agents and games by key, the ``most`` recently used of each, and
    its agents' preparations (:class:`~zerosum.hosting.standin.Preparing`)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.agents: OrderedDict[Key, Agent] = OrderedDict()
        self.games: OrderedDict[Key, Game] = OrderedDict()
        self.preparing = Preparing()

    def agent(self, key: Key, payload: bytes | None) -> Agent:
        return self._held(self.agents, key, payload, _agent_of)

    def game(self, key: Key, payload: bytes | None) -> Game:
        return self._held(self.games, key, payload, _game_of)

    def _held(
        self,
        store: OrderedDict[Key, _Held],
        key: Key,
        payload: bytes | None,
        build: Callable[[object], _Held],
    ) -> _Held:
        """``store[key]``: built from ``payload`` when sent, else the one held
        (:class:`_Missing` if none is)."""
        if payload is not None:
            _hold(store, key, build(pickle.loads(payload)), self.most)
        elif key in store:
            store.move_to_end(key)
        else:
            raise _Missing(key)
        return store[key]


def _agent_of(sent: object) -> Agent:
    """The agent a host was sent: itself, or built from its spec string."""
    from ..agents import make_agent

    return make_agent(sent) if isinstance(sent, str) else cast(Agent, sent)  # unpickled


Replier = Callable[..., None]


def _answer(message: Request, held: _Holdings, reply: Replier) -> None:
    """Act on one request in a host: forget or reset an agent, load one, prepare it for a
    game, play its move or trace its search; answered through ``reply`` (:class:`Forget`
    is not answered)."""
    if isinstance(message, Forget):
        held.agents.pop(message.key, None)
        return
    if isinstance(message, Reset):
        if message.key in held.agents:
            reset_agent(held.agents[message.key], message.seed)
        reply(Done())
        return
    agent = held.agent(message.key, message.agent)
    if isinstance(message, Load):
        reply(Done())
        return
    game = held.game(message.game.key, message.game.payload)
    if isinstance(message, Prepare):
        held.preparing.prepare(agent, game, background=message.background)
        reply(Done())
        return
    request = message.request
    if isinstance(message, TraceSearch):
        from ..agents.tracing import trace

        searcher = held.preparing.searcher(agent, game)
        with request.timed():
            found = trace(searcher, game, request.state, cap=message.cap)
        reply(Traced(found.to_dict()))
        return
    begin = time.perf_counter()
    with request.timed():
        action, search = held.preparing.move(agent, game, request.state)
    spent = time.perf_counter() - begin
    reply(Answer(action, search, spent), game, request.state)


def _serve(
    conn: Connection, nice: int, most: int, memory_mb: int | None = None, confined: bool = False
) -> None:
    """A host's loop: create agents, play their moves, answer each message in order
    (``confined``: in a sandbox, as data, :func:`~zerosum.hosting.sandbox.encode_reply`)."""

    def reply(answer: Reply, game: Game | None = None, state: object = None) -> None:
        if confined:
            conn.send_bytes(encode_reply(answer, game, state))
        else:
            conn.send(answer)

    die_with_parent()  # even when the parent is killed outright
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not a forking parent's handler
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    limit_memory(memory_mb)
    held = _Holdings(most)
    reply(Ready())
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        try:
            _answer(message, held, reply)
        except Exception as exc:  # the agent's error, reported to whoever asked
            if isinstance(message, Holding):  # dropped, as its owner drops them
                held.agents.pop(message.key, None)
                held.games.pop(message.game.key, None)
            if isinstance(exc, _Missing):
                reply(Missing(exc.args[0]))
                continue
            text = str(exc)
            if isinstance(exc, MemoryError) and memory_mb is not None:
                text = f"over its memory limit of {memory_mb} MB"
            try:
                reply(Failed(type(exc).__name__, text, users_traceback(exc)))
            except Exception:  # an answer that cannot be sent (unpicklable action...)
                reply(Failed(type(exc).__name__, "the answer could not be sent back"))


class Isolated:
    """``agent`` (a spec string or a picklable agent) played in a process of its own.

    A callable agent like any other: each move is told the caller's deadline, and one that
    overruns it by ``margin`` seconds kills the process and raises
    :class:`~zerosum.budget.Overrun` (``zs.play`` records a time forfeit); ``memory_mb``
    caps its process's memory and ``confine`` puts it in a sandbox, ``agent`` then a spec
    string (see :class:`AgentHost`). ``last`` is the agent's latest search summary.
    """

    def __init__(
        self,
        agent: object,
        *,
        margin: float = 0.5,
        name: str | None = None,
        memory_mb: int | None = None,
        confine: Confinement | None = None,
    ) -> None:
        self.agent = agent
        self.name = name or (agent.strip() if isinstance(agent, str) else agent_name(agent))
        self.time_limit = hooks.time_limit(agent)
        self.last: SearchInfo | None = None
        self._host = AgentHost(margin=margin, memory_mb=memory_mb, confine=confine)
        self._game: Game | None = None  # the game the host holds (kept alive: its id is its key)

    def prepare(self, game: Game) -> None:
        """Start the process and load the agent's compiled code for ``game``, untimed."""
        self._game = game
        self._host.prepare(0, self.agent, id(game), game)

    def reset(self, seed: int | None = None) -> None:
        self._host.reset(0, seed)

    def close(self) -> None:
        """Stop the process (it starts again on the next move)."""
        self._host.stop()

    def __call__(self, game: Game, state: object) -> object:
        self._game = game
        answer = self._host.move(0, self.agent, id(game), game, MoveRequest.now(state))
        self.last = answer.search
        return answer.action

    def __repr__(self) -> str:
        return f"Isolated({self.agent!r})"
