"""The step-through of a search, as a textbook draws it: the tree's nodes entered and left
one at a time in search order, with the window of every node still open after each step.

:func:`steps` turns a :class:`~zerosum.trace.Trace` into a list of JSON-ready steps, the
same for the notebook's tree and the page. Each step is a dictionary:

- ``event``: ``"enter"`` (the search goes down into a node, with its window),
  ``"leaf"`` (a node it does not expand: the end of the game, a cut-off scored by the
  heuristic, a table hit, or a node whose children the cap left out, with its value),
  ``"leave"`` (it comes back up from a node with its value), or ``"prune"`` (siblings
  skipped because a value already settled their parent);
- ``node``: the node's id (for ``prune``, the parent whose children were skipped);
- ``value`` (leaf, leave), ``alpha`` and ``beta`` (enter, leaf), ``pruned`` and
  ``reason`` (prune);
- ``open``: the nodes entered and not yet left, root first, each ``{"node", "alpha",
  "beta", "value"}``: its window and its best value so far, updated as each child
  returns (a MAX node raises alpha, a MIN node lowers beta);
- ``text``: the step in words.

Values are for the root's player; an infinite value is the string ``"Infinity"`` or
``"-Infinity"`` (which JavaScript's ``Number`` reads), an unknown one None.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .text import number, window

if TYPE_CHECKING:
    from ..records.trace import Node, Trace

__all__ = ["json_number", "steps"]


def json_number(value: float | None) -> float | str | None:
    """A value for JSON: infinities as ``"Infinity"`` / ``"-Infinity"`` (JSON has none)."""
    if value is None or not math.isinf(value):
        return value
    return "Infinity" if value > 0 else "-Infinity"


def _name(node: Node) -> str:
    return f"{node.move or 'root'} ({'MAX' if node.maximizing else 'MIN'})"


@dataclass
class _Open:
    """A node the walk is inside: its id and its window and best value so far (raw floats)."""

    node: int
    alpha: float | None
    beta: float | None
    value: float | None = None


class _Walk:
    """One pass over the trace, in search order, writing down the steps."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.open: list[_Open] = []  # the open nodes, with raw (float) numbers
        self.steps: list[dict[str, object]] = []

    def emit(self, event: str, node: Node, text: str, **facts: object) -> None:
        facts = {k: json_number(v) if isinstance(v, float) else v for k, v in facts.items()}
        opened = [
            {
                "node": o.node,
                "alpha": json_number(o.alpha),
                "beta": json_number(o.beta),
                "value": json_number(o.value),
            }
            for o in self.open
        ]
        self.steps.append({"event": event, "node": node.id, **facts, "open": opened, "text": text})

    def visit(self, node: Node) -> None:
        kids = self.trace.children(node)
        where = f" with {window(node)}" if window(node) else ""
        if not kids:
            self.returned(node)
            what = {"terminal": "end of game", "cutoff": "heuristic", "table": "table hit"}
            said = what.get(node.kind, "children not recorded (the cap)")
            self.emit("leaf", node, f"{_name(node)}{where}: {said}, value {number(node.value)}",
                      alpha=node.alpha, beta=node.beta, value=node.value)  # fmt: skip
            return
        self.open.append(_Open(node.id, node.alpha, node.beta))
        self.emit("enter", node, f"enter {_name(node)}{where}", alpha=node.alpha, beta=node.beta)
        i = 0
        while i < len(kids):
            if kids[i].kind != "pruned":
                self.visit(kids[i])
                i += 1
                continue
            run = [kid.id for kid in kids[i:] if kid.kind == "pruned"]
            i += len(run)
            self.prune(node, run)
        self.open.pop()
        self.returned(node)
        self.emit("leave", node, f"leave {_name(node)} with value {number(node.value)}",
                  value=node.value)  # fmt: skip

    def returned(self, node: Node) -> None:
        """A child's value reaches its open parent: its best so far and its window move."""
        if not self.open or node.value is None:
            return
        parent = self.open[-1]
        better = max if self.trace.nodes[parent.node].maximizing else min
        best = parent.value
        parent.value = node.value if best is None else better(best, node.value)
        if better is max:
            if parent.alpha is not None:
                parent.alpha = max(parent.alpha, node.value)
        elif parent.beta is not None:
            parent.beta = min(parent.beta, node.value)

    def prune(self, parent: Node, pruned: list[int]) -> None:
        first = self.trace.nodes[pruned[0]]
        reason = first.reason or self.why(parent)
        moves = ", ".join(self.trace.nodes[i].move for i in pruned)
        self.emit("prune", parent, f"prune {moves} under {_name(parent)}: {reason}",
                  pruned=pruned, reason=reason)  # fmt: skip

    def why(self, parent: Node) -> str:
        """The textbook's reason for a cut at ``parent``, from its window now."""
        here = self.open[-1]
        if here.alpha is None or here.beta is None:
            return "its value is settled"
        return f"alpha {number(here.alpha)} >= beta {number(here.beta)}"


def steps(trace: Trace) -> list[dict[str, object]]:
    """The search's steps in order (see the module's docstring), for the kept nodes."""
    walk = _Walk(trace)
    if trace.nodes:
        walk.visit(trace.root)
    return walk.steps
