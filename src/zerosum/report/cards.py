"""Each entry's report card on a tournament's page, and the games it links to.

A card (``<section id="entry-...">``, linked from the standings) says what a student
needs about their agent: its rating with the 95% interval and its rank, its score, its
time per move (mean and slowest, against the limit it played under), each forfeit with
its reason and the traceback of the agent's own file, and every game it played, each
linked to its replay further down the page (:mod:`.replay`, no scripts). Boards are
drawn for at most :data:`REPLAY_PLIES` positions in all, so a large class's page stays a
page: the games lost by a forfeit first, then the others in order; the games beyond that
show their moves only.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from ..game import Game, ZerosumError, format_action
from ..records.game import TRACE_HEADING
from .replay import replay_html

if TYPE_CHECKING:
    from ..records.results import ArenaGame, ArenaResult

__all__ = ["CARD_STYLE", "REPLAY_PLIES", "card_ids", "cards_html", "game_id", "replayed"]

#: The most positions drawn as boards on one page (about 400 bytes each: a Connect Four
#: board as text, its caption and its links): a page of some 8 MB at most.
REPLAY_PLIES = 20_000

CARD_STYLE = """
.card { border-top: 2px solid #334; margin-top: 2.5em; }
.card pre.trace { background: #fbeeee; padding: .5em; overflow-x: auto; }
.forfeit { margin: .6em 0; }
.games-played section { border-top: 1px solid #ccc; margin-top: 1.5em; }
"""

_KIND = {
    "forfeit-error": "raised an exception",
    "forfeit-time": "overran its time",
    "forfeit-illegal": "played an illegal move",
}


def card_ids(names: tuple[str, ...]) -> dict[str, str]:
    """Each entry's anchor: ``entry-`` and its name with anything but letters, digits,
    ``_`` and ``-`` as ``-`` (``alphabeta:depth=2`` -> ``entry-alphabeta-depth-2``),
    numbered where two would be the same."""
    ids: dict[str, str] = {}
    for name in names:
        base = "entry-" + re.sub(r"[^A-Za-z0-9_-]", "-", name)
        ids[name] = base if base not in ids.values() else f"{base}-{len(ids)}"
    return ids


def game_id(index: int) -> str:
    """The anchor of the ``index``-th game of a result (its replay)."""
    return f"game-{index + 1}"


@dataclass(frozen=True)
class _Side:
    """One entry's view of one game: the game's number, its opponent, its side (1 or
    2), its points (1, 0.5, 0; None unplayed), its moves' seconds."""

    number: int
    opponent: str
    side: int
    points: float | None
    seconds: tuple[float, ...]


def _sides(result: ArenaResult, agent: int) -> list[tuple[_Side, ArenaGame]]:
    found = []
    for number, g in enumerate(result.games):
        if agent not in (g.first, g.second):
            continue
        side = 1 if g.first == agent else 2
        other = g.second if side == 1 else g.first
        seconds: tuple[float, ...] = ()
        if g.record is not None:
            mine = 0 if side == g.opener else 1  # the side to move first made ply 1
            seconds = g.record.move_seconds[mine::2]
        found.append((_Side(number, result.names[other], side, g.score(agent), seconds), g))
    return found


def _elo(x: float) -> str:
    if math.isnan(x):
        return "-"
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return f"{x:+.0f}"


def _ms(seconds: float) -> str:
    return f"{1000 * seconds:.3g} ms"


def _outcome(points: float | None) -> str:
    return {1.0: "win", 0.5: "draw", 0.0: "loss", None: "not played"}[points]


def _how(g: ArenaGame) -> str:
    """How the game ended: ``end``, a forfeit's kind and who, or why it was not played."""
    record = g.record
    if record is None:
        return g.note or "not played"
    if record.reason.value == "end":
        return f"played to the end in {record.plies} plies"
    loser = record.players[2 - record.winner] if record.winner else "?"
    return f"{loser} {_KIND.get(record.reason.value, record.reason.value)}, ply {record.plies + 1}"


def _rating_line(result: ArenaResult, agent: int) -> str:
    ranked = sorted(range(len(result.ratings)), key=lambda i: -result.ratings[i].elo)
    rating = result.ratings[agent]
    low, high = rating.interval
    standing = result.standings[agent]
    t = standing.total
    score = "-" if t.score is None else f"{100 * t.score:.1f}%"
    return (
        f"<p><b>Rating</b> Elo {_elo(rating.elo)}, 95% interval [{_elo(low)}, {_elo(high)}]; "
        f"rank {ranked.index(agent) + 1} of {len(ranked)}. <b>Score</b> {score} "
        f"({t.wins} wins, {t.draws} draws, {t.losses} losses in {t.games} games; "
        f"{standing.forfeits} forfeited).</p>"
    )


def _time_line(result: ArenaResult, agent: int, sides: list[tuple[_Side, ArenaGame]]) -> str:
    seconds = [s for side, _ in sides for s in side.seconds]
    given = result.settings.get("time_limits")
    limits = given if isinstance(given, list) else []
    limit = limits[agent] if agent < len(limits) else None
    held = "" if limit is None else f"; its limit {limit:g} s per move (with the grace)"
    if not seconds:
        return f"<p><b>Time per move</b> no moves played{held}.</p>"
    slowest = max(seconds)
    where = next(side.number for side, _ in sides if slowest in side.seconds)
    return (
        f"<p><b>Time per move</b> {_ms(sum(seconds) / len(seconds))} on average over "
        f"{len(seconds)} moves; the slowest {_ms(slowest)} "
        f'(<a href="#{game_id(where)}">game {where + 1}</a>){held}.</p>'
    )


def _forfeits(sides: list[tuple[_Side, ArenaGame]]) -> str:
    items = []
    for side, g in sides:
        record = g.record
        if record is None or not record.reason.forfeit or side.points != 0.0:
            continue
        trace = record.trace
        shown = (
            f'<pre class="trace">{escape(TRACE_HEADING)}\n{escape(trace)}</pre>' if trace else ""
        )
        items.append(
            f'<div class="forfeit"><a href="#{game_id(side.number)}">Game {side.number + 1}</a> '
            f"against {escape(side.opponent)}: {escape(_KIND[record.reason.value])} at ply "
            f"{record.plies + 1}: <code>{escape(record.detail)}</code>{shown}</div>"
        )
    if not items:
        return "<p><b>Forfeits</b> none.</p>"
    return f"<h3>Forfeits ({len(items)})</h3>" + "".join(items)


def _games_table(sides: list[tuple[_Side, ArenaGame]]) -> str:
    rows = []
    for side, g in sides:
        moves = len(side.seconds)
        per_move = _ms(sum(side.seconds) / moves) if moves else "-"
        rows.append(
            f'<tr><td><a href="#{game_id(side.number)}">game {side.number + 1}</a></td>'
            f"<td>{escape(side.opponent)}</td><td>{'1st' if side.side == 1 else '2nd'}</td>"
            f"<td>{_outcome(side.points)}</td><td>{escape(_how(g))}</td>"
            f"<td>{moves}</td><td>{per_move}</td></tr>"
        )
    head = "".join(
        f"<th>{h}</th>"
        for h in ("game", "against", "moved", "result", "how", "its moves", "time per move")
    )
    return (
        f"<table><caption>Games ({len(sides)})</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _card(result: ArenaResult, agent: int, anchor: str) -> str:
    name = result.names[agent]
    sides = _sides(result, agent)
    return (
        f'<section class="card" id="{anchor}"><h2>{escape(name)}</h2>'
        f"{_rating_line(result, agent)}{_time_line(result, agent, sides)}"
        f"{_forfeits(sides)}{_games_table(sides)}"
        '<p><a href="#top">back to the standings</a></p></section>'
    )


def _game_section(result: ArenaResult, number: int, game: Game | None, boards: bool) -> str:
    g = result.games[number]
    first, second = result.names[g.first], result.names[g.second]
    heading = f"Game {number + 1}: {first} (1st) against {second} (2nd)"
    record = g.record
    if record is None:
        body = f"<p>Not played: {escape(g.note or 'no record')}</p>"
    else:
        winner = "a draw" if record.winner is None else f"{record.players[record.winner - 1]} won"
        text = (lambda a: format_action(game, a)) if game is not None else str
        moves = " ".join(text(a) for a in record.actions) or "(none)"
        body = f"<p>{escape(winner)}; {escape(_how(g))}. Moves: <code>{escape(moves)}</code></p>"
        if game is not None and boards:
            try:
                body += replay_html(game, record, f"r{number + 1}")
            except Exception:  # a user's game whose rules changed since: the moves only
                pass
    return f'<section id="{game_id(number)}"><h3>{escape(heading)}</h3>{body}</section>'


def _game_of(result: ArenaResult) -> Game | None:
    """The game played, rebuilt from its spec (a built-in game, or a user's file found
    from here); None when it cannot be."""
    from ..games import load_game  # the registry imports every game: only when drawn

    try:
        return load_game(result.game)
    except (ZerosumError, OSError):
        return None


def replayed(result: ArenaResult) -> set[int]:
    """The games drawn board by board, :data:`REPLAY_PLIES` positions in all: the games
    that ended by a forfeit first (where a student looks for what went wrong), then the
    others in order, each whole or not at all."""
    forfeits = [g.record is not None and g.record.reason.forfeit for g in result.games]
    order = sorted(range(len(result.games)), key=lambda n: (not forfeits[n], n))
    budget, drawn = REPLAY_PLIES, set()
    for number in order:
        record = result.games[number].record
        positions = 0 if record is None else record.plies + 1
        if positions <= budget:
            budget -= positions
            drawn.add(number)
    return drawn


def cards_html(result: ArenaResult) -> str:
    """Every entry's card, then every game with its replay."""
    ids = card_ids(result.names)
    cards = [_card(result, i, ids[name]) for i, name in enumerate(result.names)]
    game = _game_of(result)
    drawn = replayed(result)
    games = [
        _game_section(result, number, game, number in drawn) for number in range(len(result.games))
    ]
    note = (
        ""
        if len(drawn) == len(result.games)
        else f"<p>Boards are drawn for {REPLAY_PLIES:,} positions at most, the games with a "
        "forfeit first; the other games show their moves.</p>"
    )
    return (
        '<div class="cards"><h2>Report cards</h2>'
        + "".join(cards)
        + f'</div><div class="games-played"><h2>Games</h2>{note}'
        + "".join(games)
        + "</div>"
    )
