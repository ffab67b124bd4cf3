"""Test helpers importable from every test module (``tests`` is on the path)."""

from __future__ import annotations

from zerosum.games import GAMES

#: Every built-in game at sizes whose random playouts are quick: the ``small_specs`` of
#: its registry line (``games/registry.py``), so a new game is played with no edit here.
SMALL_GAMES = [spec for entry in GAMES for spec in entry.small_specs]
