"""The claim games, where a move claims a free item and holding a whole winning set wins:
tic-tac-toe (:mod:`.tictactoe`) and Pick (:mod:`.pick`), with their shared compiled rules
(:mod:`.rules`) and Pick's compiled state-space counter (:mod:`.placement_space`)."""

from ...fast_paths import register_fast_paths
from .fast_paths import PICK, TICTACTOE
from .pick import Pick
from .tictactoe import TicTacToe

register_fast_paths(TicTacToe, TICTACTOE)
register_fast_paths(Pick, PICK)

__all__ = ["Pick", "TicTacToe"]
