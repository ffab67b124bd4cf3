"""Search trees: what one move's search explored, recorded, and drawn as text, in the
notebook and on the page."""

from .model import ALGORITHMS, KINDS, Node, Recorder, Trace, trimmed

__all__ = ["ALGORITHMS", "KINDS", "Node", "Recorder", "Trace", "trimmed"]
