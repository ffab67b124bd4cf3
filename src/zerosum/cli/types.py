"""Argument types of the ``zerosum`` command, in one place: each refuses nonsense (zero,
negative, not a number, infinite, over a named limit of :mod:`zerosum.limits`) while the
command line is read, so argparse reports it as one line naming the option (exit 2).

>>> count_up_to(10, "TEN")("1e1"), move_seconds("0.5"), margin_seconds("0")
(10, 0.5, 0.0)
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

from ..game import ZerosumError
from ..limits import (
    MAX_PROBES,
    LimitError,
    check_margin_seconds,
    check_memory_megabytes,
    check_move_seconds,
)

#: The longest ``--time-limit`` (a week): longer is no limit in practice, so say none.
WEEK_SECONDS = 7 * 24 * 3600.0

__all__ = [
    "Commands",
    "count_up_to",
    "margin_seconds",
    "megabytes",
    "move_seconds",
    "plies",
    "port_number",
    "positive_float",
    "positive_int",
    "probes",
    "scheduler",
    "time_limit",
    "widths",
]

if TYPE_CHECKING:
    from .errors import Parser

#: The CLI's subcommands, as ``add_subparsers`` returns them: what each module adds its
#: commands to.
Commands: TypeAlias = "argparse._SubParsersAction[Parser]"


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None


def _whole(text: str) -> int:
    """A whole number, also written as ``1e5`` or ``100.0``."""
    try:
        return int(text)
    except ValueError:
        value = _number(text)
    if not math.isfinite(value) or value != int(value):
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}")
    return int(value)


def positive_int(text: str) -> int:
    """A whole number of at least 1."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return value


def positive_float(text: str) -> float:
    """A finite number above 0."""
    value = _number(text)
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a number above 0, not {text!r}")
    return value


def count_up_to(limit: int, name: str, low: int = 1) -> Callable[[str], int]:
    """The type of a whole number from ``low`` to ``limit`` (the constant of
    :mod:`zerosum.limits` called ``name``, which the error names)."""

    def count(text: str) -> int:
        value = _whole(text)
        if value < low:
            raise argparse.ArgumentTypeError(
                f"expected a whole number of at least {low}, not {text!r}"
            )
        if value > limit:
            raise argparse.ArgumentTypeError(f"{value} is over the limit of {limit} ({name})")
        return value

    return count


#: ``analyze --probes``: random games, 0 (none) to :data:`~zerosum.limits.MAX_PROBES`.
probes = count_up_to(MAX_PROBES, "MAX_PROBES", low=0)


def plies(text: str) -> int:
    """A number of plies: a whole number of at least 0."""
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 0, not {text!r}")
    return value


def widths(text: str) -> tuple[int, ...]:
    """Layer widths, comma-separated whole numbers of at least 1: ``256,256``."""
    parts = text.split(",")
    try:
        values = tuple(int(part) for part in parts)
    except ValueError:
        values = ()
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(
            f"expected widths of at least 1 separated by commas, e.g. 256,256, not {text!r}"
        )
    return values


def margin_seconds(text: str) -> float:
    """Seconds of grace: at least 0 and at most :data:`~zerosum.limits.MAX_MOVE_SECONDS`."""
    try:
        return check_margin_seconds(_number(text), "the margin")
    except LimitError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def megabytes(text: str) -> int:
    """A whole number of MB, at least 1 and at most this machine's memory."""
    try:
        return check_memory_megabytes(_whole(text), "the value")
    except LimitError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def port_number(text: str) -> int:
    """A TCP port from 1 to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number 1..65535, not {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port number 1..65535, not {port}")
    return port


def move_seconds(text: str) -> float:
    """Seconds for a computer move: above 0 and at most
    :data:`~zerosum.limits.MAX_MOVE_SECONDS` (see ``check_move_seconds``)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    try:
        return check_move_seconds(value)
    except LimitError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def time_limit(text: str) -> float | None:
    """Seconds above 0 (at most a week), or ``none``: no limit."""
    if text.strip().lower() == "none":
        return None
    value = _number(text)
    if not (math.isfinite(value) and 0 < value <= WEEK_SECONDS):
        raise argparse.ArgumentTypeError(
            f"expected seconds above 0 and at most {WEEK_SECONDS:g} (a week), or none, not {text!r}"
        )
    return value


def scheduler(text: str) -> str:
    """A Dask scheduler's address, checked for form (see ``check_scheduler``)."""
    from ..hosting.pools import check_scheduler

    try:
        return check_scheduler(text)
    except ZerosumError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
