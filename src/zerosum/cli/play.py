"""The ``zerosum play`` command: one game, printed move by move."""

from __future__ import annotations

import argparse
from typing import Any

from ..agents import Human, make_agent
from ..arena import judge
from ..game import game_name
from ..games import load_game
from .errors import UsageError
from .start import add_start_options, start_state
from .types import move_seconds

__all__ = ["add_play_command"]


def cmd_play(args: argparse.Namespace) -> int:
    game = load_game(args.game)
    p1, p2 = make_agent(args.p1), make_agent(args.p2)
    for agent in (p1, p2):
        if isinstance(agent, Human):
            agent.show_board = False  # the judge prints every state already
    state, where = start_state(game, args)
    if game.is_terminal(state):
        raise UsageError(f"{game_name(game)} is over {where}: there is no move to play")
    judge(
        game,
        p1,
        p2,
        seed=args.seed,
        move_seconds=args.move_seconds,
        thinking=args.thinking,
        state=state,
    )
    return 0


def add_play_command(commands: Any) -> None:
    """Add ``play`` to the CLI's subcommands."""
    play = commands.add_parser("play", help="play one game, printed move by move")
    play.add_argument("game", help="game spec, e.g. connect4 or migration:n=6")
    play.add_argument("--p1", default="human", help="agent spec of the first player (human)")
    play.add_argument("--p2", default="random", help="agent spec of the second player (random)")
    play.add_argument("--seed", type=int, default=None, help="seed for the agents' randomness")
    add_start_options(
        play, "moves from the start to play on from, space-separated (Connect Four also 4453)"
    )
    play.add_argument(
        "--move-seconds",
        type=move_seconds,
        default=5.0,
        help="time the computer may take per move; it then plays its best move so far (5)",
    )
    # on by default: the terminal's twin of the page, which always shows what the computer
    # thought; the course-style printout of zs.judge keeps it off
    play.add_argument(
        "--thinking",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="after each computer move, say who it thinks is winning and what each move "
        "it rated was worth to it (on; --no-thinking: moves and boards only)",
    )
    play.set_defaults(run=cmd_play)
