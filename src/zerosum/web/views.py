"""What the JSON API sends back: a session's state and an agent's search, as plain data."""

from __future__ import annotations

import dataclasses
import math
from typing import Any, TypedDict

from .. import hooks
from ..agents.summary import action_text, search_summary
from ..game import Game, game_name, render_state, side_name
from ..position import Position, PositionError, position_text
from ..records.jsonvalue import JSONValue
from .catalog import game_title
from .sessions import TWO_PEOPLE, Session
from .thinking import Reply

__all__ = [
    "SessionView",
    "MoveView",
    "SideView",
    "StartView",
    "action_text",
    "session_view",
    "sides_view",
    "start_view",
    "reply_view",
    "search_summary",
]


class SideView(TypedDict):
    """One side of a game (:func:`sides_view`)."""

    player: int
    name: str


class StartView(TypedDict):
    """A game's start before it is begun (:func:`start_view`)."""

    svg: str | None
    text: str
    legal: list[str]


class MoveView(TypedDict):
    """One move of a session's history."""

    player: int
    by: str
    action: str


class SessionView(TypedDict):
    """A session as the API sends it (:func:`session_view`)."""

    id: str
    game: str
    title: str
    opponent: str
    human: int
    two_people: bool
    to_move: int | None
    your_turn: bool
    over: bool
    winner: int | None
    outcome: str
    tally: str
    sides: list[SideView]
    legal: list[str]
    svg: str | None
    text: str
    position: str | None
    start: str | None
    at: int
    moves: list[MoveView]
    search: dict[str, Any] | None  # reply_view's, read by the notebook's board
    explains: bool
    can_undo: bool


def _plain(game: Game, value: object, legal: list[object], counted: bool = False) -> JSONValue:
    """``value`` as JSON data; legal actions (keys, and items of lists) in the game's human
    format. A number that is a dict's value (``counted``) stays a number, even where an
    action is a number too (a value of 5, or 5 plies, is no move 5)."""
    try:
        if value in legal and not (counted and isinstance(value, int | float)):
            return action_text(game, value)
    except Exception:  # an unhashable or incomparable value is no action
        pass
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        return {f.name: _plain(game, getattr(value, f.name), legal, True) for f in fields}
    if isinstance(value, dict):
        return {str(_plain(game, k, legal)): _plain(game, v, legal, True) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_plain(game, v, legal) for v in value]
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if value is None or isinstance(value, bool | int | str):
        return value
    return str(value)


def reply_view(game: Game, state: object, reply: Reply) -> dict[str, Any]:
    """An agent's move in ``state``: the action, its search summary (if any) and any note.

    ``extra`` holds whatever else the search reported (per-move values of a perfect
    player, for instance), with actions written as a person would type them; ``summary``
    says it in plain words (:func:`search_summary`), and ``board`` draws ``state``, the
    position the computer moved from, when the summary rates its moves.
    """
    info = reply.search
    out: dict[str, Any] = {
        "action": action_text(game, reply.action),
        "seconds": round(reply.seconds, 4),
        # why the move is not the agent's own, else how the deadline cut its search short
        "note": reply.note or (info.note if info is not None else ""),
        "replaced": bool(reply.note),  # the move is not the agent's own (the note says why)
    }
    if info is not None:
        legal = list(game.actions(state))
        out["value"] = _plain(game, info.value, [])
        out["depth"] = info.depth
        out["nodes"] = info.nodes
        out["search_seconds"] = round(info.seconds, 4)
        out["pv"] = [action_text(game, a) for a in info.pv]
        # the rated root moves are the summary's moves, in words
        out["extra"] = _plain(
            game, {k: v for k, v in info.details().items() if k != "rated"}, legal
        )
        out["summary"] = summary = search_summary(game, info)
        if summary["moves"]:
            out["board"] = Position(game, state).svg()
    return out


def _outcome(session: Session, state: object) -> tuple[int | None, str]:
    game = session.game
    if session.human == TWO_PEOPLE:
        first, second = game.utility(state, 1), game.utility(state, 2)
        if first == second:
            return None, "Draw."
        winner = 1 if first > second else 2
        name = side_name(game, winner)
        return winner, f"{name[0].upper()}{name[1:]} wins."
    mine, theirs = game.utility(state, session.human), game.utility(state, 3 - session.human)
    if mine > theirs:
        return session.human, "You win!"
    if theirs > mine:
        return 3 - session.human, "The computer wins."
    return None, "Draw."


def text_of(game: Game, state: object) -> str | None:
    """``state`` as the game's compact position line, or None for a game that writes none."""
    try:
        return position_text(game, state)
    except PositionError:
        return None


def sides_view(game: Game) -> list[SideView]:
    """The two sides in the order they play, each its player number and its name in the
    game's own words (chess's White moves first and is OpenSpiel's player 1, zerosum's 2)."""
    first = game.player(game.initial_state)
    return [{"player": p, "name": side_name(game, p)} for p in (first, 3 - first)]


def start_view(game: Game) -> StartView:
    """The start of ``game`` as the page shows it before a game is begun: its board (SVG
    and text) and the first player's legal moves."""
    state = game.initial_state
    return {
        "svg": Position(game, state).svg(),
        "text": render_state(game, state),
        "legal": [action_text(game, a) for a in game.actions(state)],
    }


def _tally(game: Game, state: object) -> str:
    """The count that decided a finished game, where the game keeps one ("" otherwise)."""
    count = hooks.tally(game)
    return count(state) if count is not None else ""


def explains(session: Session) -> bool:
    """Whether "Why this move?" can answer for the session's agent: it can show its
    search (``zs.trace`` follows it). The page offers the button only then, rather than
    answer that the agent (``perfect``, ``random``) cannot show one."""
    return session.agent is not None and hooks.traced(session.agent) is not None


def session_view(session: Session, at: int | None = None) -> SessionView:
    """Everything the page needs to show a session after its first ``at`` moves (default:
    all of them; the moves after stay listed, the history the page steps through): board
    (SVG, text and position line), whose turn, legal moves, the agent's latest search
    there, and the result when over."""
    game = session.game
    at = len(session.moves) if at is None else at
    state = session.states[at]
    last = session.moves[at - 1] if at else None
    over = bool(game.is_terminal(state))
    winner, outcome = _outcome(session, state) if over else (None, "")
    replies = [
        (session.states[i], move.reply)
        for i, move in enumerate(session.moves[:at])
        if move.reply is not None
    ]
    mover = None if over else game.player(state)
    return {
        "id": session.id,
        "game": game_name(game),
        "title": game_title(game),
        "opponent": session.agent_spec,
        "human": session.human,
        "two_people": session.human == TWO_PEOPLE,
        "to_move": mover,
        "your_turn": mover is not None and session.human in (TWO_PEOPLE, mover),
        "over": over,
        "winner": winner,
        "outcome": outcome,
        "tally": _tally(game, state) if over else "",
        "sides": sides_view(game),
        "legal": [action_text(game, a) for a in game.actions(state)] if not over else [],
        "svg": Position(game, state, None if last is None else last.action).svg(),
        "text": render_state(game, state),
        "position": text_of(game, state),
        "start": text_of(game, session.states[0]),
        "at": at,
        "moves": [
            {"player": m.player, "by": m.by, "action": action_text(game, m.action)}
            for m in session.moves
        ],
        "search": reply_view(game, *replies[-1]) if replies else None,
        "explains": explains(session),
        "can_undo": at == len(session.moves) and any(m.by == "you" for m in session.moves),
    }
