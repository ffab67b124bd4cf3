"""The ``zerosum`` command: a thin layer over the library, one small function per subcommand.

Bad input of any kind ends with a one-line message on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from . import notices
from .agents import AGENTS, Human, SolveResult, make_agent, solve
from .arena import judge
from .budget import OutOfTime, limit
from .cli_analysis import add_analysis_commands
from .cli_arena import add_arena_commands
from .cli_types import (
    move_seconds,
    port_number,
    positive_float,
    positive_int,
    scheduler,
    time_limit,
)
from .game import ZerosumError, format_action, game_name, replay, split_moves
from .games import GAMES, load_game
from .hooks import own_hook
from .interrupts import exit_status, signals_end_process, sigterm_as_interrupt
from .limits import check_table_megabytes, check_workers
from .solve_batch import solve_lines

Command = Callable[[argparse.Namespace], int]

#: ``zerosum solve``'s time limit unless ``--time-limit`` says otherwise (ten minutes).
SOLVE_SECONDS = 600.0


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def _registry_table(registry: Any) -> str:
    lines = []
    for entry in registry:
        params = ", ".join(p.describe() for p in entry.params) or "no parameters"
        lines.append(f"{entry.name:<12} {entry.summary}\n{'':<12} {params}")
    return "\n".join(lines)


def cmd_games(args: argparse.Namespace) -> int:
    print(_registry_table(GAMES))
    return 0


def cmd_agents(args: argparse.Namespace) -> int:
    print(_registry_table(AGENTS))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    game = load_game(args.game)
    p1, p2 = make_agent(args.p1), make_agent(args.p2)
    for agent in (p1, p2):
        if isinstance(agent, Human):
            agent.show_board = False  # the judge prints every state already
    judge(game, p1, p2, seed=args.seed, move_seconds=args.move_seconds)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .web import serve  # the web stack is imported only when serving

    serve(
        args.host,
        args.port,
        move_seconds=args.move_seconds,
        games=args.game or (),
        agents=args.agent or (),
        trusted_proxy=args.trusted_proxy,
    )
    return 0


def cmd_book(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .book import build
    from .games.connect_four_book import BOOK_PATH

    workers = (os.cpu_count() or 1) if args.workers is None else check_workers(args.workers)
    out = BOOK_PATH if args.out is None else Path(args.out)
    build(
        args.plies,
        Path(args.journals),
        out,
        exact_plies=min(4, args.plies) if args.exact_plies is None else args.exact_plies,
        workers=workers,
        scheduler=args.scheduler,
    )
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    game = load_game(args.game)
    workers = (os.cpu_count() or 1) if args.workers is None else check_workers(args.workers)
    if args.tt_mb is not None or args.batch is not None:
        _prepare_connect4_solver(game, args.tt_mb)
    if args.batch is not None:
        from .games import connect_four_solver as connect4

        connect4.prepare_tables(workers, game.width, game.height)
        return _solve_batch(game, args.batch, weak=args.weak, workers=workers)
    if own_hook(game, "has_compiled_solver"):  # Connect Four's exact solver
        from .games import connect_four_solver as connect4

        connect4.set_default_workers(workers)  # the columns of the position at once
    state = replay(game, split_moves(game, args.moves))
    if game.is_terminal(state):
        raise UsageError(f"the game is over after {args.moves!r}: nothing to solve")
    result = _solve_in_time(game, state, args.weak, args.time_limit)
    if args.json:
        print(json.dumps(solve_json(game, result)))
        return 0
    names = {1: "wins", 0: "draws", -1: "loses"}
    plies = "" if result.plies is None else f" in {result.plies} plies"
    scored = "" if result.score is None else f" (score {result.score})"
    print(f"player {game.player(state)} to move {names[result.value]}{plies}{scored}")
    if result.values_only and not args.weak:
        print("  (values from the opening book: it has no distances this deep)")
    for action, value in result.action_values.items():
        steps = result.action_plies[action]
        after = "" if steps is None else f" in {steps}"
        score = "" if result.action_scores is None else f"  score {result.action_scores[action]}"
        best = "  (best)" if action in result.best_actions else ""
        print(f"  {format_action(game, action):>8}  {names[value]}{after}{score}{best}")
    print(f"{result.nodes} nodes, {result.seconds:.3f} s")
    return 0


#: Seconds of solving before ``zerosum solve`` says it is still at it, and until when.
STILL_SOLVING_SECONDS = 5.0


def _solve_in_time(game: Any, state: Any, weak: bool, seconds: float | None) -> SolveResult:
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


class OutOfTimeError(Exception):
    """``zerosum solve`` reached its time limit: one line, exit status 1."""


def _prepare_connect4_solver(game: Any, tt_mb: float | None) -> None:
    """Check the game has the compiled solver, size its table, and compile it once (saying so)."""
    if not own_hook(game, "has_compiled_solver"):
        raise UsageError("--batch and --tt-mb need connect4 with k=4 on at most 64 bits")
    from .games import connect_four_solver as connect4

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


def solve_json(game: Any, result: SolveResult) -> dict[str, Any]:
    """The JSON form of a solve: scores when the game's own solver gave them, else values,
    plies and best moves; per-move numbers keyed by the human-format move."""
    fmt = functools.partial(format_action, game)
    if result.action_scores is not None:
        moves = {fmt(a): s for a, s in result.action_scores.items()}
        head: dict[str, Any] = {"score": result.score, "moves": moves}
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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="zerosum", description=__doc__.split("\n")[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    commands.add_parser("games", help="list the built-in games and their parameters").set_defaults(
        run=cmd_games
    )
    commands.add_parser("agents", help="list the agents and their parameters").set_defaults(
        run=cmd_agents
    )

    play = commands.add_parser("play", help="play one game, printed move by move")
    play.add_argument("game", help="game spec, e.g. connect4 or migration:n=6")
    play.add_argument("--p1", default="human", help="agent spec of the first player (human)")
    play.add_argument("--p2", default="random", help="agent spec of the second player (random)")
    play.add_argument("--seed", type=int, default=None, help="seed for the agents' randomness")
    play.add_argument(
        "--move-seconds",
        type=move_seconds,
        default=5.0,
        help="time the computer may take per move; it then plays its best move so far (5)",
    )
    play.set_defaults(run=cmd_play)
    add_arena_commands(commands)
    add_analysis_commands(commands)

    serve = commands.add_parser("serve", help="play in the browser: serve the page")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (127.0.0.1)")
    serve.add_argument("--port", type=port_number, default=8000, help="port to listen on (8000)")
    serve.add_argument(
        "--move-seconds", type=move_seconds, default=5.0, help="cap on each computer move (5)"
    )
    serve.add_argument(
        "--game", action="append", metavar="SPEC", help="your game for the page: FILE.py:Class"
    )
    serve.add_argument(
        "--agent", action="append", metavar="SPEC", help="your agent for the page: FILE.py:name"
    )
    serve.add_argument(
        "--trusted-proxy",
        metavar="ADDR",
        help="believe X-Forwarded-For from this proxy address (comma-separated list) when "
        "counting a client's games; otherwise the connection's address counts",
    )
    serve.set_defaults(run=cmd_serve)
    solve_ = commands.add_parser("solve", help="solve a position exactly: every move's value")
    solve_.add_argument("game", help="game spec, e.g. migration:n=5")
    solve_.add_argument(
        "--moves",
        default="",
        help="moves from the start, space-separated (Connect Four also as digits: 4453)",
    )
    solve_.add_argument("--json", action="store_true", help="print one JSON object")
    solve_.add_argument(
        "--batch", metavar="FILE", help="connect4: solve one position per line ('-': stdin)"
    )
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
        "--tt-mb", type=positive_float, help="connect4: transposition table size in MB (default 8)"
    )
    solve_.add_argument(
        "--workers",
        type=positive_int,
        default=None,
        help="connect4: threads solving at once, each with its own table (default: all cores)",
    )
    solve_.set_defaults(run=cmd_solve)
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
    return parser


def _tell(note: str) -> None:
    print(f"zerosum: {note}", file=sys.stderr, flush=True)


def _warning_line(message: Warning | str, category: type[Warning], *args: Any, **kw: Any) -> None:
    """A warning as one line for the person at the terminal (a journal's dropped line),
    without Python's file, line and source."""
    _tell(str(message))


def _os_reason(exc: BaseException) -> str:
    """One line for a failed system call: its reason and the file it was about."""
    if not isinstance(exc, OSError) or exc.strerror is None:
        return str(exc)
    where = "" if exc.filename is None else f"{exc.filename}: "
    return f"{where}{exc.strerror}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status: 0, 1 when some lines of a batch
    failed, 2 for bad input, 130 after Ctrl-C and 143 after SIGTERM."""
    before = notices.listen(_tell)
    try:
        with sigterm_as_interrupt(), warnings.catch_warnings():
            warnings.showwarning = _warning_line
            args = build_parser().parse_args(argv)
            run: Command = args.run
            return run(args)
    except (UsageError, ZerosumError) as exc:
        print(f"zerosum: error: {exc}", file=sys.stderr)
        return 2
    except (OSError, OutOfTimeError) as exc:  # a write failed (disk full, read-only), or time
        print(f"zerosum: error: {_os_reason(exc)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM (Terminated)
        print(f"zerosum: {str(exc) or 'interrupted'}", file=sys.stderr)
        return exit_status(exc)
    finally:
        notices.listen(before)
