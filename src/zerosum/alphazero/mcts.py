"""AlphaZero's tree search (PUCT), for many trees at once so that one network call
evaluates a leaf of each.

Each node keeps, per legal action, the network's prior, the visits and the sum of values
from the point of view of the node's mover; a child is made on its first visit. A leaf
is valued by the network from its own mover's point of view, a terminal state by the sign
of its utility; values change sign on the way up only where the mover changes, so games
where a player moves twice in a row are searched right.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic

import numpy as np
import numpy.typing as npt

from ..game import Action, Game, State
from .encoding import Encoding

__all__ = ["Evaluate", "Node", "Settings", "search"]

#: A batch of encoded states in, ``(policy logits, values)`` out.
Evaluate = Callable[
    [npt.NDArray[np.float32]], tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]
]


@dataclass(frozen=True)
class Settings:
    """How the tree is searched: ``simulations`` per move, the exploration constant, and the
    Dirichlet noise mixed into the root's priors in self-play (``noise`` 0: none)."""

    simulations: int = 64
    exploration: float = 1.5
    noise: float = 0.0
    alpha: float = 0.5


@dataclass(eq=False)
class Node(Generic[State, Action]):
    """A state in the tree; its statistics per legal action are arrays in action order."""

    state: State
    player: int
    terminal: bool
    #: A terminal node's result for player 1: the sign of its utility (1, 0 or -1).
    outcome: float = 0.0
    actions: list[Action] = field(default_factory=list)
    priors: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(0))
    visits: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(0))
    totals: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(0))
    children: dict[int, Node[State, Action]] = field(default_factory=dict)
    expanded: bool = False

    def values(self) -> npt.NDArray[np.float64]:
        """Mean value of each action for this node's mover (0 where never visited: its
        total is 0 there, divided by 1)."""
        return self.totals / np.maximum(self.visits, 1.0)

    def choose(self, exploration: float) -> int:
        """The action PUCT visits next: mean value plus prior-weighted exploration."""
        scale = exploration * math.sqrt(self.visits.sum() + 1.0)
        score = self.values() + scale * self.priors / (1.0 + self.visits)
        return int(score.argmax())


def new_node(game: Game[State, Action], state: State) -> Node[State, Action]:
    """A node for ``state``, not yet expanded."""
    if game.is_terminal(state):
        return Node(state, 0, True, float(np.sign(game.utility(state, 1))))
    return Node(state, game.player(state), False)


def search(
    game: Game[State, Action],
    roots: Sequence[Node[State, Action]],
    encoding: Encoding[State, Action],
    evaluate: Evaluate,
    settings: Settings,
    rng: np.random.Generator,
) -> None:
    """Run ``settings.simulations`` simulations in each of ``roots`` (non-terminal),
    evaluating one leaf per tree with each network call. Roots are expanded first, with
    noise on their priors when ``settings.noise`` is set."""
    fresh = [root for root in roots if not root.expanded]
    if fresh:
        _expand(game, fresh, encoding, evaluate)
    if settings.noise:
        for root in roots:
            mix = rng.dirichlet(np.full(len(root.actions), settings.alpha))
            root.priors = (1 - settings.noise) * root.priors + settings.noise * mix
    for _ in range(settings.simulations):
        leaves: list[tuple[list[tuple[Node[State, Action], int]], Node[State, Action]]] = []
        for root in roots:
            path, leaf = _descend(game, root, settings.exploration)
            if leaf.terminal:
                _backup(path, leaf, 0.0)
            else:
                leaves.append((path, leaf))
        if not leaves:
            continue
        values = _expand(game, [leaf for _, leaf in leaves], encoding, evaluate)
        for (path, leaf), value in zip(leaves, values, strict=True):
            _backup(path, leaf, float(value))


def _descend(
    game: Game[State, Action], root: Node[State, Action], exploration: float
) -> tuple[list[tuple[Node[State, Action], int]], Node[State, Action]]:
    """Walk down by PUCT to a node not expanded yet or terminal; the path taken."""
    path: list[tuple[Node[State, Action], int]] = []
    node = root
    while node.expanded and not node.terminal:
        choice = node.choose(exploration)
        path.append((node, choice))
        child = node.children.get(choice)
        if child is None:
            child = new_node(game, game.result(node.state, node.actions[choice]))
            node.children[choice] = child
        node = child
    return path, node


def _expand(
    game: Game[State, Action],
    nodes: Sequence[Node[State, Action]],
    encoding: Encoding[State, Action],
    evaluate: Evaluate,
) -> npt.NDArray[np.float32]:
    """Give each node its legal actions and their priors; the network's values of them."""
    logits, values = evaluate(encoding.encode([node.state for node in nodes]))
    for row, node in enumerate(nodes):
        node.actions = list(game.actions(node.state))
        chosen = logits[row, encoding.indices(node.state, node.actions)].astype(np.float64)
        chosen = np.exp(chosen - chosen.max())
        node.priors = chosen / chosen.sum()
        node.visits = np.zeros(len(node.actions))
        node.totals = np.zeros(len(node.actions))
        node.expanded = True
    return values


def _backup(path: list[tuple[Node[State, Action], int]], leaf: Node[State, Action],
            value: float) -> None:  # fmt: skip
    """Add the leaf's value to every edge on its path, each from its node's mover's view.
    ``value`` is for the leaf's mover; a terminal leaf is valued here by its utility."""
    below = leaf
    for node, choice in reversed(path):
        if below.terminal:
            value = terminal_value(below, node.player)
        elif below.player != node.player:
            value = -value
        node.visits[choice] += 1
        node.totals[choice] += value
        below = node


def terminal_value(node: Node[State, Action], player: int) -> float:
    """A terminal node's value for ``player``."""
    return node.outcome if player == 1 else -node.outcome
