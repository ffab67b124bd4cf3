"""A search tree as indented text: one line per node with the facts a textbook draws
beside it, for the terminal (``zerosum explain``) and for ``print(trace)``.

>>> from zerosum.trace import Recorder
>>> rec = Recorder(cap=10)
>>> root = rec.enter(None, "", True, alpha=-math.inf, beta=math.inf)
>>> leaf = rec.enter(root, "a", False, kind="terminal", value=1.0)
>>> rec.set(root, value=1.0)
>>> print(trace_text(rec.trace("minimax", "minimax", "toy", move="a", value=1.0, pv=[0, 1])))
minimax search on toy: it plays a, value 1
* root  MAX  window (−∞, +∞)  value 1
  └─* a  MIN  end of game  value 1
(* the principal variation) all 2 positions the search looked at are in the tree

The facts of one node (:func:`node_facts`) are shared with the notebook's tree, so the
two say the same thing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..records.trace import Node, Trace

__all__ = [
    "cap_line",
    "header_line",
    "plain_spec",
    "searched_by",
    "node_facts",
    "number",
    "trace_text",
    "window",
]

#: What each kind of leaf is called on its line.
_LEAF_WORDS = {"terminal": "end of game", "cutoff": "depth limit", "table": "from the table"}


def number(value: float | None) -> str:
    """A value as a textbook writes it: ``3``, ``0.25``, ``+∞``, ``−∞``; ``?`` when unknown
    (the page's tree writes them so too: one notation wherever a person reads a window)."""
    if value is None:
        return "?"
    if math.isinf(value):
        return "+∞" if value > 0 else "−∞"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.3g}"


def window(node: Node) -> str:
    """The node's (alpha, beta) window on entry, or "" when the search keeps none."""
    if node.alpha is None and node.beta is None:
        return ""
    return f"window ({number(node.alpha)}, {number(node.beta)})"


def node_facts(node: Node) -> list[str]:
    """What the search found at a node, as short phrases in a fixed order: who moves
    there, the window on entry, how it ended, the value, and the statistics of sampling
    searches. A pruned node says only that it was pruned, and why."""
    if node.kind == "pruned":
        return [f"pruned: {node.reason}" if node.reason else "pruned"]
    facts = ["MAX" if node.maximizing else "MIN"]
    if window(node):
        facts.append(window(node))
    if node.kind in _LEAF_WORDS:
        facts.append(_LEAF_WORDS[node.kind])
    if node.heuristic is not None:
        facts.append(f"heuristic {number(node.heuristic)}")
    if node.table and node.kind != "table":
        facts.append(f"table {node.table}")
    if node.value is not None:
        facts.append(f"value {number(node.value)}")
    if node.prior is not None:
        facts.append(f"prior {number(node.prior)}")
    if node.visits is not None:
        facts.append(f"visits {node.visits}")
    if node.playouts is not None:
        facts.append(f"playouts {node.playouts}")
    if node.mean is not None:
        facts.append(f"mean {number(node.mean)}")
    if node.score is not None:
        facts.append(f"score {number(node.score)}")
    if node.cut:
        facts.append(f"cut-off: {node.reason}" if node.reason else "cut-off")
    return facts


#: The searches as a person names them.
_SEARCHES = {"minimax": "minimax", "alphabeta": "alpha-beta", "montecarlo": "Monte-Carlo",
             "mcts": "MCTS", "alphazero": "AlphaZero"}  # fmt: skip
#: The settings a heading names, in a person's words (``None``: left unsaid).
_SETTINGS = {"depth": "depth {}", "iterations": "{} iterations", "time_limit": "{:g} s",
             "playouts": "{} playouts"}  # fmt: skip


def plain_spec(spec: str) -> str:
    """A spec in words: ``connect4:width=7,height=6`` as ``connect4 (width 7, height 6)``,
    so that no raw spec is a heading's text."""
    name, _, options = spec.partition(":")
    said = ", ".join(option.replace("=", " ") for option in options.split(",") if option)
    return f"{name} ({said})" if said else name


def searched_by(trace: Trace) -> str:
    """The search in words, with the settings that shape its tree: ``alpha-beta search
    (depth 4)``, ``MCTS search (300 iterations)`` (no class repr, no spec)."""
    settings = [
        form.format(trace.switches[name])
        for name, form in _SETTINGS.items()
        if trace.switches.get(name) is not None
    ]
    said = f" ({', '.join(settings)})" if settings else ""
    return f"{_SEARCHES.get(trace.algorithm, trace.algorithm)} search{said}"


def header_line(trace: Trace) -> str:
    """Which search, on what game, and its answer, in plain words."""
    answer = f"it plays {trace.move or '?'}, value {number(trace.value)}"
    return f"{searched_by(trace)} on {plain_spec(trace.game)}: {answer}"


def cap_line(trace: Trace) -> str:
    """What the node cap left out of the tree."""
    if trace.left_out == 0:
        return f"all {trace.visited} positions the search looked at are in the tree"
    return (
        f"the cap of {trace.cap} nodes left out {trace.left_out} of the "
        f"{trace.visited} positions the search looked at"
    )


def _below(trace: Trace, node: Node) -> int:
    """How many nodes lie below ``node`` in the trace."""
    return sum(1 for _ in trace.walk(node)) - 1


def trace_text(trace: Trace, depth: int | None = None) -> str:
    """The tree as indented text, one line per node in search order, the principal
    variation marked ``*``; nodes deeper than ``depth`` plies are counted, not shown."""
    if depth is not None and depth < 0:
        raise ValueError(f"a depth limit is a number of plies of at least 0, not {depth}")
    on_pv = set(trace.pv) | ({0} if trace.pv else set())
    lines = [header_line(trace)] + ([trace.note] if trace.note else [])

    def line(node: Node, lead: str) -> str:
        mark = "* " if node.id in on_pv else "─ " if lead else "  "
        return f"{lead}{mark}{node.move or 'root'}  " + "  ".join(node_facts(node))

    def draw(node: Node, indent: str) -> None:
        kids = trace.children(node)
        if depth is not None and node.ply >= depth and kids:
            below = _below(trace, node)
            nodes = "node" if below == 1 else "nodes"
            lines.append(f"{indent}└── ... {below} {nodes} below, past depth {depth}")
            return
        for i, kid in enumerate(kids):
            last = i == len(kids) - 1
            lines.append(line(kid, indent + ("└─" if last else "├─")))
            draw(kid, indent + ("   " if last else "│  "))

    if trace.nodes:
        lines.append(line(trace.root, ""))
        draw(trace.root, "  ")
    lines.append(("(* the principal variation) " if trace.pv else "") + cap_line(trace))
    return "\n".join(lines)
