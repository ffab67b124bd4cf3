"""Migration's parts of the ``zerosum`` command: ``zerosum solve``'s ``--split`` (a long
solve split into journaled jobs on the arena's pools, :mod:`.split`, each job's proof
kept with ``--proofs``), ``--proof`` (a winning strategy saved for checking,
:mod:`.proof`; of a split run, assembled from its jobs' proofs, :mod:`.split_proofs`),
and ``zerosum check-proof`` (:mod:`.checker`: one file, or a split run's every job).

The command line finds them through the game registry (the ``command_line`` of Migration's
registered fast paths, :mod:`.fast_paths`) and lends them what a game may not import: its
argument types and the arena's pools of worker processes (:class:`Kit`).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol, cast

from ... import hooks
from ...game import Game, ZerosumError
from ...interrupts import signals_end_process
from ...limits import check_workers
from ...records.commands import Command, Option

if TYPE_CHECKING:
    from .shape import MigrationBoard
    from .split import Node, SplitRun

__all__ = ["MigrationCommands"]


class Pool(Protocol):
    """Where jobs run: an executor, how many at once, and how to stop it at once (the arena's
    :class:`~zerosum.hosting.pools.Pool` is one)."""

    executor: Executor
    slots: int

    def stop(self) -> None: ...


class Kit(Protocol):
    """What the command line lends Migration's commands: argument types that refuse
    nonsense as the line is read, and the arena's pools (``workers`` local processes, or a
    Dask scheduler's)."""

    positive_int: Callable[[str], int]
    scheduler: Callable[[str], str]
    open_pool: Callable[[int, str | None], AbstractContextManager[Pool]]


#: Table slots of a split run's jobs unless ``--slots`` says otherwise (17 bytes each).
SPLIT_SLOTS = 1 << 24


