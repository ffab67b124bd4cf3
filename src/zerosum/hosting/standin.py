"""A host's first move without waiting for numba: the agent's Python search stands in while
its compiled search compiles in the background.

On a machine whose numba cache lacks an agent's compiled search, preparing the agent
compiles it: tic-tac-toe's alpha-beta takes about 10 s of CPU, and the person who just
made the page's first move would wait for all of it. A host asked to (the web server's,
:mod:`zerosum.web.thinking`, and ``zerosum play`` with a person, through
:class:`StandingIn`) prepares such an agent in a thread of its own instead, and
meanwhile its *stand-in* searches for it (its moves, and the trees "Why this move?"
shows): the same search with the same switches on its Python path, told the same
deadline, its search summary its own (its nodes, ``compiled`` False) with :data:`NOTE`
added. Once the thread is done, the agent searches itself. A compile in a thread leaves
the move the interpreter lock it needs: a depth-4 tic-tac-toe search in Python took
1.3 ms beside it, as long as alone.

:class:`~zerosum.agents.AlphaBeta`, :class:`~zerosum.agents.MCTS`,
:class:`~zerosum.agents.MonteCarlo` and :class:`~zerosum.agents.Perfect` have stand-ins,
each its Python path (``compiled=False``, for the Monte-Carlo searches
``python_rollouts=True``), which loads no compiled code and with a deadline
answers in time (Perfect's, far from the end, by its bounded search's move, but from
Connect Four's opening book where it reaches: ``kernels/cached.py``'s ``loaded_only``).
Everything else, and an agent whose compiled code is in memory or in numba's cache, is
prepared at once as before. Matches and tournaments never use this (nor ``zerosum play`` between two
agents): their results must not depend on what this machine had compiled.

A command that answers once and exits (``zerosum explain``, ``zerosum grade``) has no
later move for a background compile to serve: :func:`without_compiling` has the stand-in
answer instead of compiling on a game small enough for Python (tic-tac-toe, Pick 3:
:func:`~zerosum.agents.solve.python_suffices`), where compiling would take seconds for a
search Python does in milliseconds, saying so (:data:`NOT_COMPILED`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections.abc import Callable
from typing import TypeVar

from .. import hooks
from ..agents.base import Agent, SearchInfo
from ..agents.montecarlo import MCTS, MonteCarlo
from ..agents.search import AlphaBeta
from ..agents.solve import Perfect, python_suffices
from ..game import Game
from ..kernels.cached import Uncompiled, cached_only
from .calls import prepare_agent, reset_agent

__all__ = [
    "NOTE",
    "NOT_COMPILED",
    "Preparing",
    "StandingIn",
    "noted",
    "python_stand_in",
    "without_compiling",
]

#: What a stand-in's search summary says (the page shows it beside the move).
NOTE = "searched in Python while its compiled search is prepared (first use on this machine)"
#: What a command's answer says when a stand-in gave it (:func:`without_compiling`).
NOT_COMPILED = (
    "searched in Python: its compiled search is not compiled on this machine yet, "
    "and this game is small enough not to wait for it"
)

_T = TypeVar("_T")


def python_stand_in(agent: object, game: Game) -> AlphaBeta | MCTS | MonteCarlo | Perfect | None:
    """The agent's Python path with the same switches, when its moves in ``game`` would run
    compiled code and that path answers within a move's deadline; else None."""
    searchers = AlphaBeta | MCTS | MonteCarlo | Perfect
    if not isinstance(agent, searchers) or not agent.would_compile(game):
        return None
    twin: AlphaBeta | MCTS | MonteCarlo | Perfect
    if isinstance(agent, MonteCarlo):
        twin = MonteCarlo(agent.playouts, agent.seed, agent.trace, python_rollouts=True)
    elif isinstance(agent, MCTS):
        settings = (agent.iterations, agent.time_limit, agent.c, agent.seed, agent.solver)
        twin = MCTS(*settings, compiled=False, trace=agent.trace, python_rollouts=True)
    elif isinstance(agent, Perfect):
        twin = Perfect(agent.seed, compiled=False)
    else:
        twin = AlphaBeta(
            depth=agent.depth,
            evaluate=agent.evaluate,
            time_limit=agent.time_limit,
            ordering=agent.ordering,
            table=agent.table,
            depth_adjust=agent.depth_adjust,
            seed=agent.seed,
            table_size=agent.table_size,
            compiled=False,
            trace=agent.trace,
        )
    twin.rng = agent.rng  # random choices from the agent's own stream (its game's seed)
    return twin


