"""Building the 7x6 Connect Four opening book (``zerosum book``).

Two plies are searched: every position of ``exact_plies`` stones is solved exactly, and,
for a deeper book, every position of ``plies`` stones for its value only (win, draw or
loss: a fraction of the cost). A position and its mirror image are one entry; a finished
game or a mover who wins at once none. The positions go out in chunks to a pool of workers
that the caller opens (``zerosum book``: local worker processes or a Dask
cluster, :func:`~zerosum.hosting.pools.open_pool`; a game sits below the hosting floor, so the
pool is passed in), or are solved in this process. Each solved chunk is appended to a journal and
flushed, so a build that is stopped, even by ``kill -9``, resumes where it was when run
again. The other plies then follow without search: a position's score is the best of its
moves' (negamax over the book), exact scores from the exact ply and values from the deep
one; where both give a position, they must agree. The values past the exact plies go into
a retrieval table (no keys: :mod:`.retrieval`). The book is written as package data
(:data:`~zerosum.games.connect_four.book.BOOK_PATH`).
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, NamedTuple, Protocol

from ...files import WriteError, check_folder, check_output
from ...game import ZerosumError
from ...interrupts import signals_end_process
from ...progress_line import progress_line
from .batch import ChunkSize
from .book import (
    HEIGHT,
    WIDTH,
    Book,
    canonical,
    column_scores,
    winning_drop,
)
from .positions import drop, has_four

if TYPE_CHECKING:
    from .solver import TranspositionTable

__all__ = [
    "ChunkPool",
    "positions",
    "build",
    "journal_path",
    "solve_chunk",
    "Solved",
    "JOURNAL_FORMAT",
]

JOURNAL_FORMAT = "zerosum-book-journal/1"
#: Seconds of work a chunk of positions grows to: a chunk is journaled when it is solved,
#: so a build stopped by ``kill -9`` loses at most this much of each worker's work.
CHUNK_SECONDS = 4.0
#: Most positions in one chunk (shallow values are solved thousands a second).
MOST_PER_CHUNK = 1024
#: How often the wait for chunks wakes, in seconds, so that Ctrl-C stops it at once.
WAKE_SECONDS = 0.1
#: Seconds between two progress lines: a deep ply's chunks finish many times a second,
#: and a line for each filled a build's log with hundreds of thousands of them.
REPORT_SECONDS = 10.0


class ChunkPool(Protocol):
    """Where chunks are solved: an executor and how many jobs it runs at once (the arena's
    :class:`~zerosum.hosting.pools.Pool` is one)."""

    executor: Executor
    slots: int


class _ThisProcess(Executor):
    """Solves each chunk at once in this process."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


class _InlinePool:
    executor: Executor = _ThisProcess()
    slots = 1


def positions(plies: int) -> Iterator[tuple[int, int]]:
    """The unfinished 7x6 positions of ``plies`` stones, one per mirror pair, as
    ``(current, mask)`` (the mover's stones, all stones), in a fixed order."""
    level = {0: (0, 0)}
    for _ in range(plies):
        after: dict[int, tuple[int, int]] = {}
        for current, mask in level.values():
            for col in range(WIDTH):
                move = drop(mask, col, HEIGHT)
                if not move or has_four(current | move, HEIGHT):
                    continue  # a full column, or the game is over
                child = (current ^ mask, mask | move)
                after.setdefault(canonical(*child), child)
        level = after
    for key in sorted(level):
        yield level[key]


_table: TranspositionTable | None = None


class Solved(NamedTuple):
    """A chunk's scores, in its order, and the seconds its worker took to solve them."""

    scores: list[int]
    seconds: float


