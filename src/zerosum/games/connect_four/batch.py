"""Batch solving of Connect Four positions (``zerosum solve connect4 --batch FILE``).

Reads one position per line (the first whitespace-separated token is the move string,
1-based column digits; anything after it is ignored) and writes ``<moves> <score>`` per
line in input order. A bad line (not UTF-8, not a position, or a game already over) is
reported as ``line N: ...`` and the other lines are still solved. Positions are solved
in chunks inside compiled code, so no Python call is paid per node; each chunk's results
are written and flushed as soon as it is solved, so a long batch shows its progress and
a batch stopped midway keeps every chunk it finished. Chunks grow from one position
until one takes about :data:`CHUNK_SECONDS`.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sized
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from ...interrupts import signals_end_process
from .positions import has_four, parse_moves

if TYPE_CHECKING:
    from .shape import ConnectFourBoard
    from .solver import Solver

__all__ = ["BatchSummary", "ChunkSize", "read_position", "solve_lines", "quote"]

#: Target wall time of one compiled call: results reach the output at least this often
#: (a single position that takes longer is a chunk of its own).
CHUNK_SECONDS = 0.25
#: Most positions in one compiled call.
MAX_CHUNK = 4096
#: A bad move string longer than this is quoted shortened in its error message.
QUOTE_CHARS = 40

Position = tuple[int, int]


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


@dataclass(frozen=True)
class _Row:
    """One non-blank input line: its move string and position, or its error message."""

    number: int
    text: str  # the move string, or the whole ``line N: ...`` message
    position: Position | None  # None for a bad line


def quote(text: str, limit: int = QUOTE_CHARS) -> str:
    """``repr(text)``, cut to the first ``limit`` characters and ``...`` when longer."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}..."


def read_position(line: bytes | str, game: ConnectFourBoard) -> tuple[str, Position] | None:
    """The move string and ``(current, mask)`` of one line, or None for a blank line.

    Raises ValueError naming the problem: bytes that are not UTF-8, a move that is not a
    column digit or does not fit, or a game that is over (won, or the board full)."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            bad = line[exc.start]
            raise ValueError(f"not UTF-8 text (byte {bad:#04x} at byte {exc.start + 1})") from None
    fields = line.split()
    if not fields:
        return None
    moves = fields[0]
    try:
        current, mask = parse_moves(moves, game.width, game.height)
    except ValueError as exc:  # its message quotes the moves in full
        raise ValueError(str(exc).replace(repr(moves), quote(moves))) from None
    if has_four(current ^ mask, game.height):
        raise ValueError(f"the game is already won by the last move of {quote(moves)}")
    if mask.bit_count() == game.width * game.height:
        raise ValueError(f"the board is full after {quote(moves)}: the game is over (a draw)")
    return moves, (current, mask)


def _rows(lines: Iterable[bytes | str], game: ConnectFourBoard) -> Iterator[_Row]:
    """The non-blank lines, numbered from 1, read as positions or error messages."""
    for number, line in enumerate(lines, 1):
        try:
            found = read_position(line, game)
        except ValueError as exc:
            yield _Row(number, f"line {number}: {exc}", None)
            continue
        if found is not None:
            yield _Row(number, found[0], found[1])


class ChunkSize:
    """Positions per chunk of work: doubling from one while a chunk takes under
    ``seconds`` (the first results come out at once; later chunks are larger, so that
    writing and sharing them out costs little), and never more than ``most``."""

    def __init__(self, seconds: float = CHUNK_SECONDS, most: int = MAX_CHUNK) -> None:
        self.seconds = seconds
        self.most = most
        self.size = 1

    def update(self, positions: int, seconds: float) -> None:
        """Size the next chunk from one of ``positions`` that took ``seconds``."""
        fits = int(self.seconds * positions / seconds) if seconds > 0 else self.most
        self.size = max(1, min(2 * self.size, fits, self.most))


def solve_lines(
    game: ConnectFourBoard,
    lines: Iterable[bytes | str],
    out: TextIO,
    err: TextIO,
    *,
    weak: bool = False,
    progress: bool = False,
    hard_stop: bool = False,
    solver: Solver | None = None,
) -> BatchSummary:
    """Solve every position in ``lines`` (bytes or text), writing results to ``out`` and
    ``line N: ...`` errors to ``err`` in input order, both flushed after every chunk.

    ``hard_stop``: Ctrl-C and SIGTERM end the process at once while compiled code runs
    (for the command line: everything before is written and flushed already).
    ``solver`` gives the table each position starts from empty and the threads that solve
    each chunk's positions at once (None: the process's own, one thread)."""
    from . import solver as connect4  # compiled: numba loads on first use

    solver = connect4.shared_solver() if solver is None else solver

    stop = signals_end_process if hard_stop else contextlib.nullcontext
    sizer = ChunkSize()
    solved = failed = nodes = 0
    seconds = 0.0
    pending: list[_Row] = []
    waiting = 0  # positions in pending

    def flush() -> None:
        nonlocal solved, failed, nodes, seconds, waiting
        positions = [row.position for row in pending if row.position is not None]
        out.flush()
        err.flush()
        start = time.perf_counter()
        with stop():
            scores, counts = solver.solve_batch(positions, game.width, game.height, weak=weak)
        spent = time.perf_counter() - start
        sizer.update(len(positions), spent)
        results = iter(scores.tolist())
        for row in pending:
            if row.position is None:
                print(row.text, file=err)
            else:
                print(f"{row.text} {next(results)}", file=out)
        out.flush()
        err.flush()
        solved += len(positions)
        failed += len(pending) - len(positions)
        nodes += int(counts.sum())
        seconds += spent
        advance(len(pending))
        pending.clear()
        waiting = 0

    total = len(lines) if isinstance(lines, Sized) else None
    with _progress(total, progress) as advance:
        for row in _rows(lines, game):
            if row.position is None and not pending:  # nothing earlier is waiting
                print(row.text, file=err, flush=True)
                failed += 1
                advance(1)
                continue
            pending.append(row)
            waiting += row.position is not None
            if waiting >= sizer.size:
                flush()
        if pending:
            flush()
    return BatchSummary(solved, failed, seconds, nodes)


class _progress:
    """A rich progress bar of lines done on a terminal; nothing otherwise."""

    def __init__(self, total: int | None, enabled: bool) -> None:
        self.total, self.enabled = total, enabled and sys.stderr.isatty()

    def __enter__(self) -> Callable[[int], None]:
        if not self.enabled:
            return lambda n: None
        from rich.progress import Progress

        self.bar = Progress(transient=True)
        self.bar.start()
        # a batch may end by a signal's default action: leave the terminal's cursor shown
        self.bar.console.show_cursor(True)
        task = self.bar.add_task("solving", total=self.total)
        return lambda n: self.bar.advance(task, n)

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self.bar.stop()
