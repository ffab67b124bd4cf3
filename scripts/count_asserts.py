"""Counts the assertions of the test suite, so that merging or moving tests can show it kept
every one of them (issue 40: "no test weakened").

An assertion is an ``assert`` statement or a ``pytest.raises`` / ``pytest.warns`` block (each
checks something that would fail if the feature broke). Counted in the source, not at run
time: a parametrized test's assertions count once however many cases it runs, so the total
does not change when a parametrization is split or merged.

Usage: ``python scripts/count_asserts.py [folder ...]`` (default ``tests``); ``--by-file``
lists each file's count.
"""

from __future__ import annotations

import argparse
import ast
from dataclasses import dataclass
from pathlib import Path

CHECKERS = {"raises", "warns", "deprecated_call"}


@dataclass(frozen=True)
class Count:
    """One file's assertions: ``assert`` statements and ``pytest.raises``-like blocks."""

    asserts: int
    raises: int

    @property
    def total(self) -> int:
        return self.asserts + self.raises


def count(source: str) -> Count:
    """The assertions of one Python file's source."""
    asserts = raises = 0
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assert):
            asserts += 1
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in CHECKERS and _is_pytest(node.func.value):
                raises += 1
    return Count(asserts, raises)


def _is_pytest(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "pytest"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", default=["tests"])
    parser.add_argument("--by-file", action="store_true")
    args = parser.parse_args()
    files = sorted(p for folder in args.folders for p in Path(folder).rglob("*.py"))
    counts = {p: count(p.read_text(encoding="utf-8")) for p in files}
    if args.by_file:
        for path, c in counts.items():
            print(f"{c.total:6d} {path}")
    asserts = sum(c.asserts for c in counts.values())
    raises = sum(c.raises for c in counts.values())
    print(f"{len(files)} files: {asserts} assert statements, {raises} pytest.raises/warns blocks")


if __name__ == "__main__":
    main()
