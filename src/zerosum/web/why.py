"""The page's "Why this move?": the tree the computer's search explored for its last move.

Nothing is recorded while the computer plays: asked why, the server searches the position
of its last move again with the same agent (its spec), traced (:func:`zerosum.trace`,
at most :data:`CAP` nodes), in an agent host under a move's time cap. The answer is kept
in the session while that move is the computer's last, so asking again and drawing the
boards of the tree's positions (:func:`node_board`) need no second search.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..game import Game, format_action, parse_action, render_state
from ..position import Position
from ..records.jsonvalue import JSONObject, JSONValue
from ..trace import Trace
from ..trace.steps import json_number, steps
from ..trace.text import searched_by
from .sessions import Session
from .thinking import Reply

__all__ = ["CAP", "Explained", "NotExplained", "explained_view", "last_agent_move", "node_board"]

#: The most nodes of a tree the page draws.
CAP = 300


class NotExplained(Exception):
    """There is no such move or node to explain (the message says why)."""


@dataclass(frozen=True)
class Explained:
    """A computer's move explained: ``at`` indexes it in the session's moves (its position
    is ``states[at]``), ``reply`` is the move itself (the explanation holds while that
    move is still in the game), ``view`` the answer sent to the page."""

    at: int
    reply: Reply
    view: dict[str, Any]  # its trace read back as the page has it

    def holds_for(self, session: Session) -> bool:
        """Whether this is still the explanation of the session's last computer move."""
        try:
            at = last_agent_move(session)
        except NotExplained:
            return False
        return at == self.at and session.moves[at].reply is self.reply


def last_agent_move(session: Session) -> int:
    """The index of the computer's last move in the session (NotExplained if none)."""
    for at in range(len(session.moves) - 1, -1, -1):
        if session.moves[at].by == "agent" and session.moves[at].reply is not None:
            return at
    raise NotExplained("the computer has not moved yet in this game")


def explained_view(session: Session, at: int, trace: dict[str, object]) -> dict[str, Any]:
    """What the page gets: the move explained, its search in words (``searched``, as the
    trace's heading says it), the traced tree (``Trace.to_dict``), its
    step-through (``steps``) when the search is alpha-beta or minimax, and a ``note``
    when the traced search chose another move than the one played."""
    move = session.moves[at]
    reply = move.reply
    assert reply is not None
    played = format_action(session.game, move.action)
    note = ""
    if reply.note:
        note = f"The move played was not the agent's own ({reply.note}); this is its search."
    elif trace.get("move") and trace["move"] != played:
        note = (
            f"Searched again, the computer chose {trace['move']} (it played {played}): "
            "a search against the clock or with random tie-breaks need not repeat itself."
        )
    return {
        "at": at,
        "action": played,
        "opponent": session.agent_spec,
        "searched": searched_by(Trace.from_dict(trace)),
        "note": note,
        "trace": _finite(trace),
        "steps": _steps(trace),
    }


def node_board(session: Session, explained: Explained, node_id: int) -> JSONObject:
    """The position at a node of the explained tree: its moves from the root (as the game
    writes them), its SVG (None if the game draws none) and its text."""
    nodes = explained.view["trace"]["nodes"]
    if not 0 <= node_id < len(nodes):
        raise NotExplained(f"the tree has no node {node_id} (it has {len(nodes)})")
    path = []
    here: int | None = node_id
    while here is not None and nodes[here]["parent"] is not None:
        path.append(nodes[here]["move"])
        here = nodes[here]["parent"]
    path.reverse()
    game: Game = session.game
    state, last = session.states[explained.at], None
    for text in path:
        last = parse_action(game, text, state)
        state = game.result(state, last)
    return {
        "node": node_id,
        "moves": path,
        "svg": Position(game, state, last).svg(),
        "text": render_state(game, state),
    }


def _finite(data: object) -> JSONValue:
    """``data`` as plain JSON: an infinite bound of a window written ``"Infinity"`` or
    ``"-Infinity"`` as the steps write it (JSON has none; JavaScript's Number reads
    these), tuples as lists, anything else that is no JSON value as its text."""
    if isinstance(data, float):
        return json_number(data)
    if isinstance(data, dict):
        return {str(key): _finite(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [_finite(value) for value in data]
    if data is None or isinstance(data, bool | int | str):
        return data
    return str(data)


def _steps(trace: dict[str, object]) -> list[dict[str, object]] | None:
    """The step-through of an alpha-beta or minimax tree, else None."""
    if trace.get("algorithm") not in ("alphabeta", "minimax"):
        return None
    return steps(Trace.from_dict(trace))
