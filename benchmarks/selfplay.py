"""Self-play speed: the Python tree against the compiled forest, side by side.

    python benchmarks/selfplay.py [--rounds 3] [--games 32] [--simulations 48]

Each round plays the same batch of self-play games (a fresh, seeded network: what is
measured is the search, not what it learned) with the Python tree
(``zerosum.alphazero.mcts``, the path a user's game with encoding hooks takes) and with the
compiled forest (``zerosum.alphazero.forest``, the path of games with compiled rules), in
turn, after a warm-up call of each (numba's compilation is not counted). Prints the median
positions per second of each and their ratio.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time

import numpy as np
import torch

from zerosum.alphazero.encoding import encoding_for
from zerosum.alphazero.mcts import Settings
from zerosum.alphazero.network import NetShape, PolicyValueNet
from zerosum.games import load_game
from zerosum.learn import selfplay


def rate(game, encoding, net, settings, games, compiled):  # type: ignore[no-untyped-def]
    """Positions per second of one batch of self-play."""
    chosen = encoding if compiled else dataclasses.replace(encoding, rules=None)
    start = time.perf_counter()
    samples = selfplay.self_play(game, chosen, net.predict, settings, games, 4, seed=1)
    return len(samples) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=32)
    parser.add_argument("--simulations", type=int, default=48)
    args = parser.parse_args()
    settings = Settings(args.simulations, noise=0.25)
    print(f"{args.games} games a batch, {args.simulations} simulations a move; positions/s")
    print(f"{'game':28} {'Python tree':>12} {'forest':>10} {'ratio':>7}")
    for spec in ["tictactoe", "connect4:width=5,height=4", "connect4", "othello:size=6"]:
        game = load_game(spec)
        encoding = encoding_for(game)
        torch.manual_seed(0)
        net = PolicyValueNet(NetShape(spec, encoding.size, encoding.actions))
        for compiled in (False, True):  # warm-up: compile, load
            rate(game, encoding, net, Settings(2), 2, compiled)
        python, forest = [], []
        for _ in range(args.rounds):
            python.append(rate(game, encoding, net, settings, args.games, False))
            forest.append(rate(game, encoding, net, settings, args.games, True))
        p, f = statistics.median(python), statistics.median(forest)
        print(f"{spec:28} {p:12,.0f} {f:10,.0f} {f / p:6.1f}x")


if __name__ == "__main__":
    np.seterr(all="ignore")
    main()
