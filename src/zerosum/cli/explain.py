"""The ``zerosum explain`` command: the tree an agent's search explores for one move,
printed as an indented text tree (:mod:`zerosum.trace.text`). On a small game whose
compiled search this machine has not compiled yet, the agent's Python search answers
instead, saying so (:func:`~zerosum.hosting.standin.without_compiling`)."""

from __future__ import annotations

import argparse

from .. import hooks
from ..agents import make_agent
from ..agents.base import Agent
from ..agents.tracing import TRACEABLE, trace
from ..budget import limit
from ..game import game_name
from ..games import load_game
from ..hosting.standin import NOT_COMPILED, without_compiling
from ..records.trace import Trace
from .errors import UsageError
from .start import add_start_options, start_state
from .types import Commands, count_up_to, move_seconds, plies

__all__ = ["MAX_CAP", "add_explain_command"]

#: The most nodes ``--cap`` keeps: a line each, which no one reads past this many.
MAX_CAP = 100_000


def cmd_explain(args: argparse.Namespace) -> int:
    game = load_game(args.game)
    agent = make_agent(args.agent)
    if hooks.traced(agent) is None:
        raise UsageError(
            f"agent {args.agent!r} cannot show its search: explain follows {TRACEABLE}"
        )
    state, where = start_state(game, args)
    if game.is_terminal(state):
        raise UsageError(f"{game_name(game)} is over {where}: there is no move to explain")

    def traced(searcher: Agent) -> Trace:
        with limit(args.move_seconds):  # an agent without a depth would search to the end
            return trace(searcher, game, state, cap=args.cap)

    found, standing_in = without_compiling(agent, game, traced)
    if standing_in:
        found.note = "; ".join(filter(None, [NOT_COMPILED, found.note]))
    print(found.text(depth=args.depth))
    return 0


def add_explain_command(commands: Commands) -> None:
    """Add ``explain`` to the CLI's subcommands."""
    explain = commands.add_parser(
        "explain", help="the tree an agent's search explores for a move, as indented text"
    )
    explain.add_argument("game", help="game spec, e.g. tictactoe or connect4:width=5")
    explain.add_argument("agent", help="agent spec, e.g. alphabeta:depth=3 or mcts:iterations=50")
    add_start_options(
        explain, "moves from the start to the position, space-separated (Connect Four also 4453)"
    )
    explain.add_argument(
        "--cap",
        type=count_up_to(MAX_CAP, "MAX_CAP"),
        default=200,
        metavar="N",
        help="keep at most N nodes; the last line says what was left out (200)",
    )
    explain.add_argument(
        "--depth",
        type=plies,
        default=None,
        metavar="D",
        help="show nodes down to D plies below the position, counting the rest (all)",
    )
    explain.add_argument(
        "--move-seconds",
        type=move_seconds,
        default=5.0,
        help="time the search may take; it then shows its last finished iteration (5)",
    )
    explain.set_defaults(run=cmd_explain)
