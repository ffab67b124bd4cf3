"""A griffe extension for the API reference (mkdocs.yml): the docstrings are written for
Sphinx and doctest, and this shows them as Sphinx would: each role (``:func:`play```,
``:class:`~zerosum.game.Game```) as the code it names (`play`, `Game`), and each doctest
example as a block of Python code, not as Markdown (where ``[1.0, 0.57]`` is a link).

The package documents its constants with ``#:`` comments above them, as Sphinx reads them;
griffe reads only a string under an attribute, so the comments are made docstrings here,
and each public constant gets its entry in the reference (and in the site's search)."""

from __future__ import annotations

import re
from typing import Any

import griffe

#: ``:role:`target``` or ``:role:`~path.to.target```, the role being any Sphinx Python role.
ROLE = re.compile(r":(?:py:)?(?:func|class|meth|mod|data|attr|exc|obj|const):`(~?)([^`]+)`")


def plain(text: str) -> str:
    """``text`` with each Sphinx role replaced by the code it names (``~`` keeps the last
    name only, as in Sphinx) and each doctest example fenced as Python code."""

    def code(match: re.Match[str]) -> str:
        short, target = match.groups()
        return f"`{target.rsplit('.', 1)[-1] if short else target}`"

    return _fence_doctests(ROLE.sub(code, text))


def _fence_doctests(text: str) -> str:
    """Each run of lines from a ``>>>`` line to the next blank line, fenced as ``pycon``."""
    out: list[str] = []
    inside = False
    for line in text.split("\n"):
        if not inside and line.lstrip().startswith(">>>"):
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


def comment_above(lines: list[str], lineno: int) -> str | None:
    """The ``#:`` comment on the lines just above line ``lineno`` (1-based), or None."""
    text: list[str] = []
    row = lineno - 2
    while row >= 0 and lines[row].lstrip().startswith("#:"):
        text.insert(0, lines[row].lstrip()[2:].strip())
        row -= 1
    return "\n".join(text) if text else None


class CommentDocstrings(griffe.Extension):
    """Gives an attribute without a docstring the ``#:`` comment above it as one."""

    def on_attribute_instance(self, *, attr: griffe.Attribute, **_: Any) -> None:
        if attr.docstring is not None or attr.lineno is None or attr.filepath is None:
            return
        try:
            lines = attr.lines_collection[attr.filepath]  # type: ignore[index]
        except KeyError:  # no source (a compiled module)
            return
        text = comment_above(lines, attr.lineno)
        if text is not None:
            attr.docstring = griffe.Docstring(text, lineno=attr.lineno, parent=attr)


class SphinxRoles(griffe.Extension):
    """Rewrites every docstring once griffe has loaded its object, the package's own too
    (griffe does not pass the package to ``on_object``), each once."""

    def __init__(self) -> None:
        super().__init__()
        self.done: set[int] = set()

    def on_object(self, *, obj: griffe.Object, **_: Any) -> None:
        self._rewrite(obj)

    def on_package(self, *, pkg: griffe.Module, **_: Any) -> None:
        self._rewrite(pkg)

    def _rewrite(self, obj: griffe.Object) -> None:
        if obj.docstring is not None and id(obj.docstring) not in self.done:
            self.done.add(id(obj.docstring))
            obj.docstring.value = plain(obj.docstring.value)
