"""Matches and round-robin tournaments: ``zs.match`` and ``zs.tournament``.

Both plan every game up front (each with its own seed and opening), skip the games a
journal already holds, play the rest on an executor and summarize all of them. The
results depend only on the arguments, never on the number of workers or the order in
which games finish (for agents without a time limit).
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Mapping, Sequence
from os import PathLike
from typing import TypeVar

from .. import hooks
from ..agents.base import Agent
from ..agents.registry import make_agent
from ..game import Game, SpecError, ZerosumError, game_name
from ..games.registry import load_game
from ..hosting.sandbox import unavailable
from .ahead import prepare_ahead
from .entries import CODE_MEMORY_MB, CODE_MOVE_SECONDS, entry_name, is_code, is_file, probe
from .executors import open_pool, run
from .journal import Journal, run_identity
from .options import ArenaOptions
from .play import agent_name
from .progress import make_progress
from .results import ArenaResult, MatchResult, TournamentResult
from .tasks import AUTO, ArenaGame, Entrant, GameTask, plan, release_confined

__all__ = ["match", "tournament", "entrants", "LeftOut", "Unconfined"]

Agents = Sequence[Agent | str] | Mapping[str, Agent | str]
_Result = TypeVar("_Result", bound=ArenaResult)


class LeftOut(UserWarning):
    """An entry from the user's code that did not load and was left out of a tournament."""


class Unconfined(UserWarning):
    """Entries from the user's files play without a sandbox: none can be started here."""


def _confining(agents: Agents, sandbox: bool | None) -> bool:
    """Whether the entries from files play in sandboxes: ``sandbox`` None when one can be
    started here (else a :class:`Unconfined` warning), True always (else an error),
    False never."""
    specs = agents.values() if isinstance(agents, Mapping) else agents
    if sandbox is False or not any(is_file(a) for a in specs):
        return False
    why = unavailable()
    if why is None:
        return True
    if sandbox:
        raise ZerosumError(f"entries from files cannot be sandboxed here: {why}")
    warnings.warn(f"entries from files play without a sandbox: {why}", Unconfined, stacklevel=4)
    return False


def entrants(
    agents: Agents,
    move_time: float | None = None,
    time_margin: float = 0.5,
    memory_mb: int | None = None,
    confine: bool = False,
) -> list[Entrant]:
    """The agents as :class:`Entrant`: spec strings are checked and named by their spec
    (a bare file spec by its file's name), objects by
    :func:`~zerosum.arena.agent_name`, unless a mapping names them; a repeated name gets
    ``#2``, ``#3``... Each agent is told its own ``time_limit`` (or ``move_time``) per
    move, and held to that plus ``time_margin`` seconds: past it, the move is stopped
    for certain (see :func:`~zerosum.arena.tasks.play_task`).

    Agents from the user's code (file and module specs) are not loaded here: they were
    checked in processes of their own (:func:`~zerosum.arena.entries.probe`). They play
    in processes of their own too, held to :data:`~zerosum.arena.entries.CODE_MOVE_SECONDS`
    per move unless ``move_time`` says otherwise, with ``memory_mb`` (default
    :data:`~zerosum.arena.entries.CODE_MEMORY_MB`) of memory; ``memory_mb`` also caps
    the other agents that play in processes of their own. With ``confine``, agents from
    files play in sandboxes (:mod:`~zerosum.hosting.sandbox`)."""
    named = list(agents.items()) if isinstance(agents, Mapping) else [(None, a) for a in agents]
    result: list[Entrant] = []
    seen: dict[str, int] = {}
    for name, agent in named:
        code = is_code(agent)
        built = None if code else make_agent(agent) if isinstance(agent, str) else agent
        if not code and not callable(built):
            raise ZerosumError(
                f"agent {name or agent!r} is a {type(built).__name__}, not an agent; expected a "
                "spec string such as 'random:seed=1' or a callable agent(game, state) -> action"
            )
        name = (
            str(name)
            if name is not None
            else (entry_name(agent) if isinstance(agent, str) else agent_name(agent))
        )
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            name = f"{name}#{seen[name]}"
        agent_move_time = hooks.time_limit(built) or move_time
        if code and agent_move_time is None:
            agent_move_time = CODE_MOVE_SECONDS
        memory = memory_mb if memory_mb is not None or not code else CODE_MEMORY_MB
        result.append(
            Entrant(
                name,
                agent.strip() if isinstance(agent, str) else agent,
                None if agent_move_time is None else agent_move_time + time_margin,
                agent_move_time,
                memory,
                confine and is_file(agent),
            )
        )
    return result


