"""Shared by the benchmark scripts: medians of repeated timings and markdown tables."""

from __future__ import annotations

import math
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


def timed_together(
    repeat: int, *runs: Callable[[], Any], least: float = 0.05
) -> list[tuple[float, Any]]:
    """Median seconds per call of each run, and its last result, the runs taken in turn
    (a, b, a, b, ...) so a slow spell of a shared machine falls on all of them alike.
    Each of the ``repeat`` samples is the mean of enough calls to last ``least`` seconds,
    so a run of a millisecond is not at the mercy of one busy moment."""
    results: list[Any] = [None] * len(runs)
    loops = []
    for i, run in enumerate(runs):  # one call each to size the samples (and warm up)
        start = time.perf_counter()
        results[i] = run()
        loops.append(max(1, math.ceil(least / (time.perf_counter() - start))))
    seconds: list[list[float]] = [[] for _ in runs]
    for _ in range(repeat):
        for i, run in enumerate(runs):
            start = time.perf_counter()
            for _ in range(loops[i]):
                results[i] = run()
            seconds[i].append((time.perf_counter() - start) / loops[i])
    return [(statistics.median(s), r) for s, r in zip(seconds, results, strict=True)]


def table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)