class MigrationCommands:
    """Migration's commands and options, built with the command line's kit."""

    def __init__(self, kit: Kit) -> None:
        self.kit = kit

    @property
    def commands(self) -> tuple[Command, ...]:
        """``check-proof``, which the command line adds to its subcommands."""
        check = Command(
            "check-proof",
            "check a Migration proof file (zerosum solve --proof)",
            (
                Option(("file",), "the proof file (.npz)", nargs="?"),
                Option(
                    ("--journal",),
                    "instead: check the proof of every settled job of this split run's journal",
                    metavar="FILE",
                ),
                Option(("--proofs",), "--journal: the folder of the jobs' proofs", metavar="DIR"),
            ),
            run_check,
        )
        return (check,)

    @property
    def solve_options(self) -> tuple[Option, ...]:
        """Migration's options of ``zerosum solve``."""
        kit = self.kit
        return (
            Option(
                ("--split",),
                "migration: settle the positions PLIES moves in as jobs, journaled (--journal)",
                kit.positive_int,
                metavar="PLIES",
            ),
            Option(
                ("--journal",),
                "migration --split: the journal of settled jobs; run again to resume",
                metavar="FILE",
            ),
            Option(
                ("--scheduler",),
                "migration --split: run the jobs on a Dask scheduler, tcp://host:8786",
                kit.scheduler,
                metavar="ADDR",
            ),
            Option(
                ("--status",),
                "migration --split: only say where the journal's run stands, per first move",
                action="store_true",
            ),
            Option(
                ("--slots",),
                f"migration --split: table slots per worker, 17 bytes each ({SPLIT_SLOTS})",
                kit.positive_int,
                SPLIT_SLOTS,
            ),
            Option(
                ("--proofs",),
                "migration --split: save each settled job's proof in DIR (and prove the "
                "journal's jobs that have none)",
                metavar="DIR",
            ),
            Option(
                ("--proof",),
                "migration: save the winner's strategy (.npz); with --split, assembled from "
                "the jobs' proofs (--proofs) once the start is decided",
                metavar="FILE",
            ),
            Option(
                ("--distance",),
                "migration: only the plies to the end under perfect play, compiled (to 8x8)",
                action="store_true",
            ),
        )

    def before_solve(self, game: Game, args: Any) -> int | None:
        """Run a split solve or write a proof when asked (the exit status), else None."""
        options = ("split", "journal", "scheduler", "proofs", "proof", "distance")
        wanted = [f"--{o}" for o in options if getattr(args, o)]
        if not wanted:
            return None
        # Migration's own rules (its compiled weak solver; not a subclass that changed them)
        if hooks.own_hook(game, "solve_weakly") is None or getattr(game, "n", 9) > 8:
            raise ZerosumError(f"{' and '.join(wanted)}: only for migration up to n=8")
        game = cast("MigrationBoard", game)
        if args.moves or args.position is not None:
            raise ZerosumError(f"{' and '.join(wanted)}: solve from the game's start only")
        if len({"--split", "--proof", "--distance"} & set(wanted)) > 1 and not (
            args.split is not None and args.proof is not None and not args.distance
        ):
            raise ZerosumError(f"{' and '.join(wanted)}: one of --split, --proof, --distance")
        if args.proofs is not None and args.split is None:
            raise ZerosumError("--proofs DIR: the folder of a split run's job proofs (--split)")
        if args.split is None and args.proof is not None:
            return _write_proof(game, args.proof)
        if args.distance:
            return _print_distance(game)
        if args.split is None or args.journal is None:
            raise ZerosumError("--split PLIES and --journal FILE go together")
        if args.proof is not None and args.proofs is None:
            raise ZerosumError("--split with --proof FILE needs --proofs DIR (the jobs' proofs)")
        return self._run_split(game, args)

    def _run_split(self, game: MigrationBoard, args: Any) -> int:
        from .proof_folder import ProofFolder
        from .split import SplitRun

        workers = (os.cpu_count() or 1) if args.workers is None else check_workers(args.workers)
        proofs = None if args.proofs is None else ProofFolder(args.proofs)
        run = SplitRun(
            game,
            game.initial_state,
            args.split,
            args.journal,
            read_only=args.status,
            proofs=proofs,
        )
        if args.status:
            _print_first_moves(run)
            return 0
        left = sum(1 for _ in run.pending())
        unproved = f", {len(run.unproved())} of them to prove" if proofs is not None else ""
        print(
            f"{len(run.jobs)} jobs {args.split} plies in, {len(run.done)} settled in "
            f"{args.journal}{unproved}, up to {left} to go",
            file=sys.stderr,
            flush=True,
        )

        def report(node: Node, entry: dict[str, Any]) -> None:
            side = "mover wins" if entry["wins"] else "mover loses"
            searched = f"{entry['positions']:,} positions, {entry['seconds']:g} s"
            if "positions" not in entry:
                searched = "searched again"
            proof = entry.get("proof")
            if proof is not None:
                searched += (
                    f"; proof: {proof['positions']:,} positions, {proof['bytes']:,} bytes, "
                    f"{proof['searched']:,} positions searched for it, {proof['seconds']:g} s"
                )
            print(f"  {node.moves}: {side} ({searched})", file=sys.stderr, flush=True)

        # compiled jobs do not return to Python until done: Ctrl-C ends the process at once
        # (the journal holds every settled job)
        with signals_end_process(), self.kit.open_pool(workers, args.scheduler) as pool:
            wins = run.run(pool.executor, pool.slots, args.slots, report)
            pool.stop()  # jobs still running are not needed any more
        _print_first_moves(run)
        if wins is None:
            print(f"not settled yet: run the same command again to go on from {args.journal}")
            return 1
        print(f"player {game.initial_state[2]} to move {'wins' if wins else 'loses'}")
        if args.proof is not None:
            return _write_assembled_proof(run, args.proof)
        return 0


