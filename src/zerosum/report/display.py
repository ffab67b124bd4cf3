"""HTML for notebooks: a played game and a search summary, drawn with the standard library.

Jupyter calls ``GameRecord._repr_html_`` and ``SearchInfo._repr_html_``, which come here
through :mod:`zerosum.records.show` (``zerosum.report`` registers these drawings when
imported). A board is drawn with the game's ``to_svg`` when it has one, else as its text
in ``<pre>`` (:func:`~zerosum.position.board_html`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape

from .. import hooks
from ..agents.base import SearchInfo
from ..game import Game, ZerosumError, format_action
from ..position import board_html
from ..records.game import TRACE_HEADING, GameRecord

__all__ = ["Table", "board_html", "record_html", "search_html", "table_html", "game_html"]

_STYLE = "border-collapse:collapse;margin:0.3em 0"


def table_html(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A plain HTML table; every cell is escaped text."""
    head = "".join(f"<th>{escape(str(h))}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(_number(cell))}</td>" for cell in row) + "</tr>"
        for row in rows
    )
    return f'<table style="{_STYLE}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


@dataclass(frozen=True, repr=False)
class Table:
    """Rows of values under a header, shown as HTML in notebooks and as aligned text elsewhere.

    >>> print(Table(["depth", "nodes"], [[1, 9], [2, 72]]))
    depth  nodes
        1      9
        2     72
    """

    header: Sequence[str]
    rows: Sequence[Sequence[object]]
    caption: str = ""

    def _repr_html_(self) -> str:
        caption = f"<p>{escape(self.caption)}</p>" if self.caption else ""
        return caption + table_html(self.header, self.rows)

    def __str__(self) -> str:
        cells = [list(map(str, self.header))] + [[_number(v) for v in row] for row in self.rows]
        widths = [max(len(row[i]) for row in cells) for i in range(len(self.header))]
        lines = ["  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)) for row in cells]
        return "\n".join(([self.caption] if self.caption else []) + lines)

    __repr__ = __str__


def _number(value: object) -> str:
    """A cell's text: floats to 3 significant digits, everything else as ``str``."""
    return f"{value:.3g}" if isinstance(value, float) else str(value)


def record_html(record: GameRecord, game: Game | None = None) -> str:
    """A game record as HTML: who played, the result, the moves and the final board.

    ``game`` is the game played (``GameRecord._repr_html_`` rebuilds a built-in one from
    ``record.game``); without it moves are shown as ``str`` and the board is omitted.
    """
    text = (lambda a: format_action(game, a)) if game is not None else str
    p1, p2 = record.players
    if record.winner is None:
        outcome = "draw"
    else:
        outcome = f"player {record.winner} ({record.players[record.winner - 1]}) wins"
    if record.reason.value != "end":
        outcome += f" by {record.reason.value}: {record.detail}"
    trace = f"<pre>{escape(TRACE_HEADING)}\n{escape(record.trace)}</pre>" if record.trace else ""
    summary = table_html(
        ["game", "player 1", "player 2", "result", "plies", "seconds (1 / 2)"],
        [
            [
                record.game,
                p1,
                p2,
                outcome,
                record.plies,
                f"{record.seconds(1):.3f} / {record.seconds(2):.3f}",
            ]
        ],
    )
    moves = " ".join(f"{i + 1}.&nbsp;{escape(text(a))}" for i, a in enumerate(record.actions))
    last = record.actions[-1] if record.actions else None
    board = board_html(game, record.final_state, last) if game is not None else ""
    details = _moves_table(record, text)
    return (
        f'<div class="zerosum-record">{summary}{trace}'
        f"<p><b>moves</b> {moves or '(none)'}</p>{board}{details}</div>"
    )


def game_html(record: GameRecord) -> str:
    """A game record as Jupyter shows it: :func:`record_html` with its game rebuilt from
    ``record.game`` when that is a built-in game's spec (else without boards)."""
    return record_html(record, _rebuild(record.game))


def _rebuild(spec: str) -> Game | None:
    """The game a record names, when its name is a spec string that rebuilds exactly that
    game; None for a user's game (even one whose class is called ``TicTacToe``)."""
    from ..games import load_game  # the registry imports every game: only when asked

    try:
        game = load_game(spec)
    except ZerosumError:
        return None
    return game if hooks.spec(game) == spec else None


def _moves_table(record: GameRecord, text: Callable[[object], str]) -> str:
    """Each move with its thinking time and, when the mover searched, the search's numbers."""
    rows = []
    searched = any(s is not None for s in record.searches)
    for i, action in enumerate(record.actions):
        seconds = record.move_seconds[i] if i < len(record.move_seconds) else float("nan")
        row = [i + 1, text(action), f"{seconds:.4f}"]
        info = record.searches[i] if i < len(record.searches) else None
        if searched:
            row += ["", "", ""] if info is None else [_number(info.value), info.depth, info.nodes]
        rows.append(row)
    header = ["ply", "move", "seconds"] + (["value", "depth", "nodes"] if searched else [])
    return f"<details><summary>every move</summary>{table_html(header, rows)}</details>"


def search_html(info: SearchInfo) -> str:
    """A search summary as a one-row table: value, depth, nodes, time, speed, best line."""
    speed = f"{info.nodes / info.seconds:,.0f}" if info.seconds > 0 else "-"
    header = ["value", "depth", "nodes", "seconds", "nodes/s", "principal variation"]
    row = [
        _number(info.value),
        info.depth,
        f"{info.nodes:,}",
        f"{info.seconds:.4f}",
        speed,
        " ".join(map(str, info.pv)),
    ]
    details = info.details()
    header += list(details)
    row += [_number(v) for v in details.values()]
    return table_html(header, [row])
