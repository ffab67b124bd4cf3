"""How the ``zerosum`` command fails and speaks: the errors each command may raise, the
parser that turns argparse's complaints into one of them, and the one-line notes on stderr."""

from __future__ import annotations

import argparse
import sys
from typing import Any, NoReturn


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


class OutOfTimeError(Exception):
    """``zerosum solve`` reached its time limit: one line, exit status 1."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are :class:`UsageError` (one line), not a usage dump."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def tell(note: str) -> None:
    """One note for the person at the terminal, on stderr, at once."""
    print(f"zerosum: {note}", file=sys.stderr, flush=True)


def warning_line(message: Warning | str, category: type[Warning], *args: Any, **kw: Any) -> None:
    """A warning as one line for the person at the terminal (a journal's dropped line),
    without Python's file, line and source."""
    tell(str(message))


def os_reason(exc: BaseException) -> str:
    """One line for a failed system call: its reason and the file it was about."""
    if not isinstance(exc, OSError) or exc.strerror is None:
        return str(exc)
    where = "" if exc.filename is None else f"{exc.filename}: "
    return f"{where}{exc.strerror}"
