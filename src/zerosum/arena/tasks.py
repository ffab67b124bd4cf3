"""The games of a match or tournament as independent tasks, and the function that plays them.

A task carries everything its game needs (the game, both agents or their specs, the
seed, the opening, the time limits), so it plays the same wherever it runs: in this
process, in a local worker process or on a Dask worker. Seeds come from
:func:`~zerosum.seeding.derive_seed` of the match seed, the pairing and the game's index.
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import pickle
import random
import time
from collections.abc import Hashable
from dataclasses import dataclass, replace

from ..agents.base import Agent
from ..agents.registry import make_agent
from ..game import Game, StateKeyError, state_key
from ..games.registry import load_game
from ..hosting.isolation import Isolated
from ..hosting.sandbox import Confinement, readable_files
from ..records.results import ArenaGame
from ..seeding import derive_seed
from .play import play

__all__ = [
    "AUTO",
    "Entrant",
    "GameTask",
    "ArenaGame",
    "plan",
    "play_tasks",
    "built_agent",
    "built_game",
    "opening",
    "distinct_openings",
]


@dataclass(frozen=True)
class Entrant:
    """An agent in the arena: its name in tables and the agent object or spec string.

    ``time_limit`` is the per-move limit in seconds it is held to (None: none), and
    ``move_time`` the time it is told it has, a margin below: each of its moves is asked
    as a :class:`~zerosum.hosting.messages.MoveRequest` whose deadline is that many
    seconds after the move begins (``budget``: the old name of ``move_time``, read-only);
    ``memory_mb`` caps the memory of the process it plays in, when it plays in one;
    ``confined`` (a file spec) puts that process in a sandbox (:mod:`.sandbox`).
    """

    name: str
    agent: Agent | str
    time_limit: float | None = None
    move_time: float | None = None
    memory_mb: int | None = None
    confined: bool = False

    @property
    def budget(self) -> float | None:
        """``move_time``, under the name it had before it was named as ``--move-time`` is."""
        return self.move_time


@dataclass(frozen=True)
class GameTask:
    """One game to play: agents ``a`` and ``b`` (indices into the entrants) of a pairing."""

    a: int
    b: int
    index: int  # the game's index within its pairing
    first: int  # the entrant index that moves first (a or b)
    seed: int
    opening: tuple[object, ...]
    #: the game, or the spec string of a game from the user's code (loaded where played)
    game: Game | str
    entrants: tuple[Entrant, Entrant]  # (first, second)
    #: the state the opening is played from (None: the game's start)
    start: object = None

    @property
    def key(self) -> tuple[str, str, int]:
        """What identifies this game across runs (journal lines carry it)."""
        first, second = self.entrants
        names = (first.name, second.name) if self.first == self.a else (second.name, first.name)
        return (names[0], names[1], self.index)


def opening(game: Game, plies: int, seed: int, start: object = None) -> tuple[object, ...]:
    """``plies`` random actions from ``start`` (default: the start), avoiding moves that
    end the game (when a ply has only such moves, the opening stops there)."""
    rng = random.Random(seed)
    state = game.initial_state if start is None else start
    actions: list[object] = []
    for _ in range(plies):
        if game.is_terminal(state):
            break
        candidates = [a for a in game.actions(state) if not game.is_terminal(game.result(state, a))]
        if not candidates:
            break
        action = rng.choice(candidates)
        actions.append(action)
        state = game.result(state, action)
    return tuple(actions)


#: ``random_opening=AUTO``: every couple of games starts from its own position, reached
#: in the fewest random plies that keep it apart from the other couples'.
AUTO = "auto"
#: Positions generated at most per ply when looking for distinct openings.
_MOST_PER_PLY = 50_000


def _position_key(game: Game, state: object) -> Hashable:
    """The state's key, or its ``repr`` where it has none (openings need only tell
    positions apart)."""
    try:
        return state_key(game, state)
    except StateKeyError:
        return repr(state)


def distinct_openings(game: Game, count: int, seed: int) -> list[tuple[object, ...]]:
    """``count`` openings of the fewest plies that lead to ``count`` different positions:
    the start, then single moves in random order, then two-move openings, and so on
    (moves that end the game are avoided, as in :func:`opening`). When the game has
    fewer positions than that, the openings repeat from the first.

    >>> from zerosum.games import TicTacToe
    >>> [len(o) for o in distinct_openings(TicTacToe(), 12, seed=0)]
    [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2]
    """
    rng = random.Random(derive_seed(seed, "distinct openings"))
    chosen: list[tuple[object, ...]] = []
    level: dict[Hashable, tuple[tuple[object, ...], object]] = {
        _position_key(game, game.initial_state): ((), game.initial_state)
    }
    while len(chosen) < count and level:
        found = list(level.values())
        rng.shuffle(found)
        chosen.extend(moves for moves, _ in found[: count - len(chosen)])
        level = _next_level(game, found)
    while len(chosen) < count:
        chosen.append(chosen[len(chosen) % max(1, len(chosen))])
    return chosen


def _next_level(
    game: Game, found: list[tuple[tuple[object, ...], object]]
) -> dict[Hashable, tuple[tuple[object, ...], object]]:
    """The distinct positions one more ply away (non-terminal ones only)."""
    level: dict[Hashable, tuple[tuple[object, ...], object]] = {}
    for moves, state in found:
        for action in game.actions(state):
            after = game.result(state, action)
            if game.is_terminal(after):
                continue
            level.setdefault(_position_key(game, after), ((*moves, action), after))
            if len(level) >= _MOST_PER_PLY:
                return level
    return level


def plan(
    game: Game | str,
    entrants: list[Entrant],
    pairs: list[tuple[int, int]],
    games: int,
    seed: int,
    swap_sides: bool,
    random_opening: int | str,
    local_game: Game | None = None,
    start: object = None,
) -> list[GameTask]:
    """Every game of the pairings, in a fixed order: ``games`` per pair, sides alternating
    when ``swap_sides`` (game ``2k`` has ``a`` first, ``2k+1`` has ``b`` first, both from
    the same opening). ``random_opening`` is a number of random plies per couple of games
    or :data:`AUTO` (the same :func:`distinct_openings` for every pair). ``game`` may be a
    spec string, ``local_game`` then the game it names (else it is loaded here). From a
    given ``start`` state every game begins there: :data:`AUTO` plays no opening, a
    number of plies plays them from there."""
    board = built_game(game) if local_game is None else local_game
    couples = (games + 1) // 2 if swap_sides else games
    auto = random_opening == AUTO and start is None
    shared = distinct_openings(board, couples, seed) if auto else None
    tasks = []
    for a, b in pairs:
        pairing = (entrants[a].name, entrants[b].name)
        for index in range(games):
            first, second = (b, a) if swap_sides and index % 2 else (a, b)
            couple = index // 2 if swap_sides else index
            if shared is not None:
                moves = shared[couple]
            elif random_opening and random_opening != AUTO:
                moves = opening(
                    board,
                    int(random_opening),
                    derive_seed(seed, pairing, "opening", couple),
                    start,
                )
            else:
                moves = ()
            tasks.append(
                GameTask(
                    a=a,
                    b=b,
                    index=index,
                    first=first,
                    seed=derive_seed(seed, pairing, index),
                    opening=moves,
                    game=game,
                    entrants=(entrants[first], entrants[second]),
                    start=start,
                )
            )
    return tasks


# Agents built from spec strings, and isolated agents, once per process: some build
# tables at creation, and isolated ones start a process.
_ISOLATED: dict[tuple[str, str, str | bytes, Confinement | None], Isolated] = {}
_AGENTS: dict[str, Agent] = {}
_GAMES: dict[str, Game] = {}


def built_agent(entrant: Entrant, game: Game | str) -> Agent:
    """The entrant's agent: run in a process of its own when it is held to a time limit
    (a move that overruns it is then stopped for certain), except where this process may
    not start others (a Dask worker's), where only the agent's own deadline holds; in a
    sandbox that may read its file and ``game``'s (a spec string) when it is confined."""
    limit, move_time = entrant.time_limit, entrant.move_time
    own = entrant.confined or not multiprocessing.current_process().daemon
    if limit is not None and own:
        payload = entrant.agent if isinstance(entrant.agent, str) else pickle.dumps(entrant.agent)
        confine = Confinement(readable_files(entrant.agent, game)) if entrant.confined else None
        key = ("isolated", entrant.name, payload, confine)
        if key not in _ISOLATED:
            if not _ISOLATED:
                atexit.register(_release_isolated)  # runs before multiprocessing's own
            margin = max(0.0, limit - (move_time or limit))
            _ISOLATED[key] = Isolated(
                entrant.agent,
                margin=margin,
                name=entrant.name,
                memory_mb=entrant.memory_mb,
                confine=confine,
            )
        return _ISOLATED[key]
    if not isinstance(entrant.agent, str):
        return entrant.agent
    if entrant.agent not in _AGENTS:
        _AGENTS[entrant.agent] = make_agent(entrant.agent)
    return _AGENTS[entrant.agent]


def release_confined() -> None:
    """Stop the sandboxes of the confined agents this process holds (after a tournament:
    nothing an entry started outlives it)."""
    for key in [k for k in _ISOLATED if k[-1] is not None]:
        _ISOLATED.pop(key).close()


def _release_isolated() -> None:
    """At exit, kill every isolated agent's process and wait for it, so none is left for
    multiprocessing's exit handler to terminate while this process is being torn down
    (nothing then prints after the command's last line)."""
    for key in list(_ISOLATED):
        with contextlib.suppress(Exception):
            _ISOLATED.pop(key).close()


def built_game(game: Game | str) -> Game:
    """The game itself: a spec string (a game from the user's code) is loaded once per process."""
    if not isinstance(game, str):
        return game
    if game not in _GAMES:
        _GAMES[game] = load_game(game)
    return _GAMES[game]


def play_task(task: GameTask) -> ArenaGame:
    """Play one task's game (in whatever process this runs)."""
    begin = time.perf_counter()
    game = built_game(task.game)
    state = game.initial_state if task.start is None else task.start
    for action in task.opening:
        state = game.result(state, action)
    first, second = task.entrants
    record = play(
        game,
        built_agent(first, task.game),
        built_agent(second, task.game),
        seed=task.seed,
        state=state,
        max_move_seconds={1: first.time_limit, 2: second.time_limit},
        move_seconds={1: first.move_time, 2: second.move_time},
    )
    record = replace(record, players=(first.name, second.name))
    seconds = time.perf_counter() - begin
    opener = game.player(state) if record.actions else 1
    return ArenaGame(task.a, task.b, task.index, task.first, task.seed, record, "", seconds, opener)


def play_tasks(tasks: list[GameTask]) -> list[ArenaGame]:
    """Play a batch of tasks in order (one executor job, to keep per-job overhead small)."""
    return [play_task(task) for task in tasks]