def without_compiling(agent: Agent, game: Game, use: Callable[[Agent], _T]) -> tuple[_T, bool]:
    """``use(agent)`` for a command that answers once, and whether a stand-in answered
    instead: on a game small enough for Python (:func:`python_suffices`), when what
    ``use`` runs is not in numba's cache, ``use`` runs on the agent's stand-in rather than
    wait seconds for a compile that this process would never use again; elsewhere, or
    for an agent without one, ``use(agent)``, compiling what it needs."""
    stand_in = python_stand_in(agent, game) if python_suffices(game) else None
    if stand_in is None:
        return use(agent), False
    try:
        with cached_only():
            return use(agent), False
    except Uncompiled:
        return use(stand_in), True


class Preparing:
    """A host's preparations: at once, or (``background``) in a thread while stand-ins play.

    One thread compiles at a time, and while it does, every agent with a stand-in searches
    through it, its moves and its traces (looking in numba's cache would wait for the
    thread: numba compiles one thing at a time, and looks in its cache under the same
    lock); an agent without one is prepared at once, waiting for the thread as it would
    have waited for its own compile. An agent with a stand-in met meanwhile is not
    prepared: its next preparing does it (the page prepares its agent before each move).
    """

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None

    @property
    def compiling(self) -> bool:
        """Whether a thread is preparing an agent."""
        return self._thread is not None and self._thread.is_alive()

    def prepare(self, agent: object, game: Game, background: bool) -> None:
        """Prepare ``agent`` for ``game``; with ``background``, an agent with a stand-in whose
        preparing would compile is prepared in a thread, its stand-in searching meanwhile."""
        if not background or python_stand_in(agent, game) is None:
            prepare_agent(agent, game)
        elif not self.compiling:
            try:
                with cached_only():
                    prepare_agent(agent, game)
            except Uncompiled:
                self._thread = threading.Thread(
                    target=_prepare_quietly, args=(agent, game), name="zerosum-compile", daemon=True
                )
                self._thread.start()

    def searcher(self, agent: Agent, game: Game) -> Agent:
        """Who searches for ``agent`` in ``game``: its stand-in while the thread compiles
        (when it has one), else the agent itself."""
        return (self.compiling and python_stand_in(agent, game)) or agent

    def move(self, agent: Agent, game: Game, state: object) -> tuple[object, SearchInfo | None]:
        """``agent``'s move in ``state``, by its :meth:`searcher`, and the search summary
        that move left (None if it left none), :func:`noted` when its stand-in made it."""
        searcher = self.searcher(agent, game)
        before = hooks.last(searcher)
        action = searcher(game, state)
        info = hooks.last(searcher)
        search = info if isinstance(info, SearchInfo) and info is not before else None
        return action, (noted(search) if searcher is not agent else search)


class StandingIn:
    """An agent for a game with a person, whose moves its stand-in makes while its compiled
    search is prepared in the background (``zerosum play``, the terminal's twin of the
    page's host): :meth:`Preparing.move`; ``last`` is the move's summary, noted as the
    stand-in's when it was. Named, specified and reset as the agent itself."""

    def __init__(self, agent: Agent, preparing: Preparing) -> None:
        self.agent = agent
        self.preparing = preparing
        self.last: SearchInfo | None = None

    @property
    def name(self) -> str | None:
        return hooks.name(self.agent)

    @property
    def spec(self) -> str | None:
        return hooks.spec(self.agent)

    def reset(self, seed: int | None = None) -> None:
        reset_agent(self.agent, seed)

    def __call__(self, game: Game, state: object) -> object:
        action, self.last = self.preparing.move(self.agent, game, state)
        return action

    def __repr__(self) -> str:
        return repr(self.agent)


def noted(search: SearchInfo | None) -> SearchInfo | None:
    """A stand-in's search summary, saying so (before any note of its own)."""
    if search is None:
        return None
    return dataclasses.replace(search, note="; ".join(filter(None, [NOTE, search.note])))


def _prepare_quietly(agent: object, game: Game) -> None:
    """Prepare in the thread; an error is left for the agent's own move to raise."""
    with contextlib.suppress(Exception):
        prepare_agent(agent, game)
