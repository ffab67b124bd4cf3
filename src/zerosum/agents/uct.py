"""The MCTS search tree for any game: UCT selection, random rollouts, optional MCTS-Solver.

Each node keeps the sum of playout results for the player who moved into it, so a parent
reads its children's means from its own mover's point of view, even in games where a
player moves twice in a row. Terminal nodes are exact and never rolled out from.

The solver keeps bounds ``lo <= value <= hi`` on every node (score-bounded MCTS, the
MCTS-Solver generalised to draws): a node is proven when they meet, and a child that
cannot do better than what its parent's mover already has for sure is not searched again.
Without the solver the bounds start unbounded, so utilities may have any scale.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import math
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import hooks
from ..game import Game, StateKeyError, format_action, opponent, state_key
from ..kernels.generic import random_playouts
from ..trace import Recorder

if TYPE_CHECKING:
    from ..kernels.mcts import CompiledTree

__all__ = ["ChildStats", "Node", "Seen", "Tree", "playouts_hook", "record"]


def playouts_hook(game: Game) -> Callable[[object, int, int], float] | None:
    """How to roll out ``game``: its ``playouts(state, n, seed)`` when it has one, else the
    compiled playouts of its compiled rules (``compiled_rules()``), else None (the
    generic loop over its methods); only those that are its own (``zerosum.hooks``)."""
    own = hooks.playouts(game)
    if own is not None:
        return own
    if hooks.compiled_rules(game) is None:
        return None
    from ..kernels.playouts import playouts  # loads numba: only for such games

    return functools.partial(playouts, game)


class ChildStats(NamedTuple):
    """One root action after a search: visits, mean result and the bounds ``lo <= value <=
    hi`` on its exact value, all from the point of view of the player to move at the root."""

    action: object
    visits: int
    mean: float
    lo: float
    hi: float

    @property
    def proven(self) -> float | None:
        """The exact value when known, else None."""
        return self.lo if self.lo == self.hi else None


class Seen(NamedTuple):
    """One node of a finished search as its trace reads it, from either tree: ``handle``
    finds its children again; ``total`` and the bounds ``lo <= value <= hi`` are for
    ``mover``, who moved into it; ``to_move`` plays next; ``state`` is None when the tree
    keeps no states (the compiled one)."""

    handle: Any  # the tree's own: a Node, or the compiled tree's (parent, index)
    action: object
    mover: int
    to_move: int
    visits: int
    total: float
    lo: float
    hi: float
    expanded: bool
    state: object

    @property
    def proven(self) -> float | None:
        """The exact value for ``mover`` once known (a terminal or solved node), else None."""
        return self.lo if self.lo == self.hi else None


class Node:
    """A state in the tree. ``total`` and the bounds ``lo``, ``hi`` on its exact value are for
    ``mover``, the player who moved into it; ``state`` is computed on the first visit,
    ``children`` on expansion."""

    __slots__ = ("action", "mover", "state", "children", "visits", "total", "lo", "hi")

    def __init__(self, action: object, mover: int, limit: float, state: object = None) -> None:
        self.action = action
        self.mover = mover
        self.state = state
        self.children: list[Node] | None = None
        self.visits = 0
        self.total = 0.0
        self.lo, self.hi = -limit, limit

    @property
    def proven(self) -> float | None:
        """The exact value for ``mover`` once known (a terminal or solved node), else None."""
        return self.lo if self.lo == self.hi else None

    def prove(self, value: float) -> None:
        self.lo = self.hi = value


class Tree:
    """UCT over the game's own methods, rolling out through ``game.playouts`` when the game
    offers it (unless ``python_rollouts``) and the generic loop otherwise; draws from
    ``rng``.

    With ``solver`` the bounds of each node on the search path are recomputed from its
    children after every iteration; it needs utilities in [-1, 1] (it raises otherwise).
    """

    compiled = False

    def __init__(
        self,
        game: Game,
        state: object,
        c: float,
        solver: bool,
        rng: random.Random,
        python_rollouts: bool = False,
    ) -> None:
        self.game, self.c, self.solver, self.rng = game, c, solver, rng
        # the solver's bounds start at the utility range it requires; without it, unbounded
        self._limit = 1.0 if solver else math.inf
        self.root = Node(None, opponent(game.player(state)), self._limit, state)
        self._hook = None if python_rollouts else playouts_hook(game)

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
                node.children = [Node(a, mover, self._limit) for a in game.actions(node.state)]
            node = self._select(node)
            if node.state is None:
                node.state = game.result(path[-1].state, node.action)
                if game.is_terminal(node.state):
                    node.prove(self._utility(node))
            path.append(node)
        if node.proven is not None:
            utility1 = node.proven if node.mover == 1 else -node.proven
        else:
            utility1 = self._rollout(node.state)
        for i in range(len(path) - 1, -1, -1):
            node = path[i]
            node.visits += 1
            node.total += utility1 if node.mover == 1 else -utility1
            if self.solver and i and self._bound(path[i - 1]):
                parent = path[i - 1]
                assert parent.proven is not None
                utility1 = parent.proven if parent.mover == 1 else -parent.proven

    def _utility(self, node: Node) -> float:
        value = float(self.game.utility(node.state, node.mover))
        if self.solver and not -1 <= value <= 1:
            raise ValueError(f"MCTS with solver=True needs utilities in [-1, 1], not {value!r}")
        return value

    def _rollout(self, state: object) -> float:
        if self._hook is not None:
            return float(self._hook(state, 1, self.rng.getrandbits(63)))
        return random_playouts(self.game, state, 1, self.rng)

    def _select(self, node: Node) -> Node:
        assert node.children is not None
        fresh = [child for child in node.children if child.visits == 0]
        if fresh:
            return self.rng.choice(fresh)
        # with the solver, skip children that cannot beat what the mover already has for sure
        floor = max(ch.lo for ch in node.children) if self.solver else -math.inf
        log_visits = math.log(node.visits)
        best, best_score = node.children[0], -math.inf
        for child in node.children:
            if child.hi <= floor:
                continue
            mean = child.total / child.visits if child.proven is None else child.proven
            score = mean + self.c * math.sqrt(log_visits / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _bound(self, node: Node) -> bool:
        """Recompute ``node``'s bounds from its children; returns whether it is newly proven."""
        if node.proven is not None or not node.children:
            return False
        chooser = node.children[0].mover
        lo = max(child.lo for child in node.children)
        hi = max(child.hi for child in node.children)
        node.lo, node.hi = (lo, hi) if node.mover == chooser else (-hi, -lo)
        return node.proven is not None

    def children(self) -> list[ChildStats]:
        """The root's actions with their statistics, in the game's order."""
        return [
            ChildStats(ch.action, ch.visits, ch.total / max(ch.visits, 1), ch.lo, ch.hi)
            for ch in self.root.children or ()
        ]

    def pv(self, limit: int = 20) -> list[object]:
        """The most visited line from the root (at most ``limit`` actions)."""
        line: list[object] = []
        node = self.root
        while node.children and len(line) < limit:
            node = max(node.children, key=lambda ch: ch.visits)
            if not node.visits:
                break
            line.append(node.action)
        return line

    def seen(self, node: Node | None = None) -> Seen:
        """``node`` (the root by default) as a trace reads it."""
        node = node or self.root
        if node.children:
            to_move = node.children[0].mover
        elif node.state is not None and not self.game.is_terminal(node.state):
            to_move = self.game.player(node.state)
        else:  # a terminal (or unvisited) node: nobody moves; the other player, as a guess
            to_move = opponent(node.mover)
        stats = (node.visits, node.total, node.lo, node.hi, node.children is not None)
        return Seen(node, node.action, node.mover, to_move, *stats, node.state)

    def seen_children(self, handle: Node) -> list[Seen]:
        """The visited children of the node ``handle``, in the game's order."""
        return [self.seen(child) for child in handle.children or () if child.visits]

    def seen_count(self) -> int:
        """How many nodes of the tree the search visited (the root's subtree)."""
        count, stack = 0, [self.root]
        while stack:
            node = stack.pop()
            count += 1
            stack.extend(child for child in node.children or () if child.visits)
        return count

    def reroot(self, state: object) -> bool:
        """Make the node of ``state`` the root if it is at most two plies below the current
        root (our move and the reply); returns False when it is not in the tree, or when
        the game's states have no key to find it by."""
        try:
            key = state_key(self.game, state)
        except StateKeyError:
            return False
        level = [self.root]
        for _ in range(3):
            for node in level:
                if node.state is not None and state_key(self.game, node.state) == key:
                    self.root = node
                    return True
            level = [ch for node in level for ch in node.children or () if ch.state is not None]
        return False


