"""A game's extra commands and options as data: what a game folder says about the
``zerosum`` command, which the command line (``cli/game_commands.py``) builds into
argparse. A game describes; it never parses, so no game folder imports argparse.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Option", "Command"]


@dataclass(frozen=True)
class Option:
    """One argument of a command: its ``flags`` (``("--plies",)``, or a positional's name),
    the line ``--help`` prints, and what argparse needs to read it: ``type`` (a function
    from the text, or None for the text itself), ``default``, ``metavar``, ``nargs`` and
    ``action`` (``"store_true"`` for a switch). None leaves argparse's own default."""

    flags: tuple[str, ...]
    help: str
    type: Callable[[str], object] | None = None
    default: object = None
    metavar: str | None = None
    nargs: str | None = None
    action: str | None = None

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments of argparse's ``add_argument`` this option stands for
        (those left None are left out, as before)."""
        named = {"type": self.type, "default": self.default, "metavar": self.metavar,
                 "nargs": self.nargs, "action": self.action}  # fmt: skip
        return {"help": self.help} | {key: value for key, value in named.items()
                                      if value is not None}  # fmt: skip


@dataclass(frozen=True)
class Command:
    """A subcommand of ``zerosum`` a game brings (Connect Four's ``book``): its ``name``,
    the line ``zerosum --help`` prints for it, its options, and ``run(args) -> status``
    over the parsed arguments."""

    name: str
    help: str
    options: tuple[Option, ...]
    run: Callable[[argparse.Namespace], int]
