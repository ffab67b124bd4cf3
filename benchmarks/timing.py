"""Shared by the benchmark scripts: medians of repeated timings and markdown tables."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any


def timed(repeat: int, run: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    """Median seconds of ``repeat`` calls ``run(*args)``, and the result of the last one."""
    seconds, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run(*args)
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds), result


def table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)
