"""The tables of a match or tournament, for the terminal (rich) and notebooks (HTML).

Each table is built once as plain text cells (:class:`Table`); rich and HTML only draw it.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .shapes import is_match

if TYPE_CHECKING:
    from rich.console import Group

    from ..records.results import ArenaResult, MatchResult, Tally

__all__ = ["Table", "tables", "summary_line", "result_tables", "result_html"]


@dataclass(frozen=True)
class Table:
    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def _wdl(t: Tally) -> str:
    return f"{t.wins}-{t.draws}-{t.losses}"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _elo(x: float) -> str:
    if math.isnan(x):
        return "-"
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return f"{x:+.0f}"


def _ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{1000 * seconds:.3g}"


def _nodes(nodes: float | None) -> str:
    return "-" if nodes is None else f"{nodes:,.0f}"


def standings_table(result: ArenaResult) -> Table:
    rows = []
    for i, s in enumerate(result.standings):
        rows.append(
            (
                s.name,
                str(s.total.games),
                str(result.distinct_of(i)),
                _wdl(s.total),
                _pct(s.total.score),
                _wdl(s.as_first),
                _wdl(s.as_second),
                str(s.forfeits),
                str(s.not_played),
                _ms(s.seconds_per_move),
                _nodes(s.nodes_per_move),
            )
        )
    headers = (
        "agent",
        "games",
        "distinct",
        "W-D-L",
        "score",
        "as 1st",
        "as 2nd",
        "forfeits",
        "unplayed",
        "ms/move",
        "nodes/move",
    )
    return Table(
        "Results (distinct: games not replayed move for move; W-D-L: wins-draws-losses)",
        headers,
        tuple(rows),
    )


def crosstable(result: ArenaResult) -> Table:
    rows = []
    for i, (name, line) in enumerate(zip(result.names, result.crosstable, strict=True)):
        cells = ["" if t is None else _cell(result, i, j, t) for j, t in enumerate(line)]
        rows.append((name, *cells))
    return Table(
        "Crosstable (points of the row against the column; games replayed move for move "
        "count once in the ratings)",
        ("", *result.names),
        tuple(rows),
    )


def _cell(result: ArenaResult, i: int, j: int, t: Tally) -> str:
    distinct = result.distinct.get((min(i, j), max(i, j)), 0)
    repeated = f" ({distinct} distinct)" if distinct < t.games else ""
    return f"{t.points:g}/{t.games}{repeated}"


def ratings_table(result: ArenaResult) -> Table:
    ranked = sorted(result.ratings, key=lambda r: -r.elo)
    rows = tuple(
        (str(rank), r.name, _elo(r.elo), f"[{_elo(r.interval[0])}, {_elo(r.interval[1])}]")
        for rank, r in enumerate(ranked, start=1)
    )
    return Table(
        "Elo ratings (maximum likelihood, mean 0; an interval is open-ended after a clean sweep)",
        ("#", "agent", "Elo", "95% interval"),
        rows,
    )


def summary_line(result: MatchResult) -> str:
    """``a vs b: +W =D -L, score 62.5% [52.1%, 71.8%], Elo +89 [+15, +164]``."""
    a, b = result.names
    t = result.tally
    low, high = result.score_interval
    elo_low, elo_high = result.elo_interval
    return (
        f"{a} vs {b}: +{t.wins} ={t.draws} -{t.losses}, score {_pct(result.score)} "
        f"[{_pct(low)}, {_pct(high)}], Elo {_elo(result.elo)} "
        f"[{_elo(elo_low)}, {_elo(elo_high)}] (95%)"
    )


def tables(result: ArenaResult) -> list[Table]:
    """The tables of a result: results per agent, then (tournaments) crosstable and ratings."""
    if is_match(result):
        return [standings_table(result)]
    return [standings_table(result), crosstable(result), ratings_table(result)]


def _linked(cell: str, links: Mapping[str, str] | None) -> str:
    """A cell's text, escaped, and a link when it is a name ``links`` has."""
    target = None if links is None else links.get(cell)
    if target is None:
        return html.escape(cell)
    return f'<a href="{html.escape(target)}">{html.escape(cell)}</a>'


def _footer(result: ArenaResult) -> str:
    played = len(result.records)
    return (
        f"{result.game}: {played} of {len(result.games)} games played "
        f"({result.distinct_games} distinct) in {result.seconds:.1f} s"
    )


def result_tables(result: ArenaResult) -> Group:
    """A rich renderable: the summary line (matches), every table, and a footer."""
    from rich.console import Group
    from rich.table import Table as RichTable

    parts: list[str | RichTable] = []
    if is_match(result):
        parts.append(summary_line(result))
    for table in tables(result):
        drawn = RichTable(title=table.title, title_justify="left")
        for i, header in enumerate(table.headers):
            drawn.add_column(header, justify="left" if i == 0 or header == "agent" else "right")
        for row in table.rows:
            drawn.add_row(*row)
        parts.append(drawn)
    parts.append(_footer(result))
    return Group(*parts)


def result_html(result: ArenaResult, links: Mapping[str, str] | None = None) -> str:
    """The same tables as HTML, for notebooks; with ``links`` (an agent's name to a URL:
    the page's report cards), each agent's name in the rows is a link there."""
    out = []
    if is_match(result):
        out.append(f"<p>{html.escape(summary_line(result))}</p>")
    for table in tables(result):
        head = "".join(f"<th>{html.escape(h)}</th>" for h in table.headers)
        body = "".join(
            "<tr>"
            + "".join(
                f"<td>{_linked(c, links if i == 0 or h == 'agent' else None)}</td>"
                for i, (h, c) in enumerate(zip(table.headers, row, strict=True))
            )
            + "</tr>"
            for row in table.rows
        )
        out.append(
            f"<table><caption>{html.escape(table.title)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        )
    out.append(f"<p>{html.escape(_footer(result))}</p>")
    return "\n".join(out)
