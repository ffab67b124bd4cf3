"""The ``zerosum solve`` command: a position solved exactly, every move's value, in words or
JSON; a game's own options (Connect Four's ``--batch`` and ``--tt-mb``, Migration's
``--split`` and ``--proof``) come from the game, through :mod:`.game_commands`; ``--workers``
serves both."""

from __future__ import annotations

import argparse
import functools
import json

from .. import notices
from ..agents import SolveResult, solve
from ..budget import OutOfTime, limit
from ..game import Game, format_action, game_name
from ..games import load_game
from ..interrupts import signals_end_process
from .errors import OutOfTimeError, UsageError
from .game_commands import add_game_solve_options, before_solve
from .start import add_start_options, start_state
from .types import Commands, positive_int, time_limit

__all__ = ["SOLVE_SECONDS", "STILL_SOLVING_SECONDS", "add_solve_command", "solve_json"]

#: ``zerosum solve``'s time limit unless ``--time-limit`` says otherwise (ten minutes).
SOLVE_SECONDS = 600.0

#: Seconds of solving before ``zerosum solve`` says it is still at it, and until when.
STILL_SOLVING_SECONDS = 5.0

_NAMES = {1: "wins", 0: "draws", -1: "loses"}


def cmd_solve(args: argparse.Namespace) -> int:
    game = load_game(args.game)
    status = before_solve(game, args)
    if status is not None:  # a batch, solved there
        return status
    state, where = start_state(game, args)
    if game.is_terminal(state):
        raise UsageError(f"the game is over {where}: nothing to solve")
    result = _solve_in_time(game, state, args.weak, args.time_limit)
    if args.json:
        print(json.dumps(solve_json(game, result)))
    else:
        _print_solve(game, state, result, weak=args.weak)
    return 0


def _print_solve(game: Game, state: object, result: SolveResult, *, weak: bool) -> None:
    """The solve in words: the value for the player to move, then each move's."""
    plies = "" if result.plies is None else f" in {result.plies} plies"
    scored = "" if result.score is None else f" (score {result.score})"
    print(f"player {game.player(state)} to move {_NAMES[result.value]}{plies}{scored}")
    if result.values_only and not weak:
        print("  (values from the opening book: it has no distances this deep)")
    for action, value in result.action_values.items():
        steps = result.action_plies[action]
        after = "" if steps is None else f" in {steps}"
        score = "" if result.action_scores is None else f"  score {result.action_scores[action]}"
        best = "  (best)" if action in result.best_actions else ""
        print(f"  {format_action(game, action):>8}  {_NAMES[value]}{after}{score}{best}")
    print(f"{result.nodes} nodes, {result.seconds:.3f} s")


def _solve_in_time(game: Game, state: object, weak: bool, seconds: float | None) -> SolveResult:
    """Solve within ``seconds`` (None: no limit), saying on stderr after
    :data:`STILL_SOLVING_SECONDS` what it is doing and when it gives up; a game too big
    to solve in time ends with one line (exit 1), not hours of silence."""
    until = "no time limit" if seconds is None else f"gives up after {seconds:g} s"
    doing = f"solving {game_name(game)} ({until}; --time-limit)"
    try:
        # compiled solvers do not return to Python until done: a signal ends the process
        with notices.while_slow(doing, STILL_SOLVING_SECONDS), signals_end_process():
            with limit(seconds):
                return solve(game, state, weak=weak)
    except OutOfTime:
        raise OutOfTimeError(
            f"no exact answer within --time-limit {seconds:g} s: {game_name(game)} is too big "
            "to solve from here in that time (--time-limit SECONDS gives more, none no limit)"
        ) from None


def solve_json(game: Game, result: SolveResult) -> dict[str, object]:
    """The JSON form of a solve: scores when the game's own solver gave them, else values,
    plies and best moves; per-move numbers keyed by the human-format move."""
    fmt = functools.partial(format_action, game)
    if result.action_scores is not None:
        moves = {fmt(a): s for a, s in result.action_scores.items()}
        head: dict[str, object] = {"score": result.score, "moves": moves}
    else:
        head = {
            "value": result.value,
            "plies": result.plies,
            "moves": {fmt(a): v for a, v in result.action_values.items()},
            "plies_by_move": {fmt(a): p for a, p in result.action_plies.items()},
            "best": [fmt(a) for a in result.best_actions],
            "values_only": result.values_only,
        }
    return {**head, "nodes": result.nodes, "seconds": round(result.seconds, 6)}


def add_solve_command(commands: Commands) -> None:
    """Add ``solve`` to the CLI's subcommands."""
    solve_ = commands.add_parser("solve", help="solve a position exactly: every move's value")
    solve_.add_argument("game", help="game spec, e.g. migration:n=5")
    add_start_options(
        solve_, "moves from the start, space-separated (Connect Four also as digits: 4453)"
    )
    solve_.add_argument("--json", action="store_true", help="print one JSON object")
    solve_.add_argument(
        "--weak", action="store_true", help="win/draw/loss only, no distances (much faster)"
    )
    solve_.add_argument(
        "--time-limit",
        type=time_limit,
        default=SOLVE_SECONDS,
        metavar="SECONDS",
        help=f"give up after this long ({SOLVE_SECONDS:g}; none: no limit)",
    )
    solve_.add_argument(
        "--workers",
        type=positive_int,
        default=None,
        help="connect4: threads solving at once, each with its own table; migration --split: "
        "worker processes (default: all cores)",
    )
    add_game_solve_options(solve_)
    solve_.set_defaults(run=cmd_solve)
