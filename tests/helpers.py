"""Test helpers importable from every test module (``tests`` is on the path)."""

from __future__ import annotations

#: Every built-in game at sizes whose random playouts are quick.
SMALL_GAMES = [
    "tictactoe",
    "connect4",
    "connect4:width=5,height=4",
    "connect4:width=4,height=4,k=3",
    "connect4:width=9,height=8,k=5",
    "migration:n=3",
    "migration:n=5",
    "migration:n=8",
    "othello:size=4",
    "othello:size=6",
    "pick:n=2",
    "pick:n=3",
    "pick:n=4",
]
