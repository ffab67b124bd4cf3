"""Connect Four's own parts of the command line: ``zerosum book``, and ``zerosum solve``'s
``--batch``, ``--tt-mb`` and ``--workers``, which set up the compiled solver's table and
threads. The only module of the CLI that reaches into the solver, the book or batch solving:
the generic commands call :func:`add_solve_options` and :func:`before_solve`."""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Iterable
from typing import Any

from ..games.connect_four.batch import solve_lines
from ..hooks import own_hook
from ..interrupts import signals_end_process
from ..limits import check_table_megabytes, check_workers
from .errors import UsageError
from .types import positive_float, positive_int, scheduler

__all__ = ["add_book_command", "add_solve_options", "before_solve"]


def add_solve_options(solve: argparse.ArgumentParser) -> None:
    """Add Connect Four's options to ``zerosum solve``."""
    solve.add_argument(
        "--batch", metavar="FILE", help="connect4: solve one position per line ('-': stdin)"
    )
    solve.add_argument(
        "--tt-mb", type=positive_float, help="connect4: transposition table size in MB (default 8)"
    )
    solve.add_argument(
        "--workers",
        type=positive_int,
        default=None,
        help="connect4: threads solving at once, each with its own table (default: all cores)",
    )


def before_solve(game: Any, args: argparse.Namespace) -> int | None:
    """Set up Connect Four's compiled solver as ``zerosum solve``'s options ask. With
    ``--batch``, solve the file's lines and return the exit status; otherwise None: the
    position is then solved as any game's."""
    workers = (os.cpu_count() or 1) if args.workers is None else check_workers(args.workers)
    if args.tt_mb is not None or args.batch is not None:
        _prepare_solver(game, args.tt_mb)
    if args.batch is not None:
        from ..games.connect_four import solver as connect4

        connect4.prepare_tables(workers, game.width, game.height)
        return _solve_batch(game, args.batch, weak=args.weak, workers=workers)
    if own_hook(game, "has_compiled_solver"):  # Connect Four's exact solver
        from ..games.connect_four import solver as connect4

        connect4.set_default_workers(workers)  # the columns of the position at once
    return None


def _prepare_solver(game: Any, tt_mb: float | None) -> None:
    """Check the game has the compiled solver, size its table, and compile it once (saying so)."""
    if not own_hook(game, "has_compiled_solver"):
        raise UsageError("--batch and --tt-mb need connect4 with k=4 on at most 64 bits")
    from ..games.connect_four import solver as connect4

    if tt_mb is not None:
        check_table_megabytes(tt_mb)
        connect4.set_default_table(connect4.TranspositionTable(tt_mb))
    with signals_end_process():
        connect4.ensure_compiled()  # the listener set in main() says when it compiles


def _solve_batch(game: Any, path: str, *, weak: bool, workers: int) -> int:
    """Solve the file's lines (``-``: standard input, read as it comes); status 1 if any
    line failed."""
    lines: Iterable[bytes]
    if path == "-":
        lines = sys.stdin.buffer
    else:
        try:
            with open(path, "rb") as source:
                lines = source.readlines()
        except OSError as exc:
            raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    summary = solve_lines(
        game,
        lines,
        sys.stdout,
        sys.stderr,
        weak=weak,
        progress=True,
        hard_stop=True,
        workers=workers,
    )
    print(summary.describe(), file=sys.stderr)
    return 1 if summary.failed else 0


def cmd_book(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..arena.executors import open_pool
    from ..games.connect_four.book import BOOK_PATH
    from ..games.connect_four.book_build import build

    workers = (os.cpu_count() or 1) if args.workers is None else check_workers(args.workers)
    out = BOOK_PATH if args.out is None else Path(args.out)
    inline = workers == 1 and args.scheduler is None
    build(
        args.plies,
        Path(args.journals),
        out,
        exact_plies=min(4, args.plies) if args.exact_plies is None else args.exact_plies,
        pool=None if inline else functools.partial(open_pool, workers, args.scheduler),
    )
    return 0


def add_book_command(commands: Any) -> None:
    """Add ``book`` to the CLI's subcommands."""
    book = commands.add_parser("book", help="build the 7x6 Connect Four opening book")
    book.add_argument(
        "--plies", type=positive_int, default=8, help="positions up to this many stones (8)"
    )
    book.add_argument(
        "--exact-plies",
        type=positive_int,
        default=None,
        help="exact scores up to this many stones, values (win/draw/loss) deeper (4)",
    )
    book.add_argument(
        "--journals",
        default=".",
        help="the folder of the journals of solved positions; run again to resume (.)",
    )
    book.add_argument("--out", default=None, help="the book file (the package's own)")
    book.add_argument(
        "--workers", type=positive_int, default=None, help="local worker processes (all cores)"
    )
    book.add_argument(
        "--scheduler", type=scheduler, metavar="ADDR", help="a Dask scheduler, tcp://host:8786"
    )
    book.set_defaults(run=cmd_book)
