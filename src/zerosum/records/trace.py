"""What one move's search explored: a tree of the positions it looked at, with the facts a
textbook draws beside each one.

A search that is asked for a trace records it through a :class:`Recorder`, which records
up to :data:`ROOM` nodes as the search runs (and every move of the root, whatever the
count), then keeps ``cap`` of them (:func:`trimmed`): the root's every move, the chosen
move's line and the chosen move's subtree first, then the rest in search order. It counts
what it left out, so a trace stays small whatever the search did and always shows why.
The tree is a flat list of :class:`Node` in the order the search first reached them
(node 0 is the root), each naming its parent and its children in the order they were
tried; renderers (text, notebook, page) and the step-through read only this.

Values and windows are for the player to move at the root (the textbook's MAX): a MAX
node takes the largest value of its children, a MIN node the smallest, and a window
``(alpha, beta)`` is what the root's player is already sure of getting (alpha) and what
the opponent is sure of holding them to (beta).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

from . import show

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["ALGORITHMS", "KINDS", "ROOM", "Node", "Recorder", "Trace", "trimmed"]

#: The searches a trace can come from.
ALGORITHMS = ("minimax", "alphabeta", "montecarlo", "mcts")

#: What a node is: searched further (``inner``), the end of the game (``terminal``), a
#: position scored by the heuristic at the depth limit (``cutoff``), answered from the
#: transposition table (``table``), or a move never searched because a sibling's value
#: already settled its parent (``pruned``).
KINDS = ("inner", "terminal", "cutoff", "table", "pruned")

#: The fewest nodes a recorder records before trimming to its cap: enough that the chosen
#: move's subtree is recorded even when the search reached it late.
ROOM = 5000


@dataclass
class Node:
    """One position of the tree: how the search reached it and what it found there."""

    id: int
    parent: int | None  # None at the root
    move: str  # the move that led here, as the game writes it ("" at the root)
    ply: int  # plies below the root
    maximizing: bool  # whether the root's player moves here (a MAX node)
    kind: str = "inner"
    order: int = 0  # which of its parent's moves it was, in the order they were tried
    alpha: float | None = None  # the window on entry (alpha-beta)
    beta: float | None = None
    value: float | None = None  # the value the search returned for it (None: unfinished)
    heuristic: float | None = None  # the evaluation, at a cut-off
    cut: bool = False  # its value ended its parent's loop (the siblings after it pruned)
    reason: str = ""  # why it was pruned or cut, in words
    table: str = ""  # "hit" when the transposition table answered or narrowed it
    visits: int | None = None  # MCTS: simulations through it
    mean: float | None = None  # MCTS and Monte-Carlo: mean result, for the root's player
    score: float | None = None  # MCTS: its selection score when last chosen
    prior: float | None = None  # AlphaZero: the network's prior for the move that led here
    playouts: int | None = None  # Monte-Carlo: random games played from it
    children: list[int] = field(default_factory=list)
    state: object = field(default=None, repr=False, compare=False)  # kept for drawing boards

    def to_dict(self) -> dict[str, object]:
        """The node as JSON-ready data (without its state)."""
        data = asdict(self)
        del data["state"]
        return data


@dataclass
class Trace:
    """The tree one search explored, its answer, and what the cap left out."""

    algorithm: str  # one of ALGORITHMS
    agent: str  # the agent's spec
    game: str  # the game's spec
    nodes: list[Node]
    visited: int  # positions the search looked at, recorded or not
    cap: int  # the most nodes kept
    move: str = ""  # the move the agent chose
    value: float | None = None  # its value for the root's player
    pv: list[int] = field(default_factory=list)  # the principal variation, as node ids
    switches: dict[str, object] = field(default_factory=dict)  # the search's settings
    note: str = ""  # where the trace came from, when not the agent's own search
    # the search's own node count (its SearchInfo.nodes) where it counts otherwise than
    # ``visited``: a compiled alpha-beta counts every iteration, and at an inner node
    # every move it generated, searched or not
    counted: int | None = None
    game_object: Game | None = field(
        default=None, repr=False, compare=False
    )  # draws boards; not saved

    def text(self, depth: int | None = None) -> str:
        """The tree as indented text, down to ``depth`` plies below the root (all: None):
        drawn by :mod:`zerosum.trace.text`, which registers itself in :mod:`.show`."""
        return show.text(self, depth=depth)

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        """Jupyter's drawing: the interactive tree (:mod:`zerosum.trace.html`)."""
        return show.html(self)

    @property
    def left_out(self) -> int:
        """Positions the search looked at that the cap kept out of the tree."""
        return max(0, self.visited - sum(node.kind != "pruned" for node in self.nodes))

    @property
    def root(self) -> Node:
        return self.nodes[0]

    def children(self, node: Node) -> list[Node]:
        """A node's children, in the order the search tried them."""
        return [self.nodes[i] for i in node.children]

    def walk(self, node: Node | None = None) -> Iterator[Node]:
        """Every node below ``node`` (the root by default), depth first, in search order."""
        stack = [node or self.root]
        while stack:
            here = stack.pop()
            yield here
            stack.extend(reversed(self.children(here)))

    def to_dict(self) -> dict[str, object]:
        """The trace as JSON-ready data (for the page and for saving)."""
        unsaved = ("nodes", "game_object")
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in unsaved}
        data["nodes"] = [node.to_dict() for node in self.nodes]
        data["left_out"] = self.left_out
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Trace:
        """A trace back from :meth:`to_dict`'s data (without the states)."""
        names = {f.name for f in fields(cls)} - {"nodes", "game_object"}
        nodes = [Node(**node) for node in data["nodes"]]
        return cls(nodes=nodes, **{k: v for k, v in data.items() if k in names})


