"""Train alpha-zero-general's tic-tac-toe (its Keras network) with its own ``Coach``.

alpha-zero-general is not a package: its README trains a game by editing the imports of
its ``main.py``. This script does the same without editing it: it imports ``Coach``, the
tic-tac-toe game and its Keras ``NNetWrapper`` from the checkout named by ``AZG_PATH``
and runs ``Coach.learn`` with the settings its tic-tac-toe README reports (25 self-play
games an iteration, 25 MCTS simulations a move, 10 epochs) and ``main.py``'s others.
Each accepted network is saved by the Coach itself as ``CHECKPOINT/checkpoint_I.h5``
and ``best.h5``; ``benchmarks/peers/budget.py`` notes when each appears. Its Keras code
is Keras 2's: run it with ``TF_USE_LEGACY_KERAS=1`` and ``tf-keras`` installed.

    AZG_PATH=/path/to/alpha-zero-general TF_USE_LEGACY_KERAS=1 \\
        python benchmarks/peers/azg_train.py --checkpoint runs/azg
"""

from __future__ import annotations

import argparse
import logging
import os
import sys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--checkpoint", required=True, help="the Coach's checkpoint folder")
    parser.add_argument("--episodes", type=int, default=25, help="self-play games an iteration")
    parser.add_argument("--simulations", type=int, default=25, help="MCTS simulations a move")
    parser.add_argument("--arena", type=int, default=40, help="games new against old network")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--channels", type=int, default=512, help="its network's width")
    args = parser.parse_args()
    sys.path.insert(0, os.environ["AZG_PATH"])
    # its main.py installs coloredlogs at INFO: the Coach says so when it accepts a network
    logging.basicConfig(level=logging.INFO)

    from Coach import Coach
    from tictactoe.keras import NNet
    from tictactoe.TicTacToeGame import TicTacToeGame
    from utils import dotdict

    NNet.args.epochs = args.epochs
    NNet.args.num_channels = args.channels
    settings = dotdict(
        {
            "numIters": 1000,
            "numEps": args.episodes,
            "tempThreshold": 15,
            "updateThreshold": 0.6,
            "maxlenOfQueue": 200000,
            "numMCTSSims": args.simulations,
            "arenaCompare": args.arena,
            "cpuct": 1,
            "checkpoint": args.checkpoint,
            "load_model": False,
            "load_folder_file": ("", ""),
            "numItersForTrainExamplesHistory": 20,
        }
    )
    game = TicTacToeGame()
    Coach(game, NNet.NNetWrapper(game), settings).learn()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
