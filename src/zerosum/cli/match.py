"""The ``zerosum match`` and ``zerosum tournament`` commands: matches and round robins."""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO, TypedDict

from ..arena import match, tournament
from ..arena.entries import CODE_MEMORY_MB, CODE_MOVE_SECONDS, expand
from ..arena.journal import kept_games
from ..arena.results import ArenaResult
from ..arena.tasks import AUTO
from ..arena.tournament import LeftOut, Unconfined
from ..files import check_output
from ..game import ZerosumError
from ..hosting.sandbox import BWRAP_VARIABLE
from ..limits import MAX_GAMES
from ..report.aliases import aliased, aliases_for, left_out_names, read_aliases
from .errors import tell
from .types import (
    Commands,
    count_up_to,
    margin_seconds,
    megabytes,
    move_seconds,
    positive_int,
    scheduler,
)

__all__ = ["add_arena_commands"]


def _options(parser: argparse.ArgumentParser, games: int) -> None:
    parser.add_argument(
        "-n",
        "--games",
        type=count_up_to(MAX_GAMES, "MAX_GAMES"),
        default=games,
        help=f"games per pair of agents ({games})",
    )
    parser.add_argument("--seed", type=int, default=0, help="the match seed (0)")
    parser.add_argument(
        "--workers",
        type=positive_int,
        default=os.cpu_count() or 1,
        help="local worker processes (all cores); 1 plays in this process",
    )
    parser.add_argument(
        "--scheduler", type=scheduler, metavar="ADDR", help="a Dask scheduler, tcp://host:8786"
    )
    parser.add_argument(
        "--random-opening",
        type=_opening,
        default=AUTO,
        metavar="K",
        help="start each couple of games from K random plies; auto (the default): from "
        "distinct openings of the fewest plies, so deterministic agents never replay a game",
    )
    parser.add_argument("--no-swap", action="store_true", help="A always moves first")
    parser.add_argument(
        "--move-time",
        type=move_seconds,
        metavar="SECONDS",
        help="per-move limit for agents without their own time_limit "
        f"(agents from files and modules: {CODE_MOVE_SECONDS:g})",
    )
    parser.add_argument(
        "--memory-mb",
        type=megabytes,
        metavar="MB",
        help="memory of each agent that plays in a process of its own "
        f"(agents from files and modules: {CODE_MEMORY_MB})",
    )
    parser.add_argument(
        "--time-margin",
        type=margin_seconds,
        default=0.5,
        metavar="SECONDS",
        help="grace beyond a time limit before a forfeit (0.5)",
    )
    trust = parser.add_mutually_exclusive_group()
    trust.add_argument(
        "--untrusted",
        action="store_true",
        help="refuse to play agents from files unless each plays in a sandbox (bubblewrap "
        f"and cgroups; {BWRAP_VARIABLE} names bwrap); by default they do when one can start",
    )
    trust.add_argument(
        "--trusted", action="store_true", help="play agents from files without a sandbox"
    )
    parser.add_argument("--journal", metavar="FILE", help="keep finished games; resume from it")
    parser.add_argument("--plot", metavar="PNG", help="save the charts")
    parser.add_argument("--json", metavar="FILE", help="export everything as JSON")
    parser.add_argument("--csv", metavar="FILE", help="export one row per game as CSV")
    parser.add_argument("--html", metavar="FILE", help="the tables as one self-contained page")


