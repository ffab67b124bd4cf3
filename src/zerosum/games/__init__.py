"""The built-in games, their registry, and the registry of their fast paths
(:func:`register_fast_paths`, :mod:`zerosum.fast_paths`)."""

from ..fast_paths import FastPaths, fast_paths, register_fast_paths
from .claim import Pick, TicTacToe
from .connect_four import ConnectFour
from .migration import Migration
from .othello import Othello
from .registry import GAMES, load_game

__all__ = [
    "ConnectFour",
    "Migration",
    "Othello",
    "Pick",
    "TicTacToe",
    "GAMES",
    "load_game",
    "FastPaths",
    "fast_paths",
    "register_fast_paths",
]
