"""A search tree drawn for Jupyter: ``Trace._repr_html_`` comes here.

The tree is nested ``<details>``, so it expands and collapses even where scripts do not
run (a notebook viewed on a code host). A small script and style sheet (``static/``,
package data: nothing is fetched) add the rest: hovering a node shows its window and
value, clicking it draws its position, and for small traces a step-through replays the
search (:mod:`zerosum.trace.steps`) with the windows and values changing as a textbook
draws them. Each drawing is self-contained (its own data, style and script, its elements
found under its own root), so a saved notebook's HTML shows several trees on one page.

Boards are drawn in Python when the trace is drawn, by the game's ``to_svg`` (else its
text), for as many kept nodes as fit in :data:`BOARD_BYTES`, the principal variation and
the shallowest first; equal positions share one drawing.
"""

from __future__ import annotations

import json
import uuid
from functools import cache
from html import escape
from importlib import resources
from typing import TYPE_CHECKING

from ..game import Game, render_state
from ..position import board_html
from .steps import steps
from .text import cap_line, header_line, node_facts, number

if TYPE_CHECKING:
    from ..records.trace import Node, Trace

__all__ = ["BOARD_BYTES", "STEPPED", "STEP_NODES", "trace_html"]

#: The most bytes of board drawings one tree embeds (a board's SVG is about 5 kB).
BOARD_BYTES = 400_000
#: The step-through is offered for traces of at most this many nodes...
STEP_NODES = 300
#: ... of the searches that go depth first, one node after another.
STEPPED = ("minimax", "alphabeta")


@cache
def _asset(name: str) -> str:
    return (resources.files("zerosum.trace") / "static" / name).read_text(encoding="utf-8")


def _script_json(data: object) -> str:
    """JSON that is safe inside ``<script>``: no ``<`` can end the element early."""
    return json.dumps(data, allow_nan=False).replace("<", "\\u003c")


def _order_for_boards(trace: Trace) -> list[Node]:
    """The nodes whose boards are drawn first: the principal variation, then by depth."""
    on_pv = set(trace.pv) | {0}
    return sorted(trace.nodes, key=lambda n: (n.id not in on_pv, n.ply, n.id))


def _boards(trace: Trace, game: Game | None) -> tuple[list[str], list[int], str]:
    """The distinct drawings, each node's index among them (-1: none), and why a node
    may have none."""
    which = [-1] * len(trace.nodes)
    if game is None:
        return [], which, "the trace was drawn without its game, so without boards"
    drawings: list[str] = []
    index: dict[str, int] = {}
    used = 0
    for node in _order_for_boards(trace):
        if node.state is None:
            continue
        try:
            drawing = board_html(game, node.state)
        except Exception:  # a user's game that cannot draw this state: show its text
            drawing = f"<pre>{escape(render_state(game, node.state))}</pre>"
        if drawing not in index:
            if used + len(drawing) > BOARD_BYTES:
                break
            used += len(drawing)
            index[drawing] = len(drawings)
            drawings.append(drawing)
        which[node.id] = index[drawing]
    return drawings, which, f"boards are kept for the first {BOARD_BYTES // 1000} kB"


def _label(node: Node) -> str:
    """A node's line in the tree: its move, who moves there, its value and its flags."""
    name = f'<span class="zs-move">{escape(node.move or "root")}</span>'
    if node.kind == "pruned":
        reason = f": {escape(node.reason)}" if node.reason else ""
        return f'<span class="zs-label">{name} pruned{reason}</span>'
    who = f'<span class="zs-who">{"MAX" if node.maximizing else "MIN"}</span>'
    value = f'<span class="zs-val">= {number(node.value)}</span>' if node.value is not None else ""
    flags = [f for f in node_facts(node)[1:] if not f.startswith(("window", "value"))]
    shown = "".join(
        f'<span class="zs-flag{" zs-cutflag" * f.startswith("cut-off")}">{escape(f)}</span>'
        for f in flags
    )
    return f'<span class="zs-label">{name}{who}{value}{shown}</span><span class="zs-live"></span>'


def _tree(trace: Trace, node: Node, on_pv: set[int], open_plies: int) -> str:
    classes = ["zs-max" if node.maximizing else "zs-min"]
    classes += ["zs-pv"] if node.id in on_pv else []
    classes += ["zs-pruned"] if node.kind == "pruned" else []
    title = escape("\n".join([node.move or "root", *node_facts(node)])).replace("\n", "&#10;")
    head = f'<li class="{" ".join(classes)}" data-id="{node.id}" title="{title}">'
    kids = trace.children(node)
    if not kids:
        return f'{head}<div class="zs-leaf">{_label(node)}</div></li>'
    opened = " open" if node.ply < open_plies or node.id in on_pv else ""
    below = "".join(_tree(trace, kid, on_pv, open_plies) for kid in kids)
    inside = f'<summary>{_label(node)}</summary><ul class="zs-kids">{below}</ul>'
    return f"{head}<details{opened}>{inside}</details></li>"


def trace_html(trace: Trace, game: Game | None = None, *, open_plies: int = 1) -> str:
    """The trace as one self-contained HTML fragment: the interactive tree, opened
    ``open_plies`` deep and along the principal variation; boards drawn with ``game``
    (by default the game the trace was made with, when it kept it)."""
    game = trace.game_object if game is None else game
    on_pv = set(trace.pv) | ({0} if trace.pv else set())
    drawings, which, why = _boards(trace, game)
    small = len(trace.nodes) <= STEP_NODES
    stepped = steps(trace) if small and trace.algorithm in STEPPED else []
    data = {
        "parent": [node.parent for node in trace.nodes],
        "move": [node.move for node in trace.nodes],
        "boards": drawings,
        "board": which,
        "why": why,
        "steps": stepped,
    }
    root = f"zs-trace-{uuid.uuid4().hex[:12]}"
    note = f'<div class="zs-note">{escape(trace.note)}</div>' if trace.note else ""
    stepper = (
        '<button data-act="prev">&#9664; previous</button>'
        '<button data-act="next">next &#9654;</button>'
        '<button data-act="whole">whole tree</button><span class="zs-step-text"></span>'
        if stepped
        else ""
    )
    tree = _tree(trace, trace.root, on_pv, open_plies) if trace.nodes else ""
    return (
        f'<div class="zs-trace" id="{root}"><style>{_asset("trace.css")}</style>'
        f'<div class="zs-head">{escape(header_line(trace))}</div>{note}'
        '<div class="zs-bar"><button data-act="expand">expand all</button>'
        f'<button data-act="collapse">collapse all</button>{stepper}</div>'
        f'<div class="zs-main"><div class="zs-tree"><ul class="zs-kids">{tree}</ul></div>'
        '<div class="zs-side"><div class="zs-info">hover a node: its window and value;'
        ' click it: its position</div><div class="zs-board-caption"></div>'
        '<div class="zs-board"></div></div></div>'
        f'<div class="zs-foot">principal variation highlighted · {escape(cap_line(trace))}</div>'
        f'<script type="application/json" class="zs-data">{_script_json(data)}</script>'
        f"<script>{_asset('trace.js')}\n"
        f'window.zerosumTrace.start("{root}", document.currentScript);</script></div>'
    )
