"""The command line builds the games' commands from their descriptions
(``zerosum.cli.game_commands``): each described option reads as argparse reads it."""

from __future__ import annotations

import argparse

import pytest

from zerosum.cli import game_commands
from zerosum.cli.types import positive_int
from zerosum.records.commands import Command, Option


class Part:
    """A game's part of the command, described as data."""

    def __init__(self) -> None:
        self.ran: list[argparse.Namespace] = []
        self.commands = (
            Command(
                "tally",
                "count the stones",
                (
                    Option(("file",), "the file", nargs="?"),
                    Option(("--plies",), "how deep (8)", positive_int, 8, metavar="N"),
                    Option(("--quiet",), "say nothing", action="store_true"),
                ),
                self.run,
            ),
        )
        self.solve_options = (Option(("--tt-mb",), "table size", float),)

    def run(self, args: argparse.Namespace) -> int:
        self.ran.append(args)
        return 3

    def before_solve(self, game: object, args: argparse.Namespace) -> int | None:
        return None


@pytest.fixture
def part(monkeypatch: pytest.MonkeyPatch) -> Part:
    made = Part()
    monkeypatch.setattr(game_commands, "_game_parts", lambda: (made,))
    return made


def test_a_described_command_is_built_into_argparse(
    part: Part, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = argparse.ArgumentParser(prog="zerosum")
    game_commands.add_game_commands(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["tally", "f.txt", "--plies", "3", "--quiet"])
    assert (args.file, args.plies, args.quiet) == ("f.txt", 3, True)
    assert args.run(args) == 3 and part.ran == [args]
    defaults = parser.parse_args(["tally"])
    assert (defaults.file, defaults.plies, defaults.quiet) == (None, 8, False)
    with pytest.raises(SystemExit):
        parser.parse_args(["tally", "--plies", "0"])  # the type refuses it as it is read
    with pytest.raises(SystemExit):
        parser.parse_args(["tally", "--help"])
    assert "--plies N" in capsys.readouterr().out


def test_described_solve_options_are_added(part: Part) -> None:
    solve = argparse.ArgumentParser(prog="zerosum solve")
    game_commands.add_game_solve_options(solve)
    assert solve.parse_args(["--tt-mb", "2.5"]).tt_mb == 2.5
    assert solve.parse_args([]).tt_mb is None
