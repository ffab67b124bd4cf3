"""One game between two agents, checked move by move, and its record.

``play`` is the small pure loop everything else in the arena is built on: it asks each
agent for a move, checks it, and turns an agent's failure into a forfeit instead of a
crash, so a match or tournament always gets a record back. The game's own faults
(:class:`~zerosum.game.GameFault`, from a game checked by :mod:`zerosum.checked`, or a
``player`` other than 1 and 2 and a utility that is not zero-sum, from any game) are
no agent's: they end the game and are raised.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .. import budget, hooks
from ..agents.base import Agent, Resignation, SearchInfo
from ..agents.simple import Human
from ..agents.summary import Sides, summary_lines
from ..checked import check_player, check_zero_sum, users_traceback
from ..game import (
    Game,
    GameFault,
    IllegalActionError,
    check_action,
    format_action,
    game_name,
    opponent,
    render_state,
)
from ..hosting.calls import agent_name, prepare_agent, reset_agent
from ..hosting.isolation import AgentError
from ..hosting.messages import MoveRequest
from ..records.game import GameRecord, Reason
from ..seeding import derive_seed

__all__ = ["Reason", "GameRecord", "Move", "Forfeit", "ask_move", "play", "judge", "agent_name"]
__all__ += ["reset_agent", "prepare_agent"]


def _per_player(value: float | Mapping[int, float | None] | None) -> dict[int, float | None]:
    if isinstance(value, Mapping):
        return {1: value.get(1), 2: value.get(2)}
    return {1: value, 2: value}


@dataclass(frozen=True)
class Move:
    """An agent's checked move, the seconds it took and its search summary, if any."""

    action: object
    seconds: float
    search: SearchInfo | None


@dataclass(frozen=True)
class Forfeit:
    """Player ``loser`` lost before the game's end: by forfeit or resignation (``reason``),
    and ``detail`` says why, for the record; ``trace``, for an exception, the frames of
    the agent's own code it passed through."""

    loser: int
    reason: Reason
    detail: str
    trace: str = ""


def ask_move(
    game: Game, request: MoveRequest[object], mover: int, agent: Agent, limit: float | None
) -> Move | Forfeit:
    """Ask ``agent`` (player ``mover``) for its move in the request's state, by its
    deadline (which the agent reads from :mod:`zerosum.budget`), held to ``limit``
    seconds: the move, checked and timed, or the forfeit it earned by raising, overrunning
    its time or choosing an illegal action. A :class:`~zerosum.game.GameFault` is the
    game's own and is raised."""
    state = request.state
    begin = time.perf_counter()
    try:
        with request.timed():
            action = agent(game, state)
    except Resignation as exc:
        return Forfeit(mover, Reason.RESIGN, f"player {mover} resigned: {exc}")
    except GameFault:
        raise
    except budget.Overrun as exc:  # stopped for certain by the process that ran it
        held = "" if limit is None else f"; the limit is {limit:g} s"
        why = f"player {mover} ({agent_name(agent)}) overran its time: {exc}{held}"
        return Forfeit(mover, Reason.TIME, why)
    except Exception as exc:  # an agent's bug must not end the match
        why = f"player {mover} ({agent_name(agent)}) raised {type(exc).__name__}: {exc}"
        trace = exc.trace if isinstance(exc, AgentError) else users_traceback(exc)
        return Forfeit(mover, Reason.ERROR, why, trace)
    spent = time.perf_counter() - begin
    try:
        check_action(game, state, action)
    except IllegalActionError as exc:
        return Forfeit(mover, Reason.ILLEGAL, f"{agent_name(agent)}: {exc}")
    if limit is not None and spent > limit:
        why = (
            f"player {mover} ({agent_name(agent)}) took {spent:.3f} s for "
            f"{format_action(game, action)}; the limit is {limit:g} s"
        )
        return Forfeit(mover, Reason.TIME, why)
    return Move(action, spent, hooks.last(agent))


def _prepare(game: Game, agents: dict[int, Agent]) -> Forfeit | None:
    """Each agent's ``prepare(game)``; the first that raises forfeits (the match goes on)."""
    for player, agent in agents.items():
        try:
            prepare_agent(agent, game)
        except GameFault:
            raise
        except Exception as exc:
            why = (
                f"player {player} ({agent_name(agent)}) raised {type(exc).__name__} "
                f"while preparing: {exc}"
            )
            return Forfeit(player, Reason.ERROR, why)
    return None


def _outcome(
    game: Game, state: object, forfeit: Forfeit | None
) -> tuple[int | None, dict[int, float]]:
    """The winner (None: a draw) and each player's utility."""
    if forfeit is not None:
        winner = opponent(forfeit.loser)
        return winner, {winner: 1.0, forfeit.loser: -1.0}
    utilities = {1: game.utility(state, 1), 2: game.utility(state, 2)}
    check_zero_sum(game, state, utilities[1], utilities[2])
    ahead = 1 if utilities[1] > utilities[2] else 2 if utilities[2] > utilities[1] else None
    return ahead, utilities


