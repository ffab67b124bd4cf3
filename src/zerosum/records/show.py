"""How a record shows itself without importing what draws it.

Records live on the ground floor, and what draws them (notebook HTML, text trees, tables)
lives above, beside what it draws with. So a record does not import its renderer: each
renderer registers itself here for the kinds of record it draws when its module is
imported (``import zerosum`` imports them all), and a record's ``_repr_html_`` or
``text`` asks this module for the renderer of its own class.

>>> from dataclasses import dataclass
>>> @dataclass
... class Score:
...     points: int
>>> register_html(Score, lambda s: f"<b>{s.points}</b>")
>>> html(Score(3))
'<b>3</b>'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["html", "register_html", "register_text", "text"]

T = TypeVar("T")

_HTML: dict[type, Callable[..., str]] = {}
_TEXT: dict[type, Callable[..., str]] = {}


def register_html(kind: type[T], draw: Callable[[T], str]) -> None:
    """Draw records of class ``kind`` (and its subclasses) as HTML with ``draw``."""
    _HTML[kind] = draw


def register_text(kind: type[T], draw: Callable[..., str]) -> None:
    """Write records of class ``kind`` (and its subclasses) as text with ``draw(record,
    **options)``."""
    _TEXT[kind] = draw


def _found(table: dict[type, Callable[..., str]], record: object, what: str) -> Callable[..., str]:
    for kind in type(record).__mro__:
        if kind in table:
            return table[kind]
    name = type(record).__name__
    raise LookupError(f"nothing draws a {name} as {what}: import zerosum, which registers it")


def html(record: object) -> str:
    """``record`` as HTML, by the renderer registered for its class."""
    return _found(_HTML, record, "HTML")(record)


def text(record: object, **options: object) -> str:
    """``record`` as text, by the renderer registered for its class."""
    return _found(_TEXT, record, "text")(record, **options)
