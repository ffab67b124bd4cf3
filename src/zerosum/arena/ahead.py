"""Compiling ahead, in parallel: before a tournament's games, each kind of agent is
prepared once, each on a worker process of its own, so the workers compile different
code at the same time instead of each compiling all of it in turn.

On a machine that has never run the agents, preparing one compiles its code into
numba's on-disk cache (seconds per kernel: MCTS and alpha-beta for Connect Four take
about 2 s and 5 s). A pool's workers used to meet that at their first games, every
worker compiling every agent's code one after the other; prepared ahead, the MCTS and
the alpha-beta compile side by side, and every worker then loads both from the cache. On
a machine where they are compiled, the same step only loads them (well under a second).

An agent whose preparation compiles helpers apart from its main kernel (its optional
``prepare_helpers``: alpha-beta's heuristic and principal-variation reader) has them
compiled on another worker at the same time, through the same cache: Connect Four's
alpha-beta then compiles in about 4 s instead of 5.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Future

from .. import hooks, notices
from ..agents.registry import make_agent
from ..game import Game
from ..hosting.calls import prepare_agent
from .executors import Pool, first_finished
from .tasks import Entrant, GameTask, built_agent, built_game

__all__ = ["prepare_ahead", "firsts_of_each_kind", "jobs_ahead"]

#: Seconds of preparing after which the tournament says what it is doing (a load from the
#: cache takes less on a quiet machine).
TELL_AFTER = 2.0


def firsts_of_each_kind(tasks: list[GameTask]) -> list[tuple[Game | str, Entrant]]:
    """One entrant of each kind (its agent's class) per game: agents of one class compile
    the same code for a game (``alphabeta:depth=2`` and ``depth=4`` one kernel), so
    preparing two of them at once would compile it twice."""
    return [(game, entrant) for game, entrant, _ in _firsts(tasks)]


def _firsts(tasks: list[GameTask]) -> list[tuple[Game | str, Entrant, object]]:
    """:func:`firsts_of_each_kind`, each with its agent built here (to look at)."""
    seen: set[tuple[int, type]] = set()
    chosen: list[tuple[Game | str, Entrant, object]] = []
    for task in tasks:
        for entrant in task.entrants:
            agent = entrant.agent
            try:
                built = make_agent(agent) if isinstance(agent, str) else agent
            except Exception:  # its games say what is wrong with it
                continue
            if (id(task.game), type(built)) not in seen:
                seen.add((id(task.game), type(built)))
                chosen.append((task.game, entrant, built))
    return chosen


def prepare_entrant(game: Game | str, entrant: Entrant) -> None:
    """In a worker: prepare ``entrant``'s agent for ``game``, the same agent object its
    games in this process play; an error is left to those games (they forfeit)."""
    with contextlib.suppress(Exception):
        prepare_agent(built_agent(entrant, game), built_game(game))


def prepare_entrant_helpers(game: Game | str, entrant: Entrant) -> None:
    """In a worker: run ``entrant``'s agent's ``prepare_helpers`` for ``game``; an error is
    left to its games."""
    with contextlib.suppress(Exception):
        helpers = hooks.prepare_helpers(built_agent(entrant, game))
        if helpers is not None:
            helpers(built_game(game))


def jobs_ahead(tasks: list[GameTask]) -> list[tuple[Callable[..., None], Game | str, Entrant]]:
    """What to prepare ahead, in the order to start it: the kinds whose agents have
    helpers first (their own preparation takes longest), then those helpers, which the
    other workers take meanwhile, then the other kinds."""
    helped: list[tuple[Game | str, Entrant]] = []
    rest: list[tuple[Game | str, Entrant]] = []
    for game, entrant, agent in _firsts(tasks):
        (rest if hooks.prepare_helpers(agent) is None else helped).append((game, entrant))
    return ([(prepare_entrant, game, entrant) for game, entrant in helped]
            + [(prepare_entrant_helpers, game, entrant) for game, entrant in helped]
            + [(prepare_entrant, game, entrant) for game, entrant in rest])  # fmt: skip


def prepare_ahead(pool: Pool, tasks: list[GameTask]) -> None:
    """Prepare one entrant of each kind on the pool's local worker processes, all at once
    (see :func:`jobs_ahead`), and wait for them; nothing to do with one process (or on
    Dask, whose workers keep caches of their own)."""
    if pool.slots < 2 or not pool.pickles:
        return
    jobs = jobs_ahead(tasks)
    if len(jobs) < 2:
        return
    processes = min(pool.slots, len(jobs))
    message = (f"loading the agents' compiled code in {processes} processes (the first time "
               "on this machine: compiling it, once)")  # fmt: skip
    with notices.while_slow(message, TELL_AFTER):
        try:
            futures = [pool.executor.submit(job, game, entrant) for job, game, entrant in jobs]
        except (BrokenExecutor, OSError):  # the games' own submits renew the pool
            return
        running: set[Future[None]] = set(futures)
        while running:
            running -= first_finished(running)
    if any(isinstance(future.exception(), BrokenExecutor) for future in futures):
        pool.renew()  # a worker died preparing: its games will say how
