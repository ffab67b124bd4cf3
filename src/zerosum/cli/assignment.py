"""The ``zerosum assignment`` commands: the built-in assignments listed, and a starter
for students written into a new folder (:mod:`zerosum.teach.assignments`)."""

from __future__ import annotations

import argparse
from typing import Any

from ..teach.assignments import ASSIGNMENTS, write_starter

__all__ = ["add_assignment_command"]


def cmd_list(args: argparse.Namespace) -> int:
    width = max(len(a.name) for a in ASSIGNMENTS) + 2
    for chosen in ASSIGNMENTS:
        print(f"{chosen.name:<{width}}{chosen.summary}")
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    for path in write_starter(args.name, args.folder):
        print(f"wrote {path}")
    return 0


def add_assignment_command(commands: Any) -> None:
    """Add ``assignment list`` and ``assignment new NAME DIR`` to the CLI's subcommands."""
    parser = commands.add_parser(
        "assignment", help="the built-in assignments, and starters for students"
    )
    actions = parser.add_subparsers(dest="action", required=True, parser_class=type(parser))
    listing = actions.add_parser("list", help="name the built-in assignments")
    listing.set_defaults(run=cmd_list)
    new = actions.add_parser(
        "new",
        help="write an assignment's starter for students into a new folder: the stub to "
        "fill in, its instructions and an example notebook",
    )
    new.add_argument(
        "name", metavar="NAME", help="the assignment, e.g. alphabeta (zerosum assignment list)"
    )
    new.add_argument("folder", metavar="DIR", help="a new or empty folder")
    new.set_defaults(run=cmd_new)
