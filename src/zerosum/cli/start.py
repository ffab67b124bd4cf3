"""Where a command starts: ``--moves`` from the start or ``--position`` as text, one or
the other (text that cannot be read or cannot occur: one line, exit 2)."""

from __future__ import annotations

import argparse

from ..game import Game, replay, split_moves
from ..position import position

__all__ = ["add_start_options", "start_state"]

POSITION_HELP = (
    "the position as text: the board as it prints, or its one line with the side to move "
    "(tictactoe: 'XO./.X./... O'; Connect Four also its moves, '4453')"
)


def add_start_options(parser: argparse.ArgumentParser, moves_help: str) -> None:
    """Add ``--moves`` and ``--position``, which exclude each other."""
    start = parser.add_mutually_exclusive_group()
    start.add_argument("--moves", default="", help=moves_help)
    start.add_argument("--position", metavar="TEXT", default=None, help=POSITION_HELP)


def start_state(game: Game, args: argparse.Namespace) -> tuple[object, str]:
    """The state the options name, and where that is in words ("after '4453'", "at the
    start", "in the position given") for the command that finds the game over there."""
    if args.position is not None:
        state, where = position(game, args.position), "in the position given"
    else:
        state = replay(game, split_moves(game, args.moves))
        where = f"after {args.moves!r}" if args.moves.strip() else "at the start"
    return state, where
