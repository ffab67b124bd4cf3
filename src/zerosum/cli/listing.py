"""The ``zerosum games`` and ``zerosum agents`` commands: the registries as tables."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import TypeVar

from ..agents import AGENTS
from ..games import GAMES
from ..spec import Entry
from .types import Commands

_T = TypeVar("_T")

__all__ = ["add_listing_commands"]


def _registry_table(registry: Iterable[Entry[_T]]) -> str:
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


def add_listing_commands(commands: Commands) -> None:
    """Add ``games`` and ``agents`` to the CLI's subcommands."""
    games = commands.add_parser("games", help="list the built-in games and their parameters")
    games.set_defaults(run=cmd_games)
    agents = commands.add_parser("agents", help="list the agents and their parameters")
    agents.set_defaults(run=cmd_agents)
