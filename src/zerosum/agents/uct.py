"""The MCTS search tree for any game: UCT selection, random rollouts, optional MCTS-Solver.

Each node keeps the sum of playout results for the player who moved into it, so a parent
reads its children's means from its own mover's point of view, even in games where a
player moves twice in a row. Terminal nodes are exact and never rolled out from.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, NamedTuple

from ..game import opponent, state_key
from ..kernels.generic import random_playouts

__all__ = ["ChildStats", "Node", "Tree"]


class ChildStats(NamedTuple):
    """One root action after a search: visits, mean result and proven value (None if not
    proven), both from the point of view of the player to move at the root."""

    action: Any
    visits: int
    mean: float
    proven: float | None


class Node:
    """A state in the tree. ``total`` and ``proven`` are for ``mover``, the player who moved
    into it; ``state`` is computed on the first visit; ``children`` on expansion."""

    __slots__ = ("action", "mover", "state", "children", "visits", "total", "proven")

    def __init__(self, action: Any, mover: int, state: Any = None) -> None:
        self.action = action
        self.mover = mover
        self.state = state
        self.children: list[Node] | None = None
        self.visits = 0
        self.total = 0.0
        self.proven: float | None = None


class Tree:
    """UCT over the game's own methods, rolling out through ``game.playouts`` when the game
    offers it and the generic loop otherwise; draws from ``rng``.

    With ``solver`` a node is proven when one child is a proven win (a positive value) for
    the player choosing there, or when all children are proven (MCTS-Solver); proven
    losses are never selected again. This assumes positive utilities are wins.
    """

    compiled = False

    def __init__(self, game: Any, state: Any, c: float, solver: bool, rng: random.Random) -> None:
        self.game, self.c, self.solver, self.rng = game, c, solver, rng
        self.root = Node(None, opponent(game.player(state)), state)
        self._hook = getattr(game, "playouts", None)

    @property
    def root_visits(self) -> int:
        return self.root.visits

    def run(self, iterations: int | None, deadline: float | None) -> int:
        """Search until ``iterations`` are done or ``deadline`` (perf_counter seconds) passes,
        but at least one iteration; stops early once the solver proves the root."""
        done = 0
        while iterations is None or done < iterations:
            if self.solver and self.root.proven is not None:
                break
            if done and deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate()
            done += 1
        return done

    def _iterate(self) -> None:
        game, node = self.game, self.root
        path = [node]
        while node.proven is None:
            if node.children is None:
                if node.visits == 0 and node is not self.root:
                    break
                mover = game.player(node.state)
                node.children = [Node(a, mover) for a in game.actions(node.state)]
            node = self._select(node)
            if node.state is None:
                node.state = game.result(path[-1].state, node.action)
                if game.is_terminal(node.state):
                    node.proven = float(game.utility(node.state, node.mover))
            path.append(node)
        if node.proven is not None:
            utility1 = node.proven if node.mover == 1 else -node.proven
        else:
            utility1 = self._rollout(node.state)
        for i in range(len(path) - 1, -1, -1):
            node = path[i]
            node.visits += 1
            node.total += utility1 if node.mover == 1 else -utility1
            if self.solver and i and node.proven is not None and self._prove(path[i - 1]):
                parent = path[i - 1]
                assert parent.proven is not None
                utility1 = parent.proven if parent.mover == 1 else -parent.proven

    def _rollout(self, state: Any) -> float:
        if self._hook is not None:
            return float(self._hook(state, 1, self.rng.getrandbits(63)))
        return random_playouts(self.game, state, 1, self.rng)

    def _select(self, node: Node) -> Node:
        assert node.children is not None
        fresh = [child for child in node.children if child.visits == 0]
        if fresh:
            return self.rng.choice(fresh)
        log_visits = math.log(node.visits)
        best, best_score = node.children[0], -math.inf
        for child in node.children:
            if child.proven is not None:
                if self.solver and child.proven < 0:
                    continue
                mean = child.proven
            else:
                mean = child.total / child.visits
            score = mean + self.c * math.sqrt(log_visits / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _prove(self, node: Node) -> bool:
        """Mark ``node`` proven if its children decide it; returns whether it is newly proven."""
        if node.proven is not None or not node.children:
            return False
        chooser = node.children[0].mover
        known = [child.proven for child in node.children if child.proven is not None]
        best = max(known, default=-math.inf)
        if best > 0 or len(known) == len(node.children):
            node.proven = best if node.mover == chooser else -best
            return True
        return False

    def children(self) -> list[ChildStats]:
        """The root's actions with their statistics, in the game's order."""
        return [
            ChildStats(ch.action, ch.visits, ch.total / ch.visits if ch.visits else 0.0, ch.proven)
            for ch in self.root.children or ()
        ]

    def pv(self, limit: int = 20) -> list[Any]:
        """The most visited line from the root (at most ``limit`` actions)."""
        line: list[Any] = []
        node = self.root
        while node.children and len(line) < limit:
            node = max(node.children, key=lambda ch: ch.visits)
            if not node.visits:
                break
            line.append(node.action)
        return line

    def reroot(self, state: Any) -> bool:
        """Make the node of ``state`` the root if it is at most two plies below the current
        root (our move and the reply); returns False when it is not in the tree."""
        key = state_key(self.game, state)
        level = [self.root]
        for _ in range(3):
            for node in level:
                if node.state is not None and state_key(self.game, node.state) == key:
                    self.root = node
                    return True
            level = [ch for node in level for ch in node.children or () if ch.state is not None]
        return False