def solve_chunk(chunk: list[tuple[int, int]], weak: bool = False) -> Solved:
    """The exact scores (or, if ``weak``, -1/0/1) of a chunk of positions (in a worker
    process), and how long they took. One table serves
    every position the process solves: its entries are exact bounds of positions, valid
    for any search, and neighbouring positions of a ply share most of their subtrees. It
    has the solver's default size: on 96 neighbouring positions of 8 stones, 8 MB solved
    the values in half the time 256 MB took (5.6 s against 11.2 s, at 15% more nodes), as
    a table that stays in the caches is read faster."""
    global _table
    from . import solver as connect4

    start = time.perf_counter()
    if _table is None:
        _table = connect4.TranspositionTable()
    scores, _ = connect4.solve_batch(chunk, WIDTH, HEIGHT, weak=weak, tt=_table)
    return Solved([int(s) for s in scores], time.perf_counter() - start)


def _read_journal(path: Path, plies: int, weak: bool = False) -> dict[int, int]:
    """The scores a journal holds; a new journal gets its header. A last line cut off
    mid-write is dropped; a journal of another depth is refused."""
    header: dict[str, object] = {
        "format": JOURNAL_FORMAT,
        "plies": plies,
        "width": WIDTH,
        "height": HEIGHT,
    }
    if weak:
        header["weak"] = True
    if not path.exists() or path.stat().st_size == 0:
        path.write_text(json.dumps(header) + "\n")
        return {}
    lines = path.read_bytes().split(b"\n")
    try:
        found = json.loads(lines[0])
    except ValueError:
        raise ZerosumError(f"{path}: line 1 is not a book journal's header") from None
    if found != header:
        raise ZerosumError(f"{path} is the journal of another build: {found}, not {header}")
    done: dict[int, int] = {}
    for number, line in enumerate(lines[1:-1], 2):  # the last is empty, or cut off
        try:
            key, score = map(int, line.split())
        except ValueError:
            raise ZerosumError(f"{path}: line {number} is not '<key> <score>'") from None
        done[key] = score
    if lines[-1]:
        with open(path, "r+b") as journal:  # a line cut off mid-write: solved again
            journal.truncate(path.stat().st_size - len(lines[-1]))
    return done


def journal_path(folder: Path, plies: int, weak: bool) -> Path:
    """Where a build keeps the journal of one ply's solves: exact scores or values only."""
    return folder / f"connect4-book-{plies}{'-weak' if weak else ''}.jsonl"


def say(line: str) -> None:
    """Print a line of the build's progress at once, even into a file or a pipe (where
    print's output waits for a full buffer: a log of a build in the background lagged
    minutes behind it)."""
    print(line, flush=True)


def build(
    plies: int,
    journals: Path,
    out: Path,
    *,
    exact_plies: int | None = None,
    pool: Callable[[], AbstractContextManager[ChunkPool]] | None = None,
    report: Callable[[str], None] = say,
) -> Book:
    """Build the book of every position up to ``plies`` stones, with exact scores up to
    ``exact_plies`` (default: all) and values deeper (see the module). The journals are
    kept in the folder ``journals`` (:func:`journal_path`), made if missing. Both paths are
    checked before any solving: ``out`` must be a regular file or missing, in a writable
    folder; ``journals`` a writable folder or missing in one. ``pool`` opens the pool that
    solves the chunks, once the paths are checked; None: this process."""
    exact_plies = plies if exact_plies is None else exact_plies
    if not 1 <= plies <= 12:
        raise ZerosumError(f"a book covers 1 to 12 plies, not {plies}")
    if not 1 <= exact_plies <= plies:
        raise ZerosumError(f"exact plies must be from 1 to the book's {plies}, not {exact_plies}")
    check_output(out, "the book file")
    check_folder(journals if journals.exists() else journals.parent, "the journals' folder")
    journals.mkdir(exist_ok=True)
    # In this process, a signal's default action ends the compiled solve at once; the
    # journal then keeps every chunk finished before (a cut line is dropped).
    if pool is None:
        opened: AbstractContextManager[ChunkPool] = contextlib.nullcontext(_InlinePool())
    else:
        opened = pool()
    stopping = signals_end_process() if pool is None else contextlib.nullcontext()
    with stopping, opened as workers:
        exact = _solve_ply(workers, exact_plies, journals, False, report)
        values = _solve_ply(workers, plies, journals, True, report) if plies > exact_plies else {}
    scores = _derive(exact, exact_plies, exact_plies, report)
    deep: dict[int, int] = {}
    if values:
        deeper = _derive(values, plies, 0, report)
        for key, score in scores.items():  # two independent solves must agree
            if (score > 0) - (score < 0) != deeper[key]:
                raise ZerosumError(
                    f"the exact score {score} of position {key} contradicts its value "
                    f"{deeper[key]} derived from ply {plies}"
                )
        deep = {key: value for key, value in deeper.items() if key not in scores}
    book = Book.compact(scores, deep, plies, exact_plies)
    book.save(out)
    report(f"{len(book)} positions up to ply {plies} written to {out}")
    return book