def _print_first_moves(run: SplitRun) -> None:
    """Per first move: settled or not, the first player's value with it, and the jobs
    settled under it (positions, seconds, peak memory, machines), as a Markdown table."""
    print("| first move | settled | value | jobs settled | positions | seconds | MiB | machine |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | --- |")
    for row in run.first_moves():
        value = "-" if not row["settled"] else "wins" if row["wins"] else "loses"
        print(
            f"| {row['move']} | {'yes' if row['settled'] else 'no'} | {value} | {row['jobs']:,} "
            f"| {row['positions']:,} | {row['seconds']:,.1f} | {row['memory_mib']:,} "
            f"| {' '.join(row['machines']) or '-'} |"
        )


def _write_proof(game: MigrationBoard, path: str) -> int:
    """Solve from the start and save the winner's strategy to ``path``."""
    from .proof import prove, save

    strategy = prove(game, game.initial_state)
    save(strategy, path)
    print(
        f"player {strategy.winner} wins migration:n={game.n}; its move in "
        f"{len(strategy.moves):,} positions written to {path} (zerosum check-proof {path})"
    )
    return 0


def _write_assembled_proof(run: SplitRun, path: str) -> int:
    """Save the whole game's strategy assembled from ``run``'s job proofs to ``path``."""
    from .proof import save
    from .split_proofs import assemble

    strategy = assemble(run)
    save(strategy, path)
    print(
        f"player {strategy.winner} wins migration:n={run.game.n}; its move in "
        f"{len(strategy.moves):,} positions (from {len(run.done):,} job proofs) written to "
        f"{path} (zerosum check-proof {path})"
    )
    return 0


def _print_distance(game: MigrationBoard) -> int:
    """Print how long the game lasts from the start under perfect play."""
    from .distance import WIN, distances

    started = time.perf_counter()
    value, positions = distances(game, game.initial_state, 1 << 24)
    seconds = time.perf_counter() - started
    side = "wins" if value > 0 else "loses"
    print(
        f"player {game.initial_state[2]} to move {side} in {WIN - abs(value)} plies "
        f"({positions:,} positions, {seconds:.1f} s)"
    )
    return 0


def _board(n: int) -> MigrationBoard:
    """Migration on an n x n board, from the registry (this module sits below the game's)."""
    from .. import load_game

    return cast("MigrationBoard", load_game(f"migration:n={n}"))


def run_check(args: Any) -> int:
    """``zerosum check-proof``: replay a proof file against every reply of the loser, or
    the proof of every settled job of a split run's journal."""
    from .checker import check

    if (args.file is None) == (args.journal is None):
        raise ZerosumError("check-proof: give a proof FILE, or --journal FILE and --proofs DIR")
    if args.journal is not None:
        return _check_jobs(args.journal, args.proofs)
    checked = check(args.file, _board)
    game = _board(checked.n)
    deep = checked.root != game.initial_state  # a split run's job
    start = f" from {game.position_text(checked.root)}" if deep else ""
    print(
        f"checked: player {checked.winner} wins migration:n={checked.n}{start} "
        f"({checked.positions:,} positions, {checked.stored:,} moves stored, "
        f"{checked.seconds:.2f} s)"
    )
    return 0


def _check_jobs(journal: str, proofs: str | None) -> int:
    """``zerosum check-proof --journal F --proofs DIR`` (see :mod:`.split_proofs`)."""
    from .proof_folder import ProofFolder
    from .split import SplitRun, read_header
    from .split_proofs import check_jobs

    if proofs is None:
        raise ZerosumError("check-proof --journal FILE needs --proofs DIR (the jobs' proofs)")
    header = read_header(journal)
    game = _board(int(header["game"].removeprefix("migration:n=")))
    run = SplitRun(
        game,
        game.position(header["root"]),
        header["split"],
        journal,
        read_only=True,
        proofs=ProofFolder(proofs),
    )
    checked = check_jobs(run, _board)
    print(
        f"{checked.checked:,} of {checked.settled:,} settled jobs checked "
        f"({checked.positions:,} positions, {checked.seconds:.2f} s)"
    )
    if checked.checked < checked.settled:
        print(
            f"no proof yet for {checked.settled - checked.checked:,} of the settled jobs: run "
            f"the split solve again with --proofs {proofs}",
            file=sys.stderr,
        )
        return 1
    return 0
