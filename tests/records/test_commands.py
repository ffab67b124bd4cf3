"""A game's commands as data (``zerosum.records.commands``): an option stands for exactly
the ``add_argument`` keywords it sets, and no game folder parses arguments itself."""

from __future__ import annotations

from pathlib import Path

from zerosum.records.commands import Command, Option

GAMES = Path(__file__).resolve().parents[2] / "src" / "zerosum" / "games"


def test_an_option_passes_only_what_it_sets() -> None:
    assert Option(("--out",), "the file").arguments() == {"help": "the file"}
    assert Option(("--n",), "how many", int, 8, metavar="N").arguments() == {
        "help": "how many", "type": int, "default": 8, "metavar": "N"
    }  # fmt: skip
    assert Option(("--status",), "only say", action="store_true").arguments() == {
        "help": "only say", "action": "store_true"
    }  # fmt: skip
    assert Option(("file",), "a file", nargs="?").arguments() == {"help": "a file", "nargs": "?"}


def test_a_command_keeps_its_parts() -> None:
    option = Option(("--plies",), "how deep", int, 8)
    command = Command("book", "build it", (option,), lambda args: 0)
    assert (command.name, command.help, command.options) == ("book", "build it", (option,))
    assert command.run(None) == 0


def test_no_game_folder_imports_argparse() -> None:
    found = [path for path in GAMES.rglob("*.py") if "argparse" in path.read_text()]
    assert found == []
