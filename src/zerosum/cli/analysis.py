"""The ``zerosum analyze`` and ``zerosum grade`` commands: a game's size, agents' moves graded."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from ..analysis import analyze, grade, grade_set, read_positions
from ..files import check_output
from ..game import ZerosumError, game_name
from ..games import load_game
from ..interrupts import signals_end_process
from ..limits import MAX_GRADED, MAX_POSITIONS, MAX_PROBES
from ..position import position
from .start import POSITION_HELP, add_start_options, start_state
from .types import Commands, count_up_to, plies, probes

__all__ = ["add_analysis_commands", "parse_plies"]


def parse_plies(text: str) -> tuple[int, int]:
    """``"A-B"`` (or a single ``"A"``) as an inclusive ply range."""
    found = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text)
    if found is None:
        raise ZerosumError(f"--plies {text!r}: expected a range A-B of plies, e.g. 10-20")
    low = int(found[1])
    high = int(found[2]) if found[2] is not None else low
    if high < low:
        raise ZerosumError(f"--plies {text!r}: the range ends before it starts")
    return low, high


def _check_outputs(args: argparse.Namespace) -> None:
    if args.json not in (None, "-"):
        check_output(args.json, "--json")
    if args.plot is None:
        return
    if Path(args.plot).suffix.lower() not in (".png", ".svg", ".pdf"):
        raise ZerosumError(f"--plot {args.plot}: expected a file name ending in .png, .svg or .pdf")
    check_output(args.plot, "--plot")


def _write(result: Any, args: argparse.Namespace) -> int:
    """Print the result (or its JSON with ``--json -``) and write the files asked for."""
    if args.json == "-":
        print(result.to_json())
    else:
        print(result)
        if args.json is not None:
            result.to_json(args.json)
            print(f"wrote {args.json}")
    if args.plot is not None:
        result.plot(args.plot)
        print(f"wrote {args.plot}", file=sys.stderr if args.json == "-" else sys.stdout)
    return 0


def cmd_analyze(args: argparse.Namespace) -> int:
    _check_outputs(args)
    game = load_game(args.game)
    given = args.position is not None or bool(args.moves.strip())
    state = start_state(game, args)[0] if given else None
    with signals_end_process():  # compiled counting does not return to Python until done
        space = analyze(
            game,
            plies=args.plies,
            max_positions=args.max_positions,
            probes=args.probes,
            seed=args.seed,
            state=state,
        )
    return _write(space, args)


def cmd_grade(args: argparse.Namespace) -> int:
    _check_outputs(args)
    game = load_game(args.game)
    if args.set is not None:
        if args.plot is not None:
            raise ZerosumError("--plot charts random positions; --set reports position by position")
        with signals_end_process():
            return _write(grade_set(game, args.agents, args.set), args)
    plies = parse_plies(args.plies)
    states = None
    if args.file is not None:
        try:
            text = Path(args.file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ZerosumError(f"cannot read {args.file}: {exc}") from None
        states = read_positions(game, text.splitlines())
    if args.position is not None:
        states = [position(game, args.position)]
        if game.is_terminal(states[0]):
            raise ZerosumError(f"{game_name(game)} is over in the position given: nothing to grade")
    if args.positions < 1:
        raise ZerosumError(f"--positions must be at least 1, not {args.positions}")
    with signals_end_process():
        report = grade(
            game, args.agents, positions=args.positions, plies=plies, seed=args.seed, states=states
        )
    return _write(report, args)


def _outputs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=0, help="seed of the random games (0)")
    parser.add_argument("--json", metavar="FILE", help="write JSON ('-': print it instead)")
    parser.add_argument("--plot", metavar="PNG", help="save the charts (.png, .svg or .pdf)")


def add_analysis_commands(commands: Commands) -> None:
    """Add ``analyze`` and ``grade`` to the CLI's subcommands."""
    a = commands.add_parser(
        "analyze", help="how big a game is: positions and game tree per ply, exact and estimated"
    )
    a.add_argument("game", help="game spec, e.g. tictactoe or connect4")
    a.add_argument("--plies", type=plies, help="count exactly up to this ply at most")
    a.add_argument(
        "--max-positions",
        type=count_up_to(MAX_POSITIONS, "MAX_POSITIONS"),
        default=200_000,
        metavar="N",
        help="stop exact counting after the first ply with more positions (200000)",
    )
    a.add_argument(
        "--probes",
        type=probes,
        default=1000,
        metavar="N",
        help=f"random games for estimates (1000; 0: none; at most {MAX_PROBES})",
    )
    add_start_options(a, "count from the position these moves reach (plies from there)")
    _outputs(a)
    a.set_defaults(run=cmd_analyze)
    g = commands.add_parser(
        "grade", help="grade agents' moves against the exact solver: values kept, blunders"
    )
    g.add_argument("game", help="a game the solver handles, e.g. tictactoe or connect4:width=5")
    g.add_argument("agents", nargs="+", metavar="AGENT", help="agent specs")
    g.add_argument(
        "--plies", default="0-8", metavar="A-B", help="random positions A to B plies in (0-8)"
    )
    g.add_argument(
        "--positions",
        type=count_up_to(MAX_GRADED, "MAX_GRADED"),
        default=100,
        metavar="N",
        help="positions (100)",
    )
    given = g.add_mutually_exclusive_group()
    given.add_argument(
        "--file", metavar="FILE", help="positions, one per line as moves from the start"
    )
    given.add_argument(
        "--position", metavar="TEXT", help=f"grade this one position: {POSITION_HELP}"
    )
    given.add_argument("--set", metavar="NAME", help="a shipped set of test positions, e.g. course")
    _outputs(g)
    g.set_defaults(run=cmd_grade)
