"""How much of ``src/`` is typed ``Any``: the ``Any`` names in its Python code (comments
and strings not counted), per 1,000 lines, and how many parameters are ``state: Any``.

    python scripts/count_any.py [src]

Issue #40 asks for at most 15 ``Any`` per 1,000 lines; this is the figure it measures.
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from pathlib import Path


def count(path: Path) -> tuple[int, int, int]:
    """``(lines, Any names, state: Any parameters)`` of one module."""
    text = path.read_text(encoding="utf-8")
    names = sum(
        1
        for token in tokenize.generate_tokens(io.StringIO(text).readline)
        if token.type == tokenize.NAME and token.string == "Any"
    )
    states = sum(
        1
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.arg)
        and node.arg == "state"
        and node.annotation is not None
        and ast.unparse(node.annotation) == "Any"
    )
    return len(text.splitlines()), names, states


def main(root: str = "src") -> None:
    lines = names = states = 0
    for path in sorted(Path(root).rglob("*.py")):
        counted = count(path)
        lines, names, states = lines + counted[0], names + counted[1], states + counted[2]
    per = 1000 * names / lines if lines else 0.0
    print(f"{lines:,} lines, {names:,} Any ({per:.1f} per 1,000 lines), {states} state: Any")


if __name__ == "__main__":
    main(*sys.argv[1:])
