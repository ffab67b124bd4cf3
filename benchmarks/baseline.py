"""AlphaBeta against the course notebooks' way of searching, on the same positions.

The baseline is written here the way the notebooks write it: recursive max/min
alpha-beta over the seven-member interface, no table, no move ordering, values for the
player at the root. Each case plays one game with the baseline on both sides, then asks
zerosum's ``AlphaBeta`` (same depth, same heuristic, ``depth_adjust=False`` so values
compare exactly) for every position of that game (or only the first: the solves from the
start), once on the Python path (``compiled=False``) and once compiled (the default for
the built-in games), checks that all three give the same values, and reports
milliseconds per move and the speed-ups. Each time is the median of ``--repeat`` samples
over all the positions, a fresh agent each time; the three are taken in turn, and a
sample averages enough runs to last 50 ms.

    PYTHONPATH=src python benchmarks/baseline.py           # whole games
    PYTHONPATH=src python benchmarks/baseline.py --quick   # the first few moves of the long ones
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from typing import Any

from timing import table, timed_together

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


def ours(game: Any, depth: int | None, positions: list[Any], compiled: bool) -> list[float]:
    """The values of one ``AlphaBeta`` asked about every position of the game in turn."""
    agent = AlphaBeta(depth=depth, depth_adjust=False, compiled=compiled)
    values = []
    for position in positions:
        agent(game, position)
        assert agent.last is not None and agent.last.extra["compiled"] == compiled
        values.append(agent.last.value)
    return values


def compare(spec: str, depth: int | None, plies: int | None, repeat: int) -> list[Any]:
    """One table row: the baseline's game, and ours (Python, compiled) on the same positions;
    each time the median of ``repeat`` runs over all the positions."""
    game = zs.load_game(spec)
    heuristic = None if depth is None else game.evaluate
    limit = math.inf if depth is None else depth
    state, positions = game.initial_state, []
    while not game.is_terminal(state) and (plies is None or len(positions) < plies):
        positions.append(state)
        state = game.result(state, notebook_alphabeta(game, state, limit, heuristic)[0])

    def baseline() -> list[float]:
        return [notebook_alphabeta(game, p, limit, heuristic)[1] for p in positions]

    AlphaBeta(depth=3)(game, game.initial_state)  # load the compiled code before timing
    (base_seconds, values), (python_seconds, python_values), (compiled_seconds, compiled_values) = (
        timed_together(
            repeat,
            baseline,
            lambda: ours(game, depth, positions, False),
            lambda: ours(game, depth, positions, True),
        )
    )
    equal = all(
        math.isclose(a, v, abs_tol=1e-12) and b == a
        for v, a, b in zip(values, python_values, compiled_values, strict=True)
    )
    n = len(positions)
    return [
        spec,
        "to the end" if depth is None else depth,
        "the start" if plies == 1 else f"{n} (a whole game)" if plies is None else n,
        f"{1000 * base_seconds / n:.2f}",
        f"{1000 * python_seconds / n:.3f}",
        f"{1000 * compiled_seconds / n:.3f}",
        f"{base_seconds / python_seconds:.0f}x",
        f"{base_seconds / compiled_seconds:.0f}x",
        "yes" if equal else "NO",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="6 moves of the long games")
    parser.add_argument("--repeat", type=int, default=7, help="runs per timing (median)")
    args = parser.parse_args()
    few = 6 if args.quick else None
    cases = [
        ("tictactoe", None, 1),  # solved from the empty board
        ("tictactoe", None, None),
        ("migration:n=5", None, 1),  # solved from the start
        ("migration:n=5", None, None),
        ("migration:n=8", 5, few),
        ("migration:n=8", 7, few),
        ("pick:n=4", 4, few),
    ]
    rows = [compare(spec, depth, plies, args.repeat) for spec, depth, plies in cases]
    header = ["game", "depth", "positions", "baseline ms/move", "Python ms/move"]
    header += ["compiled ms/move", "Python speed-up", "compiled speed-up", "same values"]
    print(table(header, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
