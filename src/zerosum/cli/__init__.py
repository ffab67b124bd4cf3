"""The ``zerosum`` command: a thin layer over the library, one small function per subcommand.

One module per command or family of commands (:mod:`.listing`, :mod:`.play`, :mod:`.match`,
:mod:`.analysis`, :mod:`.explain`, :mod:`.serve`, :mod:`.solve`,
:mod:`.assignment`), the games' own commands
found through their registry (:mod:`.game_commands`), the argument types in :mod:`.types`.
Bad input of any kind ends with a one-line message on stderr and exit status 2; a reader
that stops reading the output early (``| head``) ends the command quietly.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import warnings
from collections.abc import Callable, Sequence

from .. import __version__, notices
from ..game import ZerosumError
from ..interrupts import exit_status, sigterm_as_interrupt
from .analysis import add_analysis_commands
from .assignment import add_assignment_command
from .autograde import add_autograde_command
from .errors import OutOfTimeError, Parser, UsageError, os_reason, tell, warning_line
from .explain import add_explain_command
from .game_commands import add_game_commands
from .learn import add_learn_command
from .listing import add_listing_commands
from .match import add_arena_commands
from .play import add_play_command
from .serve import add_serve_command
from .solve import add_solve_command

__all__ = ["OutOfTimeError", "UsageError", "build_parser", "main"]

Command = Callable[[argparse.Namespace], int]

DESCRIPTION = "Two-player zero-sum games: play them, match agents, solve positions, explain a move."


def build_parser() -> argparse.ArgumentParser:
    """The parser of every subcommand, each with its ``run`` function."""
    parser = Parser(prog="zerosum", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"zerosum {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    add_listing_commands(commands)
    add_play_command(commands)
    add_arena_commands(commands)
    add_analysis_commands(commands)
    add_explain_command(commands)
    add_serve_command(commands)
    add_solve_command(commands)
    add_assignment_command(commands)  # the teacher's: hand out, then grade
    add_autograde_command(commands)
    add_learn_command(commands)
    add_game_commands(commands)  # Connect Four's book
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status: 0, 1 when some lines of a batch
    failed, 2 for bad input, 130 after Ctrl-C and 143 after SIGTERM."""
    before = notices.listen(tell)
    try:
        with sigterm_as_interrupt(), warnings.catch_warnings():
            warnings.showwarning = warning_line
            args = build_parser().parse_args(argv)
            run: Command = args.run
            return run(args)
    except (UsageError, ZerosumError) as exc:
        print(f"zerosum: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader of the output left (``zerosum games | head -1``)
        _quiet_stdout()
        return 128 + signal.SIGPIPE  # as a process that SIGPIPE ended
    except (OSError, OutOfTimeError) as exc:  # a write failed (disk full, read-only), or time
        print(f"zerosum: error: {os_reason(exc)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM (Terminated)
        print(f"zerosum: {str(exc) or 'interrupted'}", file=sys.stderr)
        return exit_status(exc)
    finally:
        notices.listen(before)


def _quiet_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush of
    what is still buffered for a reader that left prints no second error."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)
