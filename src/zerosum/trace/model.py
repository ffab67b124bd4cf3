"""The trace model, kept importable here: it lives on the records floor
(:mod:`zerosum.records.trace`), where both the searches that record a trace and the
renderers that draw it import it."""

from ..records.trace import ALGORITHMS, KINDS, ROOM, Node, Recorder, Trace, trimmed

__all__ = ["ALGORITHMS", "KINDS", "ROOM", "Node", "Recorder", "Trace", "trimmed"]
