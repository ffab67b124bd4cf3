"""A plain check of a Migration proof file (:mod:`.proof` writes them), written apart from
the solver so that a bug there cannot vouch for itself: it knows only the game's rules.

From the proof's start it plays the winner's stored move wherever the winner moves and
every legal move wherever the loser moves, each position once, and accepts only if every
line ends with the loser stuck or in a settled position the loser loses (the armies can
no longer meet and its reserve of moves is not larger: ``Migration.settled``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ...game import ZerosumError

if TYPE_CHECKING:
    from .shape import MigrationBoard

__all__ = ["ProofError", "Checked", "check"]


class ProofError(ZerosumError):
    """The file does not prove what it claims (or is no proof file)."""


@dataclass
class Checked:
    """What a check confirmed: the winner from the root, the positions it went through,
    the winner's moves the file holds, and the seconds it took."""

    n: int
    root: tuple[int, int, int]
    winner: int
    positions: int
    stored: int
    seconds: float


def check(path: str | Path, board: Callable[[int], MigrationBoard]) -> Checked:
    """Replay the proof in ``path`` against every reply of the loser, on the game
    ``board(n)`` makes for the file's board size; raise :class:`ProofError` at the first
    position where it fails."""
    started = time.perf_counter()
    try:
        with np.load(path) as data:
            n, winner = int(data["n"]), int(data["winner"])
            start = (int(data["root"][0]), int(data["root"][1]), int(data["root"][2]))
            cells = zip(data["p1"].tolist(), data["p2"].tolist(), strict=True)
            moves = dict(zip(cells, data["move"].tolist(), strict=True))
    except (OSError, KeyError, ValueError) as exc:
        raise ProofError(f"{path}: not a Migration proof file ({exc})") from None
    game = board(n)
    seen: set[tuple[int, int]] = set()
    stack = [start]
    while stack:
        position = stack.pop()
        key = (position[0], position[1])
        if key in seen:
            continue
        seen.add(key)
        settled = game.settled(position)
        if position[2] == winner:
            cell = moves.get(key)
            if cell is None:
                if settled is not None and settled[0] == 1:
                    continue
                raise ProofError(f"{path}: no move for player {winner} in\n{game.render(position)}")
            action = next((a for a in game.actions(position) if a[0] * n + a[1] == cell), None)
            if action is None:
                raise ProofError(
                    f"{path}: the stored move of the stone on cell {cell} is not legal in\n"
                    f"{game.render(position)}"
                )
            stack.append(game.result(position, action))
        elif not game.is_terminal(position):
            if settled is not None:
                if settled[0] == -1:
                    continue
                raise ProofError(
                    f"{path}: player {position[2]} wins the settled position\n"
                    f"{game.render(position)}"
                )
            stack.extend(game.result(position, action) for action in game.actions(position))
    return Checked(n, start, winner, len(seen), len(moves), time.perf_counter() - started)
