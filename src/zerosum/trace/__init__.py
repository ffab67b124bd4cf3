"""Search trees: what one move's search explored, recorded, and drawn as text, in the
notebook and on the page; and what an alpha-beta trace says beside its nodes (windows,
the reasons for cuts and prunes, the best line: :mod:`.reasons`).

The tree itself (:class:`Trace`, :class:`Node`, :class:`Recorder`) is a record, on the
records floor (:mod:`zerosum.records.trace`); this package draws it, and importing it
registers its drawings (``str(trace)``, ``trace._repr_html_()``) with
:mod:`zerosum.records.show`."""

from ..records import show as _show
from ..records.trace import ALGORITHMS, KINDS, Node, Recorder, Trace, trimmed
from .html import trace_html as _trace_html
from .reasons import (
    agent_name,
    best_line,
    child_window,
    cut_reason,
    game_name,
    in_root_terms,
    pruned_reason,
    root_window,
    spoken,
)
from .text import trace_text as _trace_text

_show.register_text(Trace, _trace_text)
_show.register_html(Trace, _trace_html)

__all__ = [
    "ALGORITHMS", "KINDS", "Node", "Recorder", "Trace", "trimmed", "agent_name", "best_line",
    "child_window", "cut_reason", "game_name", "in_root_terms", "pruned_reason",
    "root_window", "spoken",
]  # fmt: skip