def record(
    tree: Tree | CompiledTree, game: Game, state: object, cap: int, c: float, solver: bool
) -> Recorder:
    """The tree a finished search grew (``tree``: a :class:`Tree` or the compiled one, its
    root at ``state``), the most visited first: a node is recorded before any node with
    fewer visits, so the recorder's room keeps the most visited part of the tree (its
    trace then trims to ``cap``, the root's moves and the chosen move's subtree first),
    and each node's children are listed most visited first (then best mean, then in the
    game's order: the order the agent ranks them in).

    Only visited nodes are recorded, each with its ``visits`` and its ``mean`` result for
    the root's player. A node's visits are its children's plus the iterations that ended
    at it: the rollout of its first visit, or every visit of a terminal or proven node
    (none for a fresh root, which is expanded at once). ``score`` is the UCT score its
    parent's mover would give it now, from the final statistics (its mean for that
    player, or its proven value, plus ``c * sqrt(ln parent visits / visits)``), not the
    score it had when last chosen; None at the root and for a child the solver no longer
    searches (it cannot beat a sibling's sure value). A terminal node has kind
    ``terminal``; a node with an exact value (terminal, or proven by the solver, whose
    ``reason`` says so) has it as its ``value``; other nodes' values are unfinished (None).
    """
    recorder = Recorder(cap)
    root = Seen(*tree.seen())
    player = root.to_move
    order = itertools.count()
    waiting: list[tuple[int, float, int, int | None, Seen, float | None]] = []
    heapq.heappush(waiting, (-root.visits, 0.0, next(order), None, root, None))
    while waiting:
        _, _, _, parent, seen, score = heapq.heappop(waiting)
        if parent is None:
            here = state
        elif seen.state is not None:
            here = seen.state
        else:  # the compiled tree keeps no states
            here = game.result(recorder.nodes[parent].state, seen.action)
        mean = seen.total / max(seen.visits, 1)
        sign = 1 if seen.mover == player else -1
        proven = seen.proven
        terminal = proven is not None and not seen.expanded
        node = recorder.enter(
            parent,
            "" if parent is None else format_action(game, seen.action),
            seen.to_move == player,
            here,
            kind="terminal" if terminal else "inner",
            visits=seen.visits,
            mean=sign * mean,
            score=score,
            value=None if proven is None else sign * proven,
            reason="proven by the solver" if proven is not None and not terminal else "",
        )
        if node is None:
            continue  # past the room: a root's move still comes, nothing below this
        children = [Seen(*child) for child in tree.seen_children(seen.handle)]
        floor = max((child.lo for child in children), default=-math.inf) if solver else -math.inf
        for child in children:
            chooser_mean = child.total / child.visits
            chosen = chooser_mean if child.proven is None else child.proven
            explore = c * math.sqrt(math.log(seen.visits) / child.visits)
            child_score = None if child.hi <= floor else chosen + explore
            key = (-child.visits, -chooser_mean, next(order), node, child, child_score)
            heapq.heappush(waiting, key)
    recorder.visited = tree.seen_count()  # the whole tree, however much the cap kept
    return recorder
