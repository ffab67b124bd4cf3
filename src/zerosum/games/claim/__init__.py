"""The claim games, where a move claims a free item and holding a whole winning set wins:
tic-tac-toe (:mod:`.tictactoe`) and Pick (:mod:`.pick`), with their shared compiled rules
(:mod:`.rules`) and Pick's compiled state-space counter (:mod:`.placement_space`)."""

from .pick import Pick
from .tictactoe import TicTacToe

__all__ = ["Pick", "TicTacToe"]
