"""What Connect Four's helpers (notation, compiled rules, commands) know of the game: its
state type and the members they read, so they name them without importing the game,
which imports them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ...game import Game

if TYPE_CHECKING:
    from .solver import Solver

__all__ = ["ConnectFourBoard", "ConnectFourState"]

#: A state is ``(p1, p2, moves, winner)``: each player's stones, stones played, 0/1/2.
ConnectFourState = tuple[int, int, int, int]


class ConnectFourBoard(Game, Protocol):
    """A Connect Four game, as its helpers see it: the board's sizes and bit layout, and
    the rules they replay, and the compiled solver the command line lends it."""

    solver: Solver | None

    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def k(self) -> int: ...
    @property
    def column_height(self) -> int: ...
    @property
    def _top(self) -> Sequence[int]: ...
    @property
    def _column(self) -> Sequence[int]: ...
    @property
    def initial_state(self) -> ConnectFourState: ...
    def player(self, state: ConnectFourState) -> int: ...
    def actions(self, state: ConnectFourState) -> list[int]: ...
    def result(self, state: ConnectFourState, action: int) -> ConnectFourState: ...
    def drop(self, mask: int, column: int) -> int: ...
    def has_line(self, stones: int) -> bool: ...
    def cell(self, state: ConnectFourState, col: int, row: int) -> int: ...
