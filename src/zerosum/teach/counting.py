"""A game that counts the nodes a search visits, handed to a student's function in place
of the game itself: the student's code runs unchanged.

A node is visited when a state is examined: passed to any of the game's members
(``player``, ``actions``, ``result``, ``is_terminal``, ``utility``). The root counts once;
every state :meth:`result` returns counts once, when it is first examined. A state made
but never looked at (a list of children built before the pruning) is not visited.
States are told apart by identity, so each must be a new object (every built-in game's
are, and :class:`~zerosum.teach.tree.TreeGame`'s).
"""

from __future__ import annotations

from typing import Any

from ..game import Game

__all__ = ["CountingGame"]


class CountingGame:
    """``game`` with the nodes visited from ``root`` counted in :attr:`nodes`; every
    other attribute is the game's own (``key``, ``render``, its parameters)."""

    def __init__(self, game: Game, root: Any) -> None:
        self._game = game
        self._fresh: dict[int, Any] = {id(root): root}  # made, not yet examined
        self._kept: list[Any] = [root]  # every state made, so no id is reused
        self.nodes = 0
        self.visited: list[Any] = []

    def _examine(self, state: Any) -> None:
        if self._fresh.pop(id(state), None) is not None:
            self.nodes += 1
            self.visited.append(state)

    @property
    def initial_state(self) -> Any:
        return self._game.initial_state

    def player(self, state: Any) -> int:
        self._examine(state)
        return self._game.player(state)

    def actions(self, state: Any) -> Any:
        self._examine(state)
        return self._game.actions(state)

    def result(self, state: Any, action: Any) -> Any:
        self._examine(state)
        child = self._game.result(state, action)
        self._fresh[id(child)] = child
        self._kept.append(child)
        return child

    def is_terminal(self, state: Any) -> bool:
        self._examine(state)
        return self._game.is_terminal(state)

    def utility(self, state: Any, player: int) -> float:
        self._examine(state)
        return self._game.utility(state, player)

    def print_state(self, state: Any) -> None:
        self._game.print_state(state)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._game, name)
