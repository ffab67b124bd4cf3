"""A Migration win as a strategy anyone can check: the winner's move at every position of
the proof where the winner moves, found with the win/loss solver and saved as a compact
file (``.npz``: both armies and the move's cell per position, sorted).

The proof is the tree the strategy spans: from the start, the winner plays its stored
move and the loser may play any of its moves, until the loser is stuck or the position
is settled (the armies apart: ``Migration.settled`` decides it). The winner's move is
the first one, fewest replies first, that the solver finds winning, so the tree stays
small. :mod:`.checker` replays it without this module or the solver.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .solver import default_slots, new_table, position_wins

if TYPE_CHECKING:
    from .game import Migration

__all__ = ["Strategy", "prove", "save"]


@dataclass
class Strategy:
    """The winner's move (its stone's cell) at each position ``(p1, p2)`` of the proof where
    it moves; the mover of a position follows from how far its stones have come."""

    n: int
    root: tuple[int, int, int]
    winner: int
    moves: dict[tuple[int, int], int]


def prove(game: Migration, state: Any, slots: int | None = None) -> Strategy:
    """The strategy of whoever wins ``state`` (boards up to 8x8; one table of ``slots``
    slots, default :func:`~.solver.default_slots`, serves the whole search)."""
    table = new_table(default_slots(game.n) if slots is None else slots)

    def wins(position: Any) -> bool:
        return position_wins(game, position, 0, table)[0]

    winner = state[2] if wins(state) else 3 - state[2]
    moves: dict[tuple[int, int], int] = {}
    seen: set[tuple[int, int]] = set()
    stack = [state]
    while stack:
        position = stack.pop()
        if (position[0], position[1]) in seen:
            continue
        seen.add((position[0], position[1]))
        if game.is_terminal(position) or game.settled(position) is not None:
            continue
        children = [(action, game.result(position, action)) for action in game.actions(position)]
        if position[2] != winner:
            stack.extend(child for _, child in children)
            continue
        children.sort(key=lambda pair: game.movable(pair[1]).bit_count())
        action, child = next(pair for pair in children if not wins(pair[1]))
        moves[(position[0], position[1])] = action[0] * game.n + action[1]
        stack.append(child)
    return Strategy(game.n, state, winner, moves)


def save(strategy: Strategy, path: str | Path) -> None:
    """Write ``strategy`` to ``path`` (``.npz``; positions sorted, 17 bytes each)."""
    order = sorted(strategy.moves)
    np.savez_compressed(
        path,
        n=strategy.n,
        root=np.array(strategy.root, dtype=np.uint64),
        winner=strategy.winner,
        p1=np.array([p1 for p1, _ in order], dtype=np.uint64),
        p2=np.array([p2 for _, p2 in order], dtype=np.uint64),
        move=np.array([strategy.moves[key] for key in order], dtype=np.uint8),
    )
