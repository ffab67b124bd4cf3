"""A Migration win as a strategy anyone can check: the winner's move at every position of
the proof where the winner moves, found with the win/loss solver and saved as a compact
file (``.npz``: both armies and the move's cell per position, sorted).

The proof is the tree the strategy spans: from its root, the winner plays its stored
move and the loser may play any of its moves, until the loser is stuck or the position
is settled (the armies apart: ``Migration.settled`` decides it). The winner's move is
one that is known lost for the opponent without search (the opponent stuck, settled, or
held by the table) if there is one, else the first one, fewest replies first, that the
solver finds winning, so the tree stays small and a table left by a search of the root
(a split run's job, :mod:`.split`) spares most of the work. :mod:`.checker` replays it
without this module or the solver.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import numpy as np

from ...files import write_file
from .solver import default_slots, new_table, position_wins, table_outcome

if TYPE_CHECKING:
    from .shape import MigrationBoard

__all__ = ["Strategy", "prove", "encode", "save", "load", "write_synced"]


@dataclass
class Strategy:
    """The winner's move (its stone's cell) at each position ``(p1, p2)`` of the proof where
    it moves; the mover of a position follows from how far its stones have come. When
    :func:`prove` made it: the positions of the tree it spans and the positions the solver
    searched to choose its moves (0 for a strategy read from a file)."""

    n: int
    root: tuple[int, int, int]
    winner: int
    moves: dict[tuple[int, int], int]
    positions: int = 0
    searched: int = 0


def prove(
    game: MigrationBoard,
    state: Any,
    slots: int | None = None,
    table: tuple[np.ndarray, np.ndarray] | None = None,
) -> Strategy:
    """The strategy of whoever wins ``state`` (boards up to 8x8). One table serves the
    whole search: ``table`` (one a search of ``state`` filled, whose outcomes it reuses),
    or a new one of ``slots`` slots (default :func:`~.solver.default_slots`)."""
    if table is None:
        table = new_table(default_slots(game.n) if slots is None else slots)
    searched = 0

    def wins(position: Any) -> bool:
        nonlocal searched
        won, positions, _ = position_wins(game, position, 0, table)
        searched += positions
        return won

    def known_lost(position: Any) -> bool | None:
        """Whether the mover of ``position`` loses, if known without search."""
        if game.is_terminal(position):
            return True
        settled = game.settled(position)
        known = table_outcome(position, table) if settled is None else settled[0] == 1
        return None if known is None else not known

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
        known = [(pair, known_lost(pair[1])) for pair in children]
        pick = next((pair for pair, lost in known if lost), None)
        if pick is None:  # none known: search the unknown ones in turn
            pick = next(pair for pair, lost in known if lost is None and not wins(pair[1]))
        action, child = pick
        moves[(position[0], position[1])] = action[0] * game.n + action[1]
        stack.append(child)
    return Strategy(game.n, state, winner, moves, len(seen), searched)


def encode(strategy: Strategy) -> bytes:
    """The file's bytes (``.npz``; positions sorted, 17 bytes each before compression)."""
    order = sorted(strategy.moves)
    buffer = io.BytesIO()
    np.savez_compressed(
        buffer,
        n=strategy.n,
        root=np.array(strategy.root, dtype=np.uint64),
        winner=strategy.winner,
        p1=np.array([p1 for p1, _ in order], dtype=np.uint64),
        p2=np.array([p2 for _, p2 in order], dtype=np.uint64),
        move=np.array([strategy.moves[key] for key in order], dtype=np.uint8),
    )
    return buffer.getvalue()


def write_synced(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (a temporary file, on disk before it
    is renamed over ``path``): never half a file under its name."""

    def write(file: IO[Any]) -> None:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())

    write_file(path, write, binary=True)


def save(strategy: Strategy, path: str | Path) -> None:
    """Write ``strategy`` to ``path`` (:func:`encode`; whole or not at all)."""
    write_synced(path, encode(strategy))


def load(path: str | Path) -> Strategy:
    """The strategy a file of :func:`save` holds (unchecked: :mod:`.checker` checks)."""
    with np.load(path) as data:
        cells = zip(data["p1"].tolist(), data["p2"].tolist(), strict=True)
        return Strategy(
            int(data["n"]),
            tuple(int(x) for x in data["root"]),  # type: ignore[arg-type]
            int(data["winner"]),
            dict(zip(cells, data["move"].tolist(), strict=True)),
        )
