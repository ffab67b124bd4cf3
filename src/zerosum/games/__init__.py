"""The built-in games and their registry."""

from .connect_four import ConnectFour
from .migration import Migration
from .othello import Othello
from .pick import Pick
from .registry import GAMES, load_game
from .tictactoe import TicTacToe

__all__ = ["ConnectFour", "Migration", "Othello", "Pick", "TicTacToe", "GAMES", "load_game"]
