"""The commands and options that registered games bring to the command line (Connect Four's
``zerosum book`` and ``solve --batch``): a game class whose registered fast paths
(:class:`zerosum.fast_paths.FastPaths`) carry a ``command_line``
(:func:`zerosum.hooks.command_line`) gets the kit below and describes them as data
(:mod:`zerosum.records.commands`), which this module builds into argparse; no module here
names a game, and no game imports argparse.

A game sits below the arena and the command line, so it imports neither: the kit lends it
their parts, the argument types (:mod:`.types`) and the arena's pools of worker processes.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import cache

from .. import hooks
from ..game import Game
from ..games import GAMES
from ..hosting.pools import Pool, open_pool
from ..records.commands import Option
from .types import Commands, positive_float, positive_int, scheduler

__all__ = ["Kit", "add_game_commands", "add_game_solve_options", "before_solve"]


@dataclass
class Kit:
    """What the command line lends a game's commands (``CommandKit`` on the game's side)."""

    positive_int: Callable[[str], int] = positive_int
    positive_float: Callable[[str], float] = positive_float
    scheduler: Callable[[str], str] = scheduler
    open_pool: Callable[[int, str | None], AbstractContextManager[Pool]] = open_pool


@cache
def _game_parts() -> tuple[hooks.GameCommands, ...]:
    """Each registered game's command-line part (its bundle's ``command_line``), built once
    with the kit."""
    kit = Kit()
    found = (hooks.command_line(entry.factory) for entry in GAMES)
    return tuple(part(kit) for part in found if part is not None)


def _add_options(parser: argparse.ArgumentParser, options: Iterable[Option]) -> None:
    """Build a game's options, described as data (:class:`~zerosum.records.commands.Option`),
    into argparse."""
    for option in options:
        parser.add_argument(*option.flags, **option.arguments())


def add_game_commands(commands: Commands) -> None:
    """Add the games' own subcommands, built from each command's description."""
    for part in _game_parts():
        for command in part.commands:
            parser = commands.add_parser(command.name, help=command.help)
            _add_options(parser, command.options)
            parser.set_defaults(run=command.run)


def add_game_solve_options(solve: argparse.ArgumentParser) -> None:
    """Add the games' own options to ``zerosum solve``."""
    for part in _game_parts():
        _add_options(solve, part.solve_options)


def before_solve(game: Game, args: argparse.Namespace) -> int | None:
    """Let each game's part act on ``zerosum solve``'s options before the position is solved:
    the exit status if one did the work itself (Connect Four's ``--batch``), else None."""
    for part in _game_parts():
        status = part.before_solve(game, args)
        if status is not None:
            return status
    return None
