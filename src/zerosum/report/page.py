"""A match or tournament as one self-contained HTML page: standings, crosstable, ratings,
and each entry's report card (:mod:`.cards`), linked from its name in the tables, with
every game replayable.

The page has no scripts, no external styles, fonts or images: it opens from a file, an
e-mail or a course site as it is.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, cast

from ..files import write_file
from .cards import CARD_STYLE, card_ids, cards_html
from .replay import REPLAY_STYLE
from .tables import result_html

if TYPE_CHECKING:
    from ..records.results import ArenaResult

__all__ = ["result_page", "write_html"]

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; color: #222; }
table { border-collapse: collapse; margin: 1.5em 0; }
caption { text-align: left; font-weight: 600; padding-bottom: .4em; }
th, td { border-bottom: 1px solid #ddd; padding: .3em .7em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
tbody tr:nth-child(odd) { background: #f6f6f6; }
.left-out { color: #8a1c1c; }
"""


def result_page(result: ArenaResult, title: str | None = None) -> str:
    """The whole page as text: a heading, the entries left out and why, every table, the
    report cards and the games."""
    heading = title or f"{result.game}: {', '.join(result.names)}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(heading)}</title>",
        f"<style>{_STYLE}{CARD_STYLE}{REPLAY_STYLE}</style></head><body>",
        f'<h1 id="top">{html.escape(heading)}</h1>',
    ]
    # the specs that did not load, and why (as the tournament records them)
    left_out = cast(dict[str, str], result.settings.get("left_out") or {})
    if left_out:
        items = "".join(
            f"<li><code>{html.escape(spec)}</code>: {html.escape(why)}</li>"
            for spec, why in left_out.items()
        )
        parts.append(f'<div class="left-out"><p>Left out (did not load):</p><ul>{items}</ul></div>')
    links = {name: f"#{anchor}" for name, anchor in card_ids(result.names).items()}
    parts.append(result_html(result, links))
    parts.append(cards_html(result))
    parts.append("</body></html>")
    return "\n".join(parts)


def write_html(result: ArenaResult, path: str | Path) -> None:
    """:func:`result_page` written to ``path``."""
    page = result_page(result)
    write_file(path, lambda f: f.write(page))
