"""Batch solving of Connect Four positions (``zerosum solve connect4 --batch FILE``).

Reads one position per line (the first whitespace-separated token is the move string,
1-based column digits; anything after it is ignored), writes ``<moves> <score>`` per line
in input order, and reports a malformed line with its number without stopping the others.
Positions are solved in chunks inside compiled code, so no Python call is paid per node.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO

from .games import ConnectFour

__all__ = ["BatchSummary", "solve_lines"]

CHUNK = 64  # positions per compiled call: a progress update every chunk, little overhead


@dataclass(frozen=True)
class BatchSummary:
    """What a batch did: positions solved, lines that failed, total seconds and nodes."""

    solved: int
    failed: int
    seconds: float
    nodes: int

    def describe(self) -> str:
        n = max(self.solved, 1)
        return (
            f"{self.solved} positions, {self.failed} failed; mean {self.seconds / n * 1e6:.1f} µs "
            f"and {self.nodes / n:.0f} nodes per position"
        )


def solve_lines(
    game: ConnectFour,
    lines: Iterable[str],
    out: TextIO,
    err: TextIO,
    *,
    weak: bool = False,
    progress: bool = False,
) -> BatchSummary:
    """Solve every position in ``lines``, writing results to ``out`` and errors to ``err``."""
    from .kernels import connect4

    rows: list[tuple[int, str, tuple[int, int] | str]] = []
    for number, line in enumerate(lines, 1):
        fields = line.split()
        if not fields:
            continue
        try:
            position = connect4.parse_moves(fields[0], game.width, game.height)
            rows.append((number, fields[0], position))
        except ValueError as exc:
            rows.append((number, fields[0], str(exc)))
    positions = [pos for _, _, pos in rows if not isinstance(pos, str)]
    scores: list[int] = []
    nodes = 0
    start = time.perf_counter()
    with _progress(len(positions), progress) as advance:
        for i in range(0, len(positions), CHUNK):
            chunk_scores, chunk_nodes = connect4.solve_batch(
                positions[i : i + CHUNK], game.width, game.height, weak=weak
            )
            scores.extend(int(s) for s in chunk_scores)
            nodes += int(chunk_nodes.sum())
            advance(len(chunk_scores))
    seconds = time.perf_counter() - start
    solved = iter(scores)
    failed = 0
    for number, moves, pos in rows:
        if isinstance(pos, str):
            failed += 1
            print(f"line {number}: {pos}", file=err)
        else:
            print(f"{moves} {next(solved)}", file=out)
    return BatchSummary(len(positions), failed, seconds, nodes)


class _progress:
    """A rich progress bar on a terminal; nothing otherwise."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.enabled = total, enabled and sys.stderr.isatty()

    def __enter__(self):  # type: ignore[no-untyped-def]
        if not self.enabled:
            return lambda n: None
        from rich.progress import Progress

        self.bar = Progress(transient=True)
        self.bar.start()
        task = self.bar.add_task("solving", total=self.total)
        return lambda n: self.bar.advance(task, n)

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self.bar.stop()
