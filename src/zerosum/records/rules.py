"""The Python side of a game's compiled rules: the protocol a game's ``compiled_rules()``
returns, with no numba in it.

A game in the compiled style keeps its rules as numba functions over two masks and a
*record* of constants (:mod:`zerosum.kernels.rules` says how); the :class:`Rules` object
carries that record and the codec between the game's states and actions and the kernels'
masks and move codes. It lives on the records floor so that the hooks that hand it out
and the games that define it name its type without importing numba.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["MAX_MOVES", "Rules"]

State = TypeVar("State")
Action = TypeVar("Action")

#: The most move codes a position may have (the rows of the kernels' move lists).
MAX_MOVES = 64


class Rules(Generic[State, Action]):
    """The Python side of a game's compiled rules: its record and the codec between the
    game's states and actions and the kernels' masks and move codes.

    Subclasses set :attr:`record` and implement :meth:`unpack`, :meth:`action` and
    :meth:`code`; :attr:`ordered` says whether ``moves`` lists moves in an order good
    enough that searchers should keep it (as a game's ``ordered_actions`` does).
    """

    record: Any  # the kernels' own record (a numba structure each game declares)
    ordered: bool = False
    #: The most moves a position has (the MCTS tree reserves that many children per node).
    most_moves: int = MAX_MOVES

    def __init__(self, game: Game[State, Action]) -> None:
        self.game = game

    def unpack(self, state: State) -> tuple[int, int, int]:
        """``(a, b, player)``: the two masks of ``state`` and the player to move."""
        raise NotImplementedError

    def action(self, code: int, player: int) -> Action:
        """The game's action for move ``code`` of ``player``."""
        raise NotImplementedError

    def code(self, action: Action, player: int) -> int:
        """The move code of the game's ``action`` by ``player``."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r})"
