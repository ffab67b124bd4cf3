"""AlphaBeta's Python search on a user's game written the way the course notebook writes it.

The game is ``notebook_migration.NotebookMigration`` (Migration 8x8 with the state as
lists of lists, ``actions`` scanning the board, ``is_terminal`` and ``evaluate`` calling
``actions``); the baseline is the notebook's own cut-off alpha-beta with the same
heuristic. For each depth the baseline plays one game on both sides; then it and one
``AlphaBeta(depth, depth_adjust=False, compiled=False)`` (a user class always takes the
Python search; no value decay, so values compare exactly) search every position of that
game. The script checks that every value is equal, counts the calls each makes into the
game, and reports milliseconds per move and the speed-up. The two are timed in turn
(baseline, ours, baseline, ...), each time the median of ``--repeat`` samples over all
the positions, a fresh agent each sample.

    PYTHONPATH=src python benchmarks/user_games.py                 # depths 5 and 7
    PYTHONPATH=src python benchmarks/user_games.py --quick         # the first 10 moves
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from typing import Any

from notebook_migration import NotebookMigration, notebook_alphabeta
from timing import table, timed_together

from zerosum.agents import AlphaBeta


class Counted(NotebookMigration):
    """The same game, counting the calls a search makes into it."""

    def __init__(self, n: int = 8) -> None:
        super().__init__(n)
        self.calls: Counter[str] = Counter()

    def actions(self, state: Any) -> Any:
        self.calls["actions"] += 1
        return super().actions(state)

    def is_terminal(self, state: Any) -> bool:
        self.calls["is_terminal"] += 1
        return super().is_terminal(state)

    def result(self, state: Any, action: Any) -> Any:
        self.calls["result"] += 1
        return super().result(state, action)

    def evaluate(self, state: Any, player: int) -> float:
        self.calls["evaluate"] += 1
        return super().evaluate(state, player)


def ours(game: Any, depth: int, positions: list[Any]) -> list[float]:
    """The values of one ``AlphaBeta`` asked about every position of the game in turn."""
    agent = AlphaBeta(depth=depth, depth_adjust=False, compiled=False)
    values = []
    for position in positions:
        agent(game, position)
        assert agent.last is not None and not agent.last.extra["compiled"]
        values.append(agent.last.value)
    return values


def theirs(game: Any, depth: int, positions: list[Any]) -> list[float]:
    return [notebook_alphabeta(game, p, depth)[1] for p in positions]


def calls(game: Counted, search: Any, depth: int, positions: list[Any]) -> str:
    """The calls one run of ``search`` makes into the game, in thousands."""
    game.calls.clear()
    search(game, depth, positions)
    names = ("actions", "is_terminal", "result", "evaluate")
    return " / ".join(f"{game.calls[name] / 1000:.0f}k" for name in names)


def compare(depth: int, plies: int | None, repeat: int) -> list[Any]:
    game = NotebookMigration(8)
    state, positions = game.initial_state, []
    while not game.is_terminal(state) and (plies is None or len(positions) < plies):
        positions.append(state)
        state = game.result(state, notebook_alphabeta(game, state, depth)[0])
    (base, values), (mine, found) = timed_together(
        repeat,
        lambda: theirs(game, depth, positions),
        lambda: ours(game, depth, positions),
    )
    equal = all(math.isclose(a, b, abs_tol=1e-12) for a, b in zip(values, found, strict=True))
    counted, n = Counted(8), len(positions)
    return [
        depth,
        n,
        f"{1000 * base / n:.1f}",
        f"{1000 * mine / n:.1f}",
        f"{base / mine:.1f}x",
        calls(counted, theirs, depth, positions),
        calls(counted, ours, depth, positions),
        "yes" if equal else "NO",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="the first 10 moves only")
    parser.add_argument("--repeat", type=int, default=5, help="samples per timing (median)")
    parser.add_argument("--depths", type=int, nargs="+", default=[5, 7])
    args = parser.parse_args()
    rows = [compare(d, 10 if args.quick else None, args.repeat) for d in args.depths]
    header = ["depth", "positions", "notebook ms/move", "AlphaBeta ms/move", "speed-up"]
    header += ["notebook calls (actions / is_terminal / result / evaluate)", "AlphaBeta calls"]
    header += ["same values"]
    print(table(header, rows))
    return 0 if all(row[-1] == "yes" for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
