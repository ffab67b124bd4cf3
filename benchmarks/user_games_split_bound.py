"""How much two cores could save the Python search on the notebook's Migration, at best.

Splitting the root over processes (the usual way: the first move searched alone for a
bound, the others shared out with it) can only shorten the part of each iteration
that comes after its first root move. This script times, for the first
``--positions`` positions of ``user_games.py``'s game at that depth, one
``AlphaBeta(depth, depth_adjust=False, compiled=False)`` as it deepens, each iteration
in two parts: its first root move alone, then its other moves (the first is a table
hit by then). The ideal two-core time halves the second parts, with no cost to send
work and as if the two processes shared one table and one memo; the printed bound is
the speed-up that would give.

    PYTHONPATH=src python benchmarks/user_games_split_bound.py [--depth 7] [--positions 40]
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from notebook_migration import NotebookMigration, notebook_alphabeta

from zerosum.agents import AlphaBeta
from zerosum.agents.search import _Search


class Timed(_Search):
    """The Python search, timing each iteration in two parts: its first root move alone,
    then the others (the first is a table hit by then)."""

    spent: dict[str, float] = {"first moves": 0.0, "other moves": 0.0}

    def _root(self, state: Any, moves: list[Any], depth: float) -> tuple[float, list[Any]]:
        start = time.perf_counter()
        super()._root(state, moves[:1], depth)
        middle = time.perf_counter()
        found = super()._root(state, moves, depth)
        Timed.spent["first moves"] += middle - start
        Timed.spent["other moves"] += time.perf_counter() - middle
        return found


class Clocked(NotebookMigration):
    """The same game, clocking the time spent in its own code (outermost calls only)."""

    def __init__(self, n: int = 8) -> None:
        super().__init__(n)
        self.seconds, self.inside = 0.0, False

    def _clocked(self, method: Any, *args: Any) -> Any:
        if self.inside:
            return method(*args)
        self.inside, start = True, time.perf_counter()
        try:
            return method(*args)
        finally:
            self.seconds += time.perf_counter() - start
            self.inside = False

    def actions(self, state: Any) -> Any:
        return self._clocked(super().actions, state)

    def is_terminal(self, state: Any) -> bool:
        return self._clocked(super().is_terminal, state)  # type: ignore[no-any-return]

    def result(self, state: Any, action: Any) -> Any:
        return self._clocked(super().result, state, action)

    def evaluate(self, state: Any, player: int) -> float:
        return self._clocked(super().evaluate, state, player)  # type: ignore[no-any-return]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--positions", type=int, default=40)
    args = parser.parse_args()
    game = NotebookMigration(8)
    state, positions = game.initial_state, list[Any]()
    while not game.is_terminal(state) and len(positions) < args.positions:
        positions.append(state)
        state = game.result(state, notebook_alphabeta(game, state, args.depth)[0])
    agent = AlphaBeta(depth=args.depth, depth_adjust=False, compiled=False)
    start = time.perf_counter()
    for position in positions:
        # the agent's own search, with the timed root (what AlphaBeta.__call__ runs)
        agent._table_game = game
        Timed(agent, game, None).run(position, time.perf_counter())
    total = time.perf_counter() - start
    n = len(positions)
    spent = {name: 1000 * s / n for name, s in Timed.spent.items()}
    for name, ms in spent.items():
        print(f"{name:>12}: {ms:6.2f} ms/move")
    ideal = spent["first moves"] + spent["other moves"] / 2
    print(f"{'all':>12}: {1000 * total / n:6.2f} ms/move")
    print(f"two cores at best (every iteration's other moves halved): {ideal:.2f} ms/move, "
          f"{sum(spent.values()) / ideal:.2f}x")  # fmt: skip
    # The class's own code alone, in the search and in the notebook's.
    clocked, plain = Clocked(8), AlphaBeta(depth=args.depth, depth_adjust=False, compiled=False)
    start = time.perf_counter()
    for position in positions:
        plain(clocked, position)
    ours, in_class = time.perf_counter() - start, clocked.seconds
    clocked.seconds, start = 0.0, time.perf_counter()
    for position in positions:
        notebook_alphabeta(clocked, position, args.depth)
    theirs = time.perf_counter() - start
    print(f"AlphaBeta: {1000 * ours / n:.2f} ms/move, of which the class's code "
          f"{1000 * in_class / n:.2f}; the notebook's search {1000 * theirs / n:.2f} ms/move, "
          f"of which the class's code {1000 * clocked.seconds / n:.2f}")  # fmt: skip
    print(f"the speed-up if AlphaBeta's own work cost nothing: {theirs / in_class:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
