"""The example notebook of an assignment's starter: nbformat 4 JSON, written with the
standard library (nbformat is not a dependency of zerosum), cells without outputs.

The notebook imports the student's file from its own folder and calls it the way zerosum
does: a game class is solved and played, a search function is asked for a move and plays
a short match.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["notebook_text"]

_METADATA = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python", "file_extension": ".py", "mimetype": "text/x-python"},
}


def _cell(kind: str, number: int, source: str) -> dict[str, Any]:
    cell: dict[str, Any] = {
        "cell_type": kind,
        "id": f"cell-{number}",
        "metadata": {},
        "source": source.splitlines(keepends=True),
    }
    if kind == "code":
        cell["execution_count"] = None
        cell["outputs"] = []
    return cell


def _uses(module: str, member: str, task: str) -> list[tuple[str, str]]:
    """The cells that call the student's code: (kind, source) pairs."""
    if task == "game":
        return [
            ("markdown", "Your game, its first position and its value with perfect play:"),
            (
                "code",
                f"game = {member}()\n"
                "state = game.initial_state\n"
                "game.print_state(state)\n"
                "zs.solve(game).value  # tic-tac-toe is a draw: 0",
            ),
            ("markdown", "A game between two random players, move by move:"),
            ("code", 'zs.play(game, zs.make_agent("random:seed=1"), zs.make_agent("random"))'),
        ]
    game = "zs.games.ConnectFour()" if task in ("heuristic", "agent") else "zs.games.TicTacToe()"
    return [
        ("markdown", "Your move in the first position:"),
        (
            "code",
            f"game = {game}\n"
            "state = game.initial_state\n"
            "game.print_state(state)\n"
            f"{member}(game, state)",
        ),
        ("markdown", "A short match against the random player, sides swapped:"),
        ("code", f'zs.match(game, {member}, "random", games=4)'),
    ]


def notebook_text(file: str, member: str, task: str, check: str) -> str:
    """The notebook as text: a title, the import of ``member`` from ``file``, cells that
    call it, and the command that checks it as it will be graded."""
    module = file.removesuffix(".py")
    cells = [
        ("markdown", f"# Trying `{member}` from `{file}`\n\nRun the cells after each change."),
        ("code", "%load_ext autoreload\n%autoreload 2\n"),
        ("code", f"import zerosum as zs\nfrom {module} import {member}"),
        *_uses(module, member, task),
        ("markdown", "Checked as it will be graded:"),
        ("code", f"!{check}"),
    ]
    notebook = {
        "cells": [_cell(kind, i, text) for i, (kind, text) in enumerate(cells)],
        "metadata": _METADATA,
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(notebook, indent=1) + "\n"