def _solve_ply(
    pool: ChunkPool, plies: int, journals: Path, weak: bool, report: Callable[[str], None]
) -> dict[int, int]:
    """The scores (or values, if ``weak``) of every position of ``plies`` stones, from the
    journal and, for the rest, solved in chunks on ``pool``; each chunk journaled."""
    journal = journal_path(journals, plies, weak)
    done = _read_journal(journal, plies, weak)
    todo = [p for p in positions(plies) if canonical(*p) not in done and not winning_drop(*p)]
    kind = "values" if weak else "exact scores"
    report(f"ply {plies} ({kind}): {len(done)} positions solved before, {len(todo)} to solve")
    begin = time.perf_counter()
    sizer = ChunkSize(CHUNK_SECONDS, MOST_PER_CHUNK)
    sent = 0  # positions of todo handed out
    with open(journal, "ab", buffering=0) as log:
        running: dict[Future[Solved], list[tuple[int, int]]] = {}
        solved, reported = 0, 0.0
        while sent < len(todo) or running:
            while sent < len(todo) and len(running) < 2 * pool.slots:
                chunk = todo[sent : sent + sizer.size]
                sent += len(chunk)
                running[pool.executor.submit(solve_chunk, chunk, weak)] = chunk
            finished, _ = wait(running, timeout=WAKE_SECONDS, return_when=FIRST_COMPLETED)
            for future in finished:
                chunk = running.pop(future)
                result = future.result()
                sizer.update(len(chunk), result.seconds)
                lines = []
                for position, score in zip(chunk, result.scores, strict=True):
                    key = canonical(*position)
                    done[key] = score
                    lines.append(f"{key} {score}\n")
                _append(log, "".join(lines).encode(), journal)
                solved += len(chunk)
            spent = time.perf_counter() - begin
            if finished and (spent >= reported + REPORT_SECONDS or solved == len(todo)):
                report("  " + progress_line("solved", solved, len(todo), spent))
                reported = spent
    return done


def _append(log: BinaryIO, data: bytes, journal: Path) -> None:
    """Write a chunk's lines straight to the journal (unbuffered: nothing is left to be
    tried again after a failed write); a failure names the journal, and the build resumes
    from the lines before it (a line cut off is dropped)."""
    view = memoryview(data)
    try:
        while view:
            view = view[log.write(view) or 0 :]
    except OSError as exc:
        raise WriteError(
            f"cannot write book journal {journal}: {exc.strerror or exc}; the positions it "
            "holds are kept: run the same command again to resume once it can be written"
        ) from None


def _derive(
    deepest: dict[int, int], plies: int, exact_plies: int, report: Callable[[str], None]
) -> dict[int, int]:
    """Every position's score up to ``plies`` stones, the shallower ones by negamax over
    their moves from ``deepest`` (exact scores up to ``exact_plies`` stones, values
    deeper)."""
    scores = dict(deepest)
    for ply in range(plies - 1, -1, -1):
        partial = Book.from_scores(scores, plies, exact_plies)
        for current, mask in positions(ply):
            if winning_drop(current, mask):
                continue
            moves = column_scores(current, mask, partial)
            if moves is None:
                raise ZerosumError(f"the book lacks a move of a position of {ply} stones")
            scores[canonical(current, mask)] = max(moves.values())
        report(f"ply {ply}: derived")
    return scores