def _check_code_agents(
    agents: Agents, memory_mb: int | None, leave_out: bool, confine: bool
) -> tuple[Agents, dict[str, str]]:
    """The agents without those from the user's code that do not load (each tried in a
    process of its own, a sandbox with ``confine``), and why each was left out; raise
    instead unless ``leave_out``."""
    named = list(agents.items()) if isinstance(agents, Mapping) else [(None, a) for a in agents]
    specs = [a.strip() for _, a in named if is_code(a)]
    if not specs:
        return agents, {}
    found = probe(specs, memory_mb=memory_mb or CODE_MEMORY_MB, confine=confine)
    failed = {spec: why for spec, why in found.items() if why is not None}
    if failed and not leave_out:
        raise SpecError(next(iter(failed.values())))
    kept = [(n, a) for n, a in named if not (is_code(a) and a.strip() in failed)]
    if isinstance(agents, Mapping):
        return {str(n): a for n, a in kept}, failed
    return [a for _, a in kept], failed


def _game_and_carrier(game: Game | str) -> tuple[Game, Game | str]:
    """The game, and what tasks carry to workers: the spec string of a game from the
    user's code (its class may not unpickle where its file was not loaded), else the game."""
    loaded = load_game(game) if isinstance(game, str) else game
    spec = hooks.spec(loaded)
    return loaded, (spec if spec is not None and is_code(spec) else loaded)


def _start_text(game: Game, state: object) -> str | None:
    """The start position as a journal records it (None: the game's start), its compact
    line where the game writes one: a setting that changes every result. A finished
    position is refused: no game can be played from it."""
    if state is None:
        return None
    if game.is_terminal(state):
        raise ZerosumError(f"{game_name(game)} is over in the given state: no game to play from it")
    write = hooks.position_text(game)
    return repr(state) if write is None else str(write(state))


def _run(
    cls: type[_Result],
    game: Game | str,
    agents: Agents,
    pairs: list[tuple[int, int]] | None,
    options: ArenaOptions,
) -> _Result:
    """Play the games of ``pairs`` of ``agents`` (None: every pair, leaving out the
    entries from the user's code that do not load) and summarize them as a ``cls``."""
    game, carried = _game_and_carrier(game)
    options.check()
    start = _start_text(game, options.state)
    confine = _confining(agents, options.sandbox)
    agents, left_out = _check_code_agents(agents, options.memory_mb, pairs is None, confine)
    for why in left_out.values():
        warnings.warn(f"left out of the tournament: {why}", LeftOut, stacklevel=3)
    people = entrants(agents, options.move_time, options.time_margin, options.memory_mb, confine)
    if len(people) < 2:
        raise ZerosumError(f"a tournament needs at least 2 agents, got {len(people)}")
    names = [e.name for e in people]
    if pairs is None:
        pairs = [(i, j) for i in range(len(people)) for j in range(i + 1, len(people))]
    tasks = plan(
        carried,
        people,
        pairs,
        options.games,
        options.seed,
        options.swap_sides,
        options.random_opening,
        game,
        options.state,
    )
    settings: dict[str, object] = {
        "game": game_name(game),
        "agents": names,
        "seed": options.seed,
        "swap_sides": options.swap_sides,
        "random_opening": options.random_opening,
        "time_limits": [e.time_limit for e in people],
        "start": start,
    }
    header = {**settings, **run_identity(people)}
    book = Journal(options.journal, header, names, tasks) if options.journal is not None else None
    begin = time.perf_counter()
    done, resumed = _play(tasks, names, book, options)
    settings.update(
        games=options.games,
        workers=options.workers,
        scheduler=options.scheduler,
        resumed=resumed,
        left_out=left_out,
    )
    return cls(
        game=game_name(game),
        names=tuple(names),
        games=tuple(done[t.key] for t in tasks),
        settings=settings,
        seconds=time.perf_counter() - begin,
    )


def _play(
    tasks: list[GameTask], names: list[str], book: Journal | None, options: ArenaOptions
) -> tuple[dict[tuple[str, str, int], ArenaGame], int]:
    """Every game of ``tasks`` by its key: those ``book`` holds, then the others played
    (each kept in ``book`` as it finishes); and how many came from ``book``."""
    done: dict[tuple[str, str, int], ArenaGame] = {}
    if book is not None:
        done = {t.key: book.games[t.key] for t in tasks if t.key in book.games}
    todo = [t for t in tasks if t.key not in done]
    try:
        with open_pool(options.workers, options.scheduler) as pool:
            prepare_ahead(pool, todo)
            bar = make_progress(options.progress, len(tasks), len(done))

            def finished(played: ArenaGame) -> None:
                if book is not None:
                    book.append(played)
                done[(names[played.a], names[played.b], played.index)] = played
                bar.advance()

            try:
                run(pool, todo, finished)
            finally:
                bar.close()
    finally:
        release_confined()
        if book is not None:
            book.close()
    return done, len(tasks) - len(todo)


