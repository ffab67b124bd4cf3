"""A played game drawn for a page without scripts, replayable ply by ply.

Each position of the game is drawn as its text board; one hidden radio button before
each, and the style sheet (:data:`REPLAY_STYLE`) shows only the board whose button is
checked. The "start", "back", "next" and "end" links under a board are labels for the
neighbouring buttons, so a click steps through the game in any browser, from a file or an
e-mail, with nothing run. The page opens on the final position.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..game import Game, format_action, render_state, side_piece
from ..records.game import GameRecord

__all__ = ["REPLAY_STYLE", "positions", "replay_html"]

REPLAY_STYLE = """
.replay > input { display: none; }
.replay > .ply { display: none; }
.replay > input:checked + .ply { display: block; }
.replay pre { font-size: 1.1em; line-height: 1.2; margin: .3em 0; }
.replay label { color: #1a4fa0; cursor: pointer; margin-right: 1em; text-decoration: underline; }
"""


def positions(game: Game, record: GameRecord) -> list[Any]:
    """The states of a game, from its first to its last: ``plies + 1`` of them."""
    states = [record.initial_state]
    for action in record.actions:
        states.append(game.result(states[-1], action))
    return states


def replay_html(game: Game, record: GameRecord, key: str) -> str:
    """The stepper of ``record`` (its element names start with ``key``, unique on the
    page): every position with the move that led to it and links to step."""
    states = positions(game, record)
    last = len(states) - 1
    parts = ['<div class="replay">']
    for ply, state in enumerate(states):
        checked = " checked" if ply == last else ""
        parts.append(f'<input type="radio" name="{key}" id="{key}-{ply}"{checked}>')
        parts.append(f'<div class="ply"><p>{escape(_caption(game, record, states, ply))}</p>')
        parts.append(f"<pre>{escape(render_state(game, state))}</pre><p>")
        steps = (("start", 0, ply > 1), ("back", ply - 1, ply > 0),
                 ("next", ply + 1, ply < last), ("end", last, ply < last - 1))  # fmt: skip
        for word, to, shown in steps:
            if shown:
                parts.append(f'<label for="{key}-{to}">{word}</label>')
        parts.append("</p></div>")
    parts.append("</div>")
    return "".join(parts)


def _caption(game: Game, record: GameRecord, states: list[Any], ply: int) -> str:
    """``"ply 3 of 12: Red (X), ada played 4"``; the start says so."""
    total = len(record.actions)
    if ply == 0:
        return f"start (0 of {total} plies)"
    player = game.player(states[ply - 1])
    mover = f"{side_piece(game, player)}, {record.players[player - 1]}"
    return f"ply {ply} of {total}: {mover} played {format_action(game, record.actions[ply - 1])}"
