"""What the claim games' notation knows of them: their state types and the members of
Pick it reads, so it names them without importing the games, which import it."""

from __future__ import annotations

from typing import Protocol

__all__ = ["PickBoard", "PickState", "TicTacToeState"]

#: A state is ``(x, o, winner)``: bitmasks of X's and O's cells, and 0, 1 or 2.
TicTacToeState = tuple[int, int, int]
#: A state is ``(held1, held2, winner)``: each player's numbers as bitmasks, and 0/1/2.
PickState = tuple[int, int, int]


class PickBoard(Protocol):
    """A Pick game, as its notation sees it: the numbers ``1..numbers``, who holds which,
    whose turn it is and whether a set of numbers wins."""

    @property
    def numbers(self) -> int: ...
    def player(self, state: PickState) -> int: ...
    def held(self, state: PickState, player: int) -> list[int]: ...
    def _wins(self, held: int) -> bool: ...