class NodeFacts(TypedDict, total=False):
    """What a search says of a node as it enters or fills it in (:class:`Node`'s fields)."""

    kind: str
    alpha: float | None
    beta: float | None
    value: float | None
    heuristic: float | None
    cut: bool
    reason: str
    table: str
    visits: int | None
    mean: float | None
    score: float | None
    playouts: int | None


class Answer(TypedDict, total=False):
    """What a search answered, for :meth:`Recorder.trace` (:class:`Trace`'s fields)."""

    move: str
    value: float | None
    switches: dict[str, object]
    note: str
    counted: int | None
    game_object: Game | None


class Recorder:
    """Builds a :class:`Trace` as a search runs, keeping at most ``cap`` nodes.

    ``enter`` adds a node under a parent and returns its id, or None once ``room`` nodes
    (at least :data:`ROOM`) are recorded, though a move of the root is recorded whatever
    the count (the search then records nothing below a node left out, and it counts as
    left out); ``visit`` counts a position looked at whether or not it is kept. ``trace``
    trims the nodes to ``cap`` (:func:`trimmed`).
    """

    def __init__(self, cap: int, keep_states: bool = True, room: int = ROOM) -> None:
        if not isinstance(cap, int) or cap < 1:
            raise ValueError(f"a trace's cap must be a positive number of nodes, not {cap!r}")
        self.cap = cap
        self.room = max(cap, room)
        self.keep_states = keep_states
        self.nodes: list[Node] = []
        self.visited = 0

    def enter(
        self,
        parent: int | None,
        move: str,
        maximizing: bool,
        state: object = None,
        **facts: Any,  # NodeFacts, also as a dict of a search's own
    ) -> int | None:
        """Record a node reached from ``parent`` by ``move``; its id, or None past the room."""
        kind = facts.get("kind", "inner")
        if kind != "pruned":
            self.visited += 1
        if parent is None and self.nodes:
            return None
        if len(self.nodes) >= self.room and parent != 0:
            return None
        ply = 0 if parent is None else self.nodes[parent].ply + 1
        order = 0 if parent is None else len(self.nodes[parent].children)
        node = Node(len(self.nodes), parent, move, ply, maximizing, order=order, **facts)
        if self.keep_states:
            node.state = state
        self.nodes.append(node)
        if parent is not None:
            self.nodes[parent].children.append(node.id)
        return node.id

    def visit(self) -> None:
        """Count a position the search looked at without recording it."""
        self.visited += 1

    def set(self, node: int | None, **facts: Unpack[NodeFacts]) -> None:
        """Fill in what the search found at a recorded node (nothing past the cap)."""
        if node is not None:
            for name, value in facts.items():
                setattr(self.nodes[node], name, value)

    def trace(
        self,
        algorithm: str,
        agent: str,
        game: str,
        *,
        pv: list[int] | None = None,
        **answer: Unpack[Answer],
    ) -> Trace:
        """The finished trace, trimmed to the cap (:func:`trimmed`)."""
        given = [] if pv is None else pv
        nodes, kept = trimmed(self.nodes, self.cap, given, answer.get("move", ""))
        return Trace(algorithm, agent, game, nodes, self.visited, self.cap, pv=kept, **answer)


def _chosen(nodes: list[Node], pv: list[int], move: str) -> int | None:
    """The id of the root's move that was chosen: the line's second node, else the root's
    child played by ``move`` (None if neither is recorded)."""
    if len(pv) > 1:
        return pv[1]
    return next((i for i in nodes[0].children if nodes[i].move == move and move), None)


def _subtree(nodes: list[Node], top: int) -> list[int]:
    """The ids of ``top`` and every node below it, in the order they were recorded (the
    search's order: depth first for alpha-beta, most visited first for MCTS)."""
    found, stack = [], [top]
    while stack:
        here = stack.pop()
        found.append(here)
        stack.extend(reversed(nodes[here].children))
    return sorted(found)


def _renumbered(new: dict[int, int], parent: int | None) -> int | None:
    """A parent's new id (None stays None: the root has no parent)."""
    return None if parent is None else new[parent]


def trimmed(
    nodes: list[Node], cap: int, pv: list[int], move: str = ""
) -> tuple[list[Node], list[int]]:
    """At most ``cap`` of the recorded ``nodes`` (more only when the root's moves and the
    chosen line need more), and ``pv`` renumbered to them.

    A person asking why a move was played must see the move beside its rivals and what
    the search found below it, so the root, each of its moves and the chosen line are
    kept always, then the chosen move's subtree, then the rest in search order. The kept
    nodes stay in search order (ids renumbered, children lists shortened)."""
    if len(nodes) <= cap or not nodes:
        return nodes, pv
    keep: dict[int, None] = dict.fromkeys([0, *nodes[0].children, *pv])
    chosen = _chosen(nodes, pv, move)
    rest = (_subtree(nodes, chosen) if chosen is not None else []) + list(range(len(nodes)))
    for i in rest:
        if len(keep) >= cap:
            break
        if nodes[i].parent in keep:  # a node is kept only under its parent
            keep[i] = None
    new = {old: n for n, old in enumerate(sorted(keep))}
    kept = [
        replace(
            nodes[old],
            id=new[old],
            parent=_renumbered(new, nodes[old].parent),
            children=[new[c] for c in nodes[old].children if c in new],
        )
        for old in sorted(keep)
    ]
    return kept, [new[i] for i in pv if i in new]
