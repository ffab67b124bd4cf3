"""Search trees: what one move's search explored, recorded, and drawn as text, in the
notebook and on the page; and what an alpha-beta trace says beside its nodes (windows,
the reasons for cuts and prunes, the best line: :mod:`.reasons`)."""

from .model import ALGORITHMS, KINDS, Node, Recorder, Trace, trimmed
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

__all__ = [
    "ALGORITHMS", "KINDS", "Node", "Recorder", "Trace", "trimmed", "agent_name", "best_line",
    "child_window", "cut_reason", "game_name", "in_root_terms", "pruned_reason",
    "root_window", "spoken",
]  # fmt: skip
