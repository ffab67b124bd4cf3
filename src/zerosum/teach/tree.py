"""The textbook's game trees as games: a tree written as nested lists of leaf utilities.

A minimax or alpha-beta written for the course is first checked on the tree of the
textbook's Figure 5.2 (:data:`TEXTBOOK`): MAX chooses among ``a1 a2 a3``, MIN then among
``b1 b2 b3`` (B), ``c1 c2 c3`` (C) or ``d1 d2 d3`` (D). Alpha-beta in this order never
visits the leaves after ``c2`` and ``c3``: ``c1`` (2) is already worse for MAX than B (3).

A state is the list of actions taken (a new list at every :meth:`TreeGame.result`, so a
search that changes the list it is handed is caught, and a node counted once per visit).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["TEXTBOOK", "TreeGame", "tree_game"]

#: Figure 5.2: the root's three moves, each to a MIN node with three leaves (MAX's utility).
TEXTBOOK: list[Any] = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@dataclass
class TreeGame:
    """A game played down a fixed tree: player 1 (MAX) moves at even depths, player 2
    (MIN) at odd ones; a leaf is a number, player 1's utility. The actions of the ``i``-th
    node at depth ``d`` are named by the letter ``a`` + the node's index among its
    depth's nodes and a number (``a1``, ``b2``, ``c3``), as in the textbook."""

    tree: Any
    name: str = "tree"

    @property
    def initial_state(self) -> list[str]:
        return []

    def _node(self, state: Sequence[str]) -> tuple[Any, int]:
        """The subtree at ``state`` and its index among the nodes of its depth."""
        node, index = self.tree, 0
        for action in state:
            child = int(action[1:]) - 1
            index = index * _width(node) + child
            node = node[child]
        return node, index

    def player(self, state: Sequence[str]) -> int:
        return 1 if len(state) % 2 == 0 else 2

    def actions(self, state: Sequence[str]) -> list[str]:
        node, index = self._node(state)
        if not isinstance(node, list):
            return []
        letter = chr(ord("a") + _letter(self.tree, len(state), index))
        return [f"{letter}{i + 1}" for i in range(len(node))]

    def result(self, state: Sequence[str], action: str) -> list[str]:
        if action not in self.actions(state):
            raise ValueError(f"{action!r} is not a move at {' '.join(state) or 'the root'}")
        return [*state, action]

    def is_terminal(self, state: Sequence[str]) -> bool:
        return not isinstance(self._node(state)[0], list)

    def utility(self, state: Sequence[str], player: int) -> float:
        value = float(self._node(state)[0])
        return value if player == 1 else -value

    def print_state(self, state: Sequence[str]) -> None:
        print(self.render(state))

    def render(self, state: Sequence[str]) -> str:
        return f"{self.name} after {' '.join(state)}" if state else f"{self.name} at the root"

    def key(self, state: Sequence[str]) -> tuple[str, ...]:
        return tuple(state)


def _width(node: Any) -> int:
    return len(node) if isinstance(node, list) else 0


def _letter(tree: Any, depth: int, index: int) -> int:
    """The letter number of the ``index``-th node at ``depth``: the nodes of all shallower
    depths come first (the root is ``a``, its children ``b``, ``c``, ``d``, ...)."""
    before, level = 0, [tree]
    for _ in range(depth):
        before += len(level)
        level = [child for node in level if isinstance(node, list) for child in node]
    return before + index


def tree_game(name: str) -> TreeGame | None:
    """The built-in tree called ``name`` (``textbook``), or None."""
    return TreeGame(TEXTBOOK, "textbook") if name == "textbook" else None