def _opening(text: str) -> int | str:
    if text == AUTO:
        return AUTO
    try:
        return int(text)
    except ValueError:
        message = f"expected a number of plies or auto, not {text!r}"
        raise argparse.ArgumentTypeError(message) from None


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse, before playing rather than after, an output path that is not a regular file
    (a device, a FIFO, a directory) or whose folder is missing or read-only."""
    for option in ("journal", "plot", "json", "csv", "html"):
        path = getattr(args, option)
        if path is not None:
            check_output(path, f"--{option}")
    if args.plot is not None and Path(args.plot).suffix.lower() not in (".png", ".svg", ".pdf"):
        raise ZerosumError(f"--plot {args.plot}: expected a file name ending in .png, .svg or .pdf")


class _Common(TypedDict):
    """The settings ``match`` and ``tournament`` share, as the command line gives them."""

    swap_sides: bool
    random_opening: int | str
    seed: int
    workers: int
    scheduler: str | None
    journal: str | None
    progress: bool
    move_time: float | None
    time_margin: float
    memory_mb: int | None
    sandbox: bool | None


def _common(args: argparse.Namespace) -> _Common:
    _check_outputs(args)
    return {
        "swap_sides": not args.no_swap,
        "random_opening": args.random_opening,
        "seed": args.seed,
        "workers": args.workers,
        "scheduler": args.scheduler,
        "journal": args.journal,
        "progress": True,
        "move_time": args.move_time,
        "time_margin": args.time_margin,
        "memory_mb": args.memory_mb,
        "sandbox": True if args.untrusted else False if args.trusted else None,
    }


def _report(result: ArenaResult, args: argparse.Namespace) -> int:
    from rich.console import Console

    # piped output is not cut to 80 columns: tables take the width they need
    width = None if sys.stdout.isatty() else 200
    Console(highlight=False, width=width).print(result.table())
    outputs = (
        ("json", result.to_json),
        ("csv", result.to_csv),
        ("html", result.to_html),
        ("plot", result.plot),
    )
    for option, write in outputs:
        path = getattr(args, option)
        if path is not None:
            write(path)
            print(f"wrote {path}")
    return 0


@contextmanager
def _resumable(args: argparse.Namespace) -> Iterator[None]:
    """On Ctrl-C or SIGTERM, re-raise it with what was kept and how to go on."""
    try:
        yield
    except KeyboardInterrupt as exc:
        if args.journal is None:
            note = "interrupted: finished games are lost (--journal FILE keeps them)"
        else:
            kept = kept_games(args.journal)
            note = (
                f"interrupted: {kept} game{'' if kept == 1 else 's'} kept in {args.journal}; "
                "run the same command to resume"
            )
        raise type(exc)(note) from None


def cmd_match(args: argparse.Namespace) -> int:
    with _resumable(args), _left_out_said():
        result = match(args.game, args.a, args.b, games=args.games, **_common(args))
    return _report(result, args)


def cmd_tournament(args: argparse.Namespace) -> int:
    agents = expand(args.agents)
    if args.alias is not None:  # a bad alias file is said before playing, not after
        check_output(args.alias, "--alias")
        read_aliases(args.alias)
    with _resumable(args), _left_out_said():
        result = tournament(args.game, agents, games_per_pair=args.games, **_common(args))
    if args.alias is not None:
        names = [*result.names, *left_out_names(result)]
        result = aliased(result, aliases_for(args.alias, names))
        print(f"entries shown by their aliases in {args.alias}")
    return _report(result, args)


@contextmanager
def _left_out_said() -> Iterator[None]:
    """Print each entry left out of a tournament, and entries that play without a
    sandbox, as one line on stderr each, as it is found."""
    with warnings.catch_warnings():
        warnings.simplefilter("always", LeftOut)
        warnings.simplefilter("always", Unconfined)
        previous = warnings.showwarning

        def show(
            message: Warning | str,
            category: type[Warning],
            filename: str,
            lineno: int,
            file: TextIO | None = None,
            line: str | None = None,
        ) -> None:
            if issubclass(category, LeftOut | Unconfined):
                tell(str(message))
            else:
                previous(message, category, filename, lineno, file, line)

        warnings.showwarning = show
        yield


def add_arena_commands(commands: Commands) -> None:
    """Add ``match`` and ``tournament`` to the CLI's subcommands."""
    m = commands.add_parser("match", help="two agents play a match, sides swapped")
    m.add_argument("game", help="game spec, e.g. connect4")
    m.add_argument("a", help="agent spec, e.g. minimax:depth=3")
    m.add_argument("b", help="agent spec")
    _options(m, 100)
    m.set_defaults(run=cmd_match)
    t = commands.add_parser("tournament", help="a round robin of two or more agents")
    t.add_argument("game", help="game spec, e.g. connect4")
    t.add_argument(
        "agents",
        nargs="+",
        metavar="AGENT",
        help="agent specs, files (my_agent.py) or folders of them (one entry per file)",
    )
    _options(t, 10)
    t.add_argument(
        "--alias",
        metavar="CSV",
        help="show each entry by its alias from this name,alias file, everywhere; names it "
        "lacks get a new random pseudonym, added to the file (created if missing)",
    )
    t.set_defaults(run=cmd_tournament)