def play(
    game: Game,
    p1: Agent,
    p2: Agent,
    seed: int | None = None,
    *,
    state: object = None,
    max_move_seconds: float | Mapping[int, float | None] | None = None,
    move_seconds: float | Mapping[int, float | None] | None = None,
    on_move: Callable[[Any, Any, Any], None] | None = None,
    prepare: bool = True,
) -> GameRecord:
    """Play one game of ``p1`` (moves first) against ``p2`` from ``state`` (default: the start).

    ``seed`` reseeds agents that have ``reset(seed=...)``, each with its own derived seed,
    so the same call gives the same game. Agents are told the time each move may take
    (:mod:`zerosum.budget`): ``move_seconds`` (one limit for both, or ``{player: limit}``),
    by default a little under ``max_move_seconds``. An agent that raises, returns an
    illegal action, or thinks longer than ``max_move_seconds`` loses by forfeit; the
    record says why; a :class:`~zerosum.game.GameFault` (the game's own) is raised instead.
    Agents' ``prepare(game)`` runs first, unclocked (``prepare=False``: the caller's to
    do, as ``zerosum play`` does aside while a person thinks).
    ``on_move(state, action, next_state)`` is called after every move (to show the game live).

    >>> from zerosum.games import TicTacToe
    >>> from zerosum.agents import Dummy
    >>> play(TicTacToe(), Dummy(), Dummy()).winner
    1
    """
    agents = {1: p1, 2: p2}
    limits = _per_player(max_move_seconds)
    move_time = _per_player(move_seconds)
    for player in (1, 2):
        if move_time[player] is None and limits[player] is not None:
            move_time[player] = budget.soft_share(limits[player])  # type: ignore[arg-type]
    for player, agent in agents.items():
        reset_agent(agent, None if seed is None else derive_seed(seed, player))
    start = current = game.initial_state if state is None else state
    moves: list[Move] = []
    forfeit = _prepare(game, agents) if prepare else None
    while forfeit is None and not game.is_terminal(current):
        mover = game.player(current)
        check_player(game, current, mover)
        request = MoveRequest.within(current, move_time[mover])
        answer = ask_move(game, request, mover, agents[mover], limits[mover])
        if isinstance(answer, Forfeit):
            forfeit = answer
            continue
        moves.append(answer)
        after = game.result(current, answer.action)
        if on_move is not None:
            on_move(current, answer.action, after)
        current = after
    winner, utilities = _outcome(game, current, forfeit)
    return GameRecord(
        game=game_name(game),
        players=(agent_name(p1), agent_name(p2)),
        initial_state=start,
        actions=tuple(m.action for m in moves),
        final_state=current,
        winner=winner,
        utilities=utilities,
        reason=Reason.END if forfeit is None else forfeit.reason,
        detail="" if forfeit is None else forfeit.detail,
        move_seconds=tuple(m.seconds for m in moves),
        searches=tuple(m.search for m in moves),
        trace="" if forfeit is None else forfeit.trace,
    )


_ORDINAL = {1: "1st", 2: "2nd"}


def judge(
    game: Game,
    p1: Agent,
    p2: Agent,
    seed: int | None = None,
    move_seconds: float | None = None,
    *,
    thinking: bool = False,
    state: object = None,
    prepare: bool = True,
    ending: Callable[[GameRecord], str] | None = None,
) -> GameRecord:
    """Play a game and print it as it goes, the way the course notebooks do: every state
    and action (and, under a ``move_seconds`` limit, which moves it cut short), then each
    player's utility and the winner, or instead the line ``ending(record)`` says (``zerosum
    play``: who won in the game's words). Returns the record. ``state`` (default: the start)
    is where the game begins, ``zs.position(game, text)`` for one typed as text.

    With ``thinking``, each move an agent searched for also says what it thought, in the
    page's words (:func:`~zerosum.agents.summary.search_summary`): who it thinks is
    winning, and each move's value where its search rated them. Against a
    :class:`~zerosum.agents.Human` the agent is "the computer" and the person "you".
    ``prepare`` as for :func:`play`."""
    agents = {1: p1, 2: p2}

    def show(state: object, action: object, after: object) -> None:
        mover = game.player(state)
        print(f"\nPlayer {mover} plays {format_action(game, action)}")
        info = hooks.last(agents[mover])
        if thinking and isinstance(info, SearchInfo):  # its verdict first, right under it
            sides = Sides() if isinstance(agents[opponent(mover)], Human) else Sides.seats(mover)
            print("\n".join(summary_lines(game, info, action, sides)))
        if isinstance(info, SearchInfo) and info.note:
            print(f"({info.note})")
        print(render_state(game, after), flush=True)

    start = game.initial_state if state is None else state
    print(render_state(game, start), flush=True)
    record = play(game, p1, p2, seed=seed, move_seconds=move_seconds, state=start, on_move=show,
                  prepare=prepare)  # fmt: skip
    if ending is not None:
        print(f"\n{ending(record)}")
        return record
    if record.reason is not Reason.END:
        print(f"\n{record.why()}")
    print()
    for player in (1, 2):
        print(f"Utility for {_ORDINAL[player]} player: {record.utilities[player]:g}")
    print("Draw" if record.winner is None else f"Winner: {_ORDINAL[record.winner]} player")
    return record
