"""Where a game of the page starts: a position given as text (the position editor, a
link), and the moves played on from there (a link, or a reloaded page rebuilding a game
the server forgot). Each is checked here, with the game's own reasons for a refusal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from .. import hooks
from ..game import Game, IllegalActionError, parse_action
from ..position import PositionError, position, position_text
from .catalog import game_title

__all__ = ["BadStart", "MAX_MOVES", "MAX_POSITION", "start_of", "editor_of", "sides_to_move"]

#: The longest position text accepted (a board as it prints, rows and all).
MAX_POSITION = 2000
#: The most moves a game may be rebuilt from.
MAX_MOVES = 1000


class Editor(TypedDict):
    """What the position editor needs (:func:`editor_of`)."""

    start: str
    sides: list[str]


class BadStart(ValueError):
    """A request's ``position`` or ``moves`` that cannot start a game: why, in one line."""


def _start_position(game: Game, text: object) -> object:
    if text is None:
        return game.initial_state
    if not isinstance(text, str) or not text.strip():
        raise BadStart(f"'position' must be a non-empty string, not {text!r}")
    if len(text) > MAX_POSITION:
        raise BadStart(f"'position' is longer than {MAX_POSITION} characters")
    try:
        return position(game, text)
    except PositionError as exc:
        raise BadStart(f"This is not a position of {game_title(game)}: {exc}") from None


def _played(game: Game, state: object, moves: object) -> tuple[list[object], object]:
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise BadStart(f"'moves' must be a list of moves as strings, not {moves!r}")
    if len(moves) > MAX_MOVES:
        raise BadStart(f"'moves' has {len(moves)} moves, over the limit of {MAX_MOVES}")
    actions = []
    for number, text in enumerate(moves, 1):
        if game.is_terminal(state):
            raise BadStart(f"move {number} ({text!r}) comes after the end of the game")
        try:
            action = parse_action(game, text, state)
        except IllegalActionError as exc:
            raise BadStart(f"move {number} of 'moves': {exc}") from None
        actions.append(action)
        state = game.result(state, action)
    return actions, state


def start_of(game: Game, data: Mapping[str, object]) -> tuple[object, list[object]]:
    """The state a request's ``position`` describes (default: the game's start) and the
    actions its ``moves`` play from there (default: none); raises :class:`BadStart`, also
    for a game already over where it starts, since no move is left to play."""
    start = _start_position(game, data.get("position"))
    actions, end = _played(game, start, data.get("moves", []))
    if not actions and game.is_terminal(end):
        raise BadStart(
            f"This position is already over in {game_title(game)}: no move is left to play."
        )
    return start, actions


def editor_of(game: Game) -> Editor | None:
    """What the page's position editor needs: the start's position line and ``sides``,
    the token naming each player as the one to move (its line's last word), or None for
    a game that reads or writes no positions as text."""
    if hooks.position(game) is None or hooks.position_text(game) is None:
        return None
    start = game.initial_state
    first = str(position_text(game, start))
    legal = list(game.actions(start))
    second = str(position_text(game, game.result(start, legal[0]))) if legal else first
    return {"start": first, "sides": [first.split()[-1], second.split()[-1]]}


def sides_to_move(game: Game, board: str) -> list[str]:
    """The tokens of :func:`editor_of`'s ``sides`` that may be to move on ``board`` (a
    position line without its last word), as the game reads it: one where the stones
    placed decide it (tic-tac-toe's counts), both where they do not (Othello), none for
    a board that cannot occur. The position editor's "to move" follows this."""
    editor = editor_of(game)
    if editor is None or len(board) > MAX_POSITION:
        return []
    possible = []
    for token in editor["sides"]:
        try:
            position(game, f"{board.strip()} {token}")
        except PositionError:
            continue
        possible.append(token)
    return possible