def match(
    game: Game | str,
    a: Agent | str,
    b: Agent | str,
    games: int = 100,
    swap_sides: bool = True,
    random_opening: int | str = AUTO,
    seed: int = 0,
    workers: int = 1,
    *,
    scheduler: str | None = None,
    journal: str | PathLike[str] | None = None,
    progress: bool = False,
    move_time: float | None = None,
    time_margin: float = 0.5,
    memory_mb: int | None = None,
    names: tuple[str, str] | None = None,
    sandbox: bool | None = None,
    state: object = None,
) -> MatchResult:
    """``games`` games of agent ``a`` against ``b`` (objects or spec strings).

    With ``swap_sides`` each plays first in half the games. Each couple of games starts
    from its own opening, once with each agent first: by default (``"auto"``) the
    fewest random plies that make the couples' positions differ (see
    :func:`~zerosum.arena.tasks.distinct_openings`), so deterministic agents never
    replay a game; ``random_opening=k`` plays ``k`` random plies, 0 none. Agents from
    files and modules are loaded in processes of their own first (one that fails raises
    :class:`~zerosum.SpecError`; a tournament leaves it out with a :class:`LeftOut`
    warning) and play in their own, within ``memory_mb``.
    ``workers`` local processes (1: this process) or a Dask ``scheduler`` address play
    them; ``journal`` (a ``.jsonl`` path) keeps every finished game and resumes from it.
    Agents are held to their ``time_limit`` (else ``move_time``) plus ``time_margin``
    seconds per move, on pain of forfeit. ``names=("x", "y")`` names them in tables.
    Agents from files play in sandboxes (:mod:`~zerosum.hosting.sandbox`) where one can be
    started, else with a :class:`Unconfined` warning; ``sandbox=True`` refuses to play
    them unconfined (a :class:`~zerosum.ZerosumError`), ``sandbox=False`` never confines.
    ``state`` (``zs.position(game, text)``) starts every game from that position, sides
    swapped as from the start, with no random opening unless ``random_opening`` asks.

    >>> import zerosum as zs
    >>> result = zs.match("tictactoe", "minimax:depth=4", "dummy", games=4)
    >>> result.tally, result.score, result.elo
    (Tally(wins=4, draws=0, losses=0), 1.0, inf)
    """
    agents: Agents = dict(zip(names, (a, b), strict=True)) if names is not None else [a, b]
    options = ArenaOptions(
        games=games,
        swap_sides=swap_sides,
        random_opening=random_opening,
        seed=seed,
        workers=workers,
        scheduler=scheduler,
        journal=journal,
        progress=progress,
        move_time=move_time,
        time_margin=time_margin,
        memory_mb=memory_mb,
        sandbox=sandbox,
        state=state,
    )
    return _run(MatchResult, game, agents, [(0, 1)], options)


def tournament(
    game: Game | str,
    agents: Agents,
    games_per_pair: int = 10,
    swap_sides: bool = True,
    random_opening: int | str = AUTO,
    seed: int = 0,
    workers: int = 1,
    *,
    scheduler: str | None = None,
    journal: str | PathLike[str] | None = None,
    progress: bool = False,
    move_time: float | None = None,
    time_margin: float = 0.5,
    memory_mb: int | None = None,
    sandbox: bool | None = None,
    state: object = None,
) -> TournamentResult:
    """A round robin: every pair of ``agents`` plays a match of ``games_per_pair`` games.

    ``agents`` is a list of agents or spec strings (named by their spec), or a dict
    ``{name: agent}``. The other arguments are those of :func:`match`. The result has
    the standings, the crosstable, Elo ratings fitted to all games, and every record.

    >>> import zerosum as zs
    >>> result = zs.tournament("tictactoe", ["minimax:depth=4", "random", "dummy"], 4)
    >>> [r.name for r in sorted(result.ratings, key=lambda r: -r.elo)][0]
    'minimax:depth=4'
    """
    options = ArenaOptions(
        games=games_per_pair,
        swap_sides=swap_sides,
        random_opening=random_opening,
        seed=seed,
        workers=workers,
        scheduler=scheduler,
        journal=journal,
        progress=progress,
        move_time=move_time,
        time_margin=time_margin,
        memory_mb=memory_mb,
        sandbox=sandbox,
        state=state,
    )
    return _run(TournamentResult, game, agents, None, options)
