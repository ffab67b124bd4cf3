"""How the ``zerosum`` command fails and speaks: the errors each command may raise, the
parser that turns argparse's complaints into one of them, and the one-line notes on stderr."""

from __future__ import annotations

import argparse
import re
import sys
from typing import NoReturn

from ..spec import did_you_mean

#: argparse's words for a value outside an argument's choices (quoted or not, by version).
_INVALID_CHOICE = re.compile(
    r"argument (?P<dest>[^:]+): invalid choice: (?P<q>'?)(?P<value>.*?)(?P=q) "
    r"\(choose from (?P<choices>.*)\)$"
)


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


class OutOfTimeError(Exception):
    """``zerosum solve`` reached its time limit: one line, exit status 1."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are :class:`UsageError` (one line), not a usage dump.

    The line names the program once (``main`` prints ``zerosum: error:``) and the
    subcommand it is about, and a value outside an argument's choices gets the closest
    valid one (``did you mean``)."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.partition(" ")[2]  # "zerosum play" -> "play"; "zerosum" -> ""
        message = _with_suggestion(message)
        raise UsageError(f"{command}: {message}" if command else message)


def _with_suggestion(message: str) -> str:
    """argparse's ``invalid choice`` message with the closest choice, if any, and an
    unknown subcommand said as such: ``unknown command 'tournamnt' (did you mean
    'tournament'?); choose from ...``. Other messages are kept as they are."""
    found = _INVALID_CHOICE.fullmatch(message)
    if found is None:
        return message
    choices = [c.strip().strip("'") for c in found["choices"].split(",")]
    value, hint = found["value"], did_you_mean(found["value"], choices)
    what = "command" if found["dest"] == "command" else f"choice for {found['dest']}"
    return f"unknown {what} {value!r}{hint}; choose from {', '.join(choices)}"


def tell(note: str) -> None:
    """One note for the person at the terminal, on stderr, at once."""
    print(f"zerosum: {note}", file=sys.stderr, flush=True)


def warning_line(
    message: Warning | str, category: type[Warning], *args: object, **kw: object
) -> None:
    """A warning as one line for the person at the terminal (a journal's dropped line),
    without Python's file, line and source."""
    tell(str(message))


def os_reason(exc: BaseException) -> str:
    """One line for a failed system call: its reason and the file it was about."""
    if not isinstance(exc, OSError) or exc.strerror is None:
        return str(exc)
    where = "" if exc.filename is None else f"{exc.filename}: "
    return f"{where}{exc.strerror}"
