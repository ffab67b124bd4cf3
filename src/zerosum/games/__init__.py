"""The built-in games and their registry."""

from .claim import Pick, TicTacToe
from .connect_four import ConnectFour
from .migration import Migration
from .othello import Othello
from .registry import GAMES, load_game

__all__ = ["ConnectFour", "Migration", "Othello", "Pick", "TicTacToe", "GAMES", "load_game"]
