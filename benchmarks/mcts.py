"""MCTS simulations per second on Connect Four 7x6 from the start, and random playouts per
second for each built-in game; OpenSpiel's MCTS bots side by side when it is installed.

    PYTHONPATH=src python benchmarks/mcts.py              # the figures in docs/benchmarks.md
    PYTHONPATH=src python benchmarks/mcts.py --quick      # a smoke run with small sizes

OpenSpiel is not a dependency of zerosum; to include its bots, install it in the benchmark
environment only: ``python -m pip install open_spiel``. Without it those rows are skipped.

Rates are simulations (or playouts) per second of process CPU time, the median of
``--repeats`` runs, each a fresh search from the empty board (one warm-up run first, so
numba's compilation is not timed). All MCTS rows use one random rollout per simulation and
the same exploration constant.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import zerosum as zs
from zerosum.agents import MCTS
from zerosum.kernels.generic import random_playouts

C = 1.4
SIMS = "MCTS sims/s, connect4 7x6"


class PlainGame:
    """A built-in game seen through the seven methods only, as a user's class would be: no
    ``playouts`` hook and no compiled tree, so MCTS runs entirely in Python."""

    def __init__(self, game: Any) -> None:
        self._game = game

    @property
    def initial_state(self) -> Any:
        return self._game.initial_state

    def player(self, state: Any) -> int:
        return self._game.player(state)

    def actions(self, state: Any) -> list[Any]:
        return self._game.actions(state)

    def result(self, state: Any, action: Any) -> Any:
        return self._game.result(state, action)

    def is_terminal(self, state: Any) -> bool:
        return self._game.is_terminal(state)

    def utility(self, state: Any, player: int) -> float:
        return self._game.utility(state, player)

    def print_state(self, state: Any) -> None:
        self._game.print_state(state)


def median_rate(work: Callable[[int], int], repeats: int) -> float:
    """Median of ``units / CPU seconds`` over ``repeats`` runs of ``work(seed) -> units``,
    after one untimed warm-up run."""
    work(-1)
    rates = []
    for seed in range(repeats):
        start = time.process_time()
        units = work(seed)
        rates.append(units / max(time.process_time() - start, 1e-9))
    return statistics.median(rates)


def zerosum_mcts(game: Any, simulations: int, compiled: bool) -> Callable[[int], int]:
    def work(seed: int) -> int:
        agent = MCTS(iterations=simulations, c=C, seed=seed, compiled=compiled)
        agent(game, game.initial_state)
        assert agent.last is not None
        return int(agent.last.nodes)

    return work


def openspiel_rows(simulations: int, python_simulations: int, repeats: int) -> list[tuple]:
    """OpenSpiel's C++ and Python MCTS bots on its Connect Four, or no rows if absent."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        print("open_spiel is not installed: skipping its rows (python -m pip install open_spiel)")
        return []
    game = pyspiel.load_game("connect_four")

    def cpp(seed: int) -> int:
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed % 2**31)
        bot = pyspiel.MCTSBot(game, evaluator, C, simulations, 1000, False, seed % 2**31, False)
        bot.step(game.new_initial_state())
        return simulations

    def python(seed: int) -> int:
        rng = np.random.RandomState(seed % 2**31)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bot = mcts.MCTSBot(game, C, python_simulations, evaluator, solve=False, random_state=rng)
        bot.step(game.new_initial_state())
        return python_simulations

    def playouts(seed: int) -> int:
        rng = random.Random(seed)
        for _ in range(python_simulations):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        return python_simulations

    return [
        (SIMS, "OpenSpiel pyspiel.MCTSBot (C++)", median_rate(cpp, repeats)),
        (SIMS, "OpenSpiel mcts.MCTSBot (Python)", median_rate(python, repeats)),
        ("playouts/s, connect4", "OpenSpiel C++ game, Python loop", median_rate(playouts, repeats)),
    ]  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per row (5)")
    parser.add_argument("--simulations", type=int, default=100_000, help="compiled rows")
    parser.add_argument("--generic-simulations", type=int, default=10_000, help="generic rows")
    parser.add_argument("--python-simulations", type=int, default=1_000, help="pure Python rows")
    parser.add_argument("--playouts", type=int, default=100_000, help="compiled playouts per run")
    parser.add_argument("--quick", action="store_true", help="tiny sizes, to check it runs")
    args = parser.parse_args(argv)
    if args.quick:
        args.repeats, args.simulations, args.generic_simulations = 1, 2000, 200
        args.python_simulations, args.playouts = 50, 2000

    c4 = zs.games.ConnectFour()
    rows: list[tuple] = [
        (SIMS, "zerosum MCTS, compiled tree",
         median_rate(zerosum_mcts(c4, args.simulations, True), args.repeats)),
        (SIMS, "zerosum MCTS, generic tree + compiled playouts",
         median_rate(zerosum_mcts(c4, args.generic_simulations, False), args.repeats)),
        (SIMS, "zerosum MCTS, generic tree + Python playouts",
         median_rate(zerosum_mcts(PlainGame(c4), args.python_simulations, False), args.repeats)),
    ]  # fmt: skip
    rows += openspiel_rows(args.simulations, args.python_simulations, args.repeats)
    for spec in ("tictactoe", "connect4", "migration:n=8", "pick:n=4"):
        game = zs.load_game(spec)
        start = game.initial_state

        def compiled(seed: int, game: Any = game, start: Any = start) -> int:
            game.playouts(start, args.playouts, seed)
            return int(args.playouts)

        def generic(seed: int, game: Any = game, start: Any = start) -> int:
            random_playouts(game, start, args.python_simulations, random.Random(seed))
            return int(args.python_simulations)

        what = f"playouts/s, {spec}"
        rows.append((what, "zerosum compiled kernel", median_rate(compiled, args.repeats)))
        rows.append((what, "zerosum generic loop (Python)", median_rate(generic, args.repeats)))

    print(f"\n| benchmark | implementation | median rate (CPU time, {args.repeats} runs) |")
    print("| --- | --- | ---: |")
    for what, who, rate in rows:
        print(f"| {what} | {who} | {rate:,.0f} |")


if __name__ == "__main__":
    main()
