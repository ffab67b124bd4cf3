"""AlphaBeta against the course notebooks' way of searching, on the same positions.

The baseline is written here the way the notebooks write it: recursive max/min
alpha-beta over the seven-member interface, no table, no move ordering, values for the
player at the root. Each case plays one game with the baseline on both sides, then asks
zerosum's ``AlphaBeta`` (same depth, same heuristic, ``depth_adjust=False`` so values
compare exactly) for every position of that game, checks that the values are equal, and
reports the total seconds of each and their ratio.

    PYTHONPATH=src python benchmarks/baseline.py           # whole games
    PYTHONPATH=src python benchmarks/baseline.py --quick   # the first few moves of the long ones
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from typing import Any

from timing import table

import zerosum as zs
from zerosum.agents import AlphaBeta


def notebook_alphabeta(
    game: Any, state: Any, depth: float = math.inf, evaluate: Callable[..., float] | None = None
) -> tuple[Any, float]:
    """The notebooks' alpha-beta: ``(best action, value for the player to move)``."""
    player = game.player(state)

    def max_value(s: Any, alpha: float, beta: float, d: float) -> float:
        if game.is_terminal(s):
            return game.utility(s, player)
        if d == 0 and evaluate is not None:
            return evaluate(s, player)
        v = -math.inf
        for a in game.actions(s):
            v = max(v, min_value(game.result(s, a), alpha, beta, d - 1))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(s: Any, alpha: float, beta: float, d: float) -> float:
        if game.is_terminal(s):
            return game.utility(s, player)
        if d == 0 and evaluate is not None:
            return evaluate(s, player)
        v = math.inf
        for a in game.actions(s):
            v = min(v, max_value(game.result(s, a), alpha, beta, d - 1))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    best_value, best_action = -math.inf, None
    for a in game.actions(state):
        v = min_value(game.result(state, a), best_value, math.inf, depth - 1)
        if v > best_value:
            best_value, best_action = v, a
    return best_action, best_value


def compare(spec: str, depth: int | None, plies: int | None) -> list[Any]:
    """One table row: the baseline's game, and ours on the same positions."""
    game = zs.load_game(spec)
    heuristic = None if depth is None else game.evaluate
    limit = math.inf if depth is None else depth
    state, positions, values, base_seconds = game.initial_state, [], [], 0.0
    while not game.is_terminal(state) and (plies is None or len(positions) < plies):
        start = time.perf_counter()
        action, value = notebook_alphabeta(game, state, limit, heuristic)
        base_seconds += time.perf_counter() - start
        positions.append(state)
        values.append(value)
        state = game.result(state, action)
    agent = AlphaBeta(depth=depth, depth_adjust=False)
    our_seconds, equal = 0.0, True
    for position, value in zip(positions, values, strict=True):
        start = time.perf_counter()
        agent(game, position)
        our_seconds += time.perf_counter() - start
        assert agent.last is not None
        equal = equal and math.isclose(agent.last.value, value, abs_tol=1e-12)
    n = len(positions)
    return [
        spec,
        "to the end" if depth is None else depth,
        n,
        f"{base_seconds:.3f}",
        f"{our_seconds:.4f}",
        f"{1000 * base_seconds / n:.1f}",
        f"{1000 * our_seconds / n:.2f}",
        f"{base_seconds / our_seconds:.0f}x",
        "yes" if equal else "NO",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="6 moves of the long games")
    args = parser.parse_args()
    few = 6 if args.quick else None
    cases = [
        ("tictactoe", None, None),
        ("migration:n=5", None, None),
        ("migration:n=8", 5, few),
        ("migration:n=8", 7, few),
        ("pick:n=4", 4, few),
    ]
    rows = [compare(spec, depth, plies) for spec, depth, plies in cases]
    header = ["game", "depth", "moves", "baseline s", "zerosum s"]
    header += ["baseline ms/move", "zerosum ms/move", "speed-up", "same values"]
    print(table(header, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
