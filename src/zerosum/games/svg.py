"""Small helpers the built-in games share to draw their states as SVG.

Conventions every ``to_svg`` follows, so the web page and notebooks can rely on them:
a clickable part is a ``<g class="zs-move" data-action="..." aria-label="...">`` holding
the action in the game's human format (``format_action``) and a name for it; inside it,
parts with class ``zs-hint`` are invisible until hovered (the page's stylesheet shows
them); the last move carries class ``zs-last`` and a completed winning line ``zs-win``.
"""

from __future__ import annotations

from html import escape

__all__ = ["PLAYER_COLORS", "element", "group", "label", "hit_area", "move_group", "document"]

#: Fill colours of player 1 and player 2 (index 0: an empty cell).
PLAYER_COLORS = ("#f4f1ea", "#d1495b", "#edae49")
#: Background of the last move's cell, and the outline drawn around a last-moved piece.
LAST_FILL = "#dfe7ef"
LAST_STROKE = "#1d3557"
#: How a completed winning line is drawn.
WIN_STROKE: dict[str, object] = dict(
    stroke="#2a9d8f", stroke_width=12, stroke_linecap="round", opacity=0.85, class_="zs-win"
)
#: Hints start invisible; the page's stylesheet shows them on hover.
HINT_OPACITY = 0


def _attrs(attrs: dict[str, object]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f' {name}="{escape(str(value), quote=True)}"')
    return "".join(parts)


def element(tag: str, text: str = "", /, **attrs: object) -> str:
    """One SVG element; ``class_="x"`` becomes ``class="x"``, ``stroke_width`` ``stroke-width``.

    >>> element("circle", r=3, class_="zs-last")
    '<circle r="3" class="zs-last"/>'
    """
    if text:
        return f"<{tag}{_attrs(attrs)}>{escape(text, quote=False)}</{tag}>"
    return f"<{tag}{_attrs(attrs)}/>"


def group(children: list[str], **attrs: object) -> str:
    """A ``<g>`` around already-built children."""
    return f"<g{_attrs(attrs)}>{''.join(children)}</g>"


def label(text: str, x: float, y: float, size: int = 13, **attrs: object) -> str:
    """Centred text at ``(x, y)`` (the baseline)."""
    look = dict(text_anchor="middle", font_family="sans-serif", font_size=size, fill="#555")
    return element("text", text, x=x, y=y, **{**look, **attrs})


def hit_area(x: float, y: float, width: float, height: float) -> str:
    """An invisible rectangle that still catches clicks and hovers."""
    return element("rect", x=x, y=y, width=width, height=height, fill="#fff", fill_opacity=0)


def move_group(action: str, children: list[str], label: str = "", **attrs: object) -> str:
    """The clickable group of one legal action (its human-format text in ``data-action``),
    named for screen readers by ``label`` (default: ``"play ACTION"``)."""
    name = label or f"play {action}"
    return group(children, class_="zs-move", data_action=action, aria_label=name, **attrs)


def document(width: int, height: int, children: list[str], title: str) -> str:
    """A standalone SVG document, ``width`` x ``height`` pixels, titled for screen readers."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" class="zs-board" role="img">'
        f"{element('title', title)}{''.join(children)}</svg>"
    )
