"""Connect Four's parts of the ``zerosum`` command: ``zerosum book``, and ``zerosum solve``'s
``--batch``, ``--tt-mb`` and ``--workers``, which build the compiled solver's table and
threads (:class:`~zerosum.games.connect_four.solver.Solver`) and hand them to the game.

The command line finds them through the game registry (the ``command_line`` of Connect
Four's registered fast paths, :mod:`.fast_paths`) and lends them what sits above the
games, which a game may not import: its argument types and the arena's pools of worker
processes (:class:`CommandKit`).
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from ...game import Game, ZerosumError
from ...hooks import has_compiled_solver
from ...interrupts import signals_end_process
from ...limits import check_table_megabytes, check_workers
from ...records.commands import Command, Option
from .batch import solve_lines
from .book import BOOK_PATH
from .book_build import ChunkPool, build

if TYPE_CHECKING:
    from .shape import ConnectFourBoard
    from .solver import Solver

__all__ = ["CommandKit", "ConnectFourCommands"]


class CommandKit(Protocol):
    """What the command line lends a game's commands: argument types that refuse nonsense
    as the line is read, and a way to open a pool of worker processes (``workers`` local
    ones, or a Dask scheduler's)."""

    positive_int: Callable[[str], int]
    positive_float: Callable[[str], float]
    scheduler: Callable[[str], str]
    open_pool: Callable[[int, str | None], AbstractContextManager[ChunkPool]]


class ConnectFourCommands:
    """Connect Four's commands and options, built with the command line's kit."""

    def __init__(self, kit: CommandKit) -> None:
        self.kit = kit

    @property
    def commands(self) -> tuple[Command, ...]:
        """``book``, which the command line adds to its subcommands."""
        kit = self.kit
        book = Command(
            "book",
            "build the 7x6 Connect Four opening book",
            (
                Option(("--plies",), "positions up to this many stones (8)", kit.positive_int, 8),
                Option(
                    ("--exact-plies",),
                    "exact scores up to this many stones, values (win/draw/loss) deeper (4)",
                    kit.positive_int,
                ),
                Option(
                    ("--journals",),
                    "the folder of the journals of solved positions; run again to resume (.)",
                    default=".",
                ),
                Option(("--out",), "the book file (the package's own)"),
                Option(("--workers",), "local worker processes (all cores)", kit.positive_int),
                Option(
                    ("--scheduler",),
                    "a Dask scheduler, tcp://host:8786",
                    kit.scheduler,
                    metavar="ADDR",
                ),
            ),
            self.run_book,
        )
        return (book,)

    @property
    def solve_options(self) -> tuple[Option, ...]:
        """Connect Four's options of ``zerosum solve``."""
        return (
            Option(
                ("--batch",), "connect4: solve one position per line ('-': stdin)", metavar="FILE"
            ),
            Option(
                ("--tt-mb",),
                "connect4: transposition table size in MB (default 8)",
                self.kit.positive_float,
            ),
        )

    def before_solve(self, game: Game, args: Any) -> int | None:
        """Give the game the solver that ``zerosum solve``'s options ask for. With
        ``--batch``, solve the file's lines and return the exit status; otherwise None: the
        position is then solved as any game's."""
        workers = (os.cpu_count() or 1) if args.workers is None else check_workers(args.workers)
        if args.tt_mb is None and args.batch is None:
            if has_compiled_solver(game):  # the columns of the position at once
                from .solver import Solver, kept_table  # compiled: numba loads when used

                _connect_four(game).solver = Solver(kept_table(), workers)
            return None
        solver = _compiled_solver(game, args.tt_mb, workers)
        board = _connect_four(game)
        if args.batch is None:
            board.solver = solver
            return None
        solver.prepare(board.width, board.height)
        return _solve_batch(board, args.batch, weak=args.weak, solver=solver)

    def run_book(self, args: Any) -> int:
        """``zerosum book``: build the opening book, on the arena's pool of workers."""
        workers = (os.cpu_count() or 1) if args.workers is None else check_workers(args.workers)
        inline = workers == 1 and args.scheduler is None
        build(
            args.plies,
            Path(args.journals),
            BOOK_PATH if args.out is None else Path(args.out),
            exact_plies=min(4, args.plies) if args.exact_plies is None else args.exact_plies,
            pool=None if inline else functools.partial(self.kit.open_pool, workers, args.scheduler),
        )
        return 0


def _connect_four(game: Game) -> ConnectFourBoard:
    """The game as Connect Four, once ``has_compiled_solver`` said it is (only Connect Four's
    own rules have that solver; the game module imports this one, hence no isinstance)."""
    return cast("ConnectFourBoard", game)


def _compiled_solver(game: Game, tt_mb: float | None, workers: int) -> Solver:
    """Check the game has the compiled solver, build its table, and compile it once (saying
    so)."""
    if not has_compiled_solver(game):
        raise ZerosumError("--batch and --tt-mb need connect4 with k=4 on at most 64 bits")
    if tt_mb is not None:
        check_table_megabytes(tt_mb)  # before the solver compiles or a table is allocated
    from . import solver as connect4  # compiled: numba loads when used

    table = connect4.kept_table() if tt_mb is None else connect4.TranspositionTable(tt_mb)
    with signals_end_process():
        connect4.ensure_compiled()  # the command line's listener says when it compiles
    return connect4.Solver(table, workers)


def _solve_batch(game: ConnectFourBoard, path: str, *, weak: bool, solver: Solver) -> int:
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
            raise ZerosumError(f"cannot read {path}: {exc.strerror}") from None
    summary = solve_lines(
        game,
        lines,
        sys.stdout,
        sys.stderr,
        weak=weak,
        progress=True,
        hard_stop=True,
        solver=solver,
    )
    print(summary.describe(), file=sys.stderr)
    return 1 if summary.failed else 0
