"""The ``zerosum serve`` command: the page to play in the browser."""

from __future__ import annotations

import argparse

from .types import Commands, move_seconds, port_number

__all__ = ["add_serve_command"]


def cmd_serve(args: argparse.Namespace) -> int:
    from ..web import serve  # the web stack is imported only when serving

    serve(
        args.host,
        args.port,
        move_seconds=args.move_seconds,
        games=args.game or (),
        agents=args.agent or (),
        trusted_proxy=args.trusted_proxy,
    )
    return 0


def add_serve_command(commands: Commands) -> None:
    """Add ``serve`` to the CLI's subcommands."""
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
