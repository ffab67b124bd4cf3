"""alpha-zero-general's tic-tac-toe network, trained by its own ``Coach``, as a zerosum agent.

Load it in any zerosum command from the virtual environment where TensorFlow and
``tf-keras`` are installed, with ``AZG_PATH`` naming the alpha-zero-general checkout and
``TF_USE_LEGACY_KERAS=1`` (benchmarks/peers/README.md):

    zerosum grade tictactoe \\
        benchmarks/peers/azg_agent.py:AlphaZeroGeneral,weights=runs/azg/best.h5 --positions 200

``weights`` is a file the Coach saved (``checkpoint_I.h5`` or ``best.h5``);
``simulations`` the searches a move of its own ``MCTS`` (``cpuct`` 1, as its ``main.py``),
a fresh tree for every move, the move its most visited (``temp=0``, as its ``pit.py``
plays); ``simulations=0`` plays the network's most likely legal move alone. A zerosum
state ``(x, o, winner)`` becomes its board: a 3x3 array, 1 for X and -1 for O, cell ``c``
at row ``c // 3``, column ``c % 3`` (its action ``3 * row + column`` is zerosum's cell),
multiplied by the side to move (its canonical form).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, os.environ["AZG_PATH"])

from MCTS import MCTS  # noqa: E402
from tictactoe.keras.NNet import NNetWrapper  # noqa: E402
from tictactoe.TicTacToeGame import TicTacToeGame  # noqa: E402
from utils import dotdict  # noqa: E402


def canonical_board(state: tuple[int, int, int]) -> np.ndarray:
    """alpha-zero-general's board of ``state`` from the side to move's point of view."""
    board = np.zeros((3, 3), dtype=int)
    for cell in range(9):
        if state[0] >> cell & 1:
            board[cell // 3, cell % 3] = 1
        elif state[1] >> cell & 1:
            board[cell // 3, cell % 3] = -1
    to_move = 1 if bin(state[0]).count("1") == bin(state[1]).count("1") else -1
    return board * to_move


class AlphaZeroGeneral:
    """A zerosum agent ``(game, state) -> cell`` playing an alpha-zero-general network."""

    def __init__(self, weights: str, simulations: int = 25) -> None:
        self.game = TicTacToeGame()
        self.net = NNetWrapper(self.game)
        path = Path(weights)
        self.net.load_checkpoint(str(path.parent), path.name)
        self.simulations = simulations

    def __call__(self, game: Any, state: tuple[int, int, int]) -> int:
        board = canonical_board(state)
        legal = self.game.getValidMoves(board, 1)
        if self.simulations > 0:
            search = MCTS(
                self.game, self.net, dotdict({"numMCTSSims": self.simulations, "cpuct": 1})
            )
            visits = np.asarray(search.getActionProb(board, temp=0))
        else:
            visits, _ = self.net.predict(board)
        visits = np.where(legal[:9] > 0, np.asarray(visits)[:9], -np.inf)
        return int(np.argmax(visits))
