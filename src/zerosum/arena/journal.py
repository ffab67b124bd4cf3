"""The journal: one JSON line per finished game, appended and flushed as it finishes.

The first line describes the run (game, agents, seed, random opening). Running the same
match again with the same journal skips the games it holds, so a run killed at any
moment (even ``kill -9``) resumes and ends with the results of an uninterrupted run. A
journal of another game, other agents or another seed is refused; a last line cut off
mid-write is dropped with a warning (its game is played again).
"""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path
from typing import Any, TextIO

from ..game import ZerosumError
from .tasks import ArenaGame

__all__ = ["Journal", "JournalError", "kept_games"]

FORMAT = "zerosum-journal/1"


class JournalError(ZerosumError):
    """A journal that does not belong to this run, or is damaged beyond its last line."""


class Journal:
    """An append-only file of finished games, opened for one run.

    ``header`` identifies the run; ``names`` are the agents' names, in order.
    ``games`` holds what the file already had, keyed by ``(agent a, agent b, index)``.
    """

    def __init__(self, path: str | os.PathLike[str], header: dict[str, Any], names: list[str]):
        self.path = Path(path)
        self.names = names
        self.header = {"format": FORMAT, **header}
        self.games: dict[tuple[str, str, int], ArenaGame] = {}
        if self.path.exists() and self.path.stat().st_size:
            self._load()
        else:
            self.path.write_text(json.dumps(self.header) + "\n", encoding="utf-8")
        self._file: TextIO = open(self.path, "a", encoding="utf-8")  # noqa: SIM115

    def _load(self) -> None:
        text = self.path.read_text(encoding="utf-8")
        lines = text.split("\n")
        complete = text.endswith("\n")
        if not complete:
            warnings.warn(
                f"journal {self.path}: the last line is incomplete (the run was stopped while "
                f"writing it); dropping it, its game will be played again",
                RuntimeWarning,
                stacklevel=3,
            )
            lines[-1] = ""
            # cut the partial line off so the next append starts on a line of its own
            with open(self.path, "r+", encoding="utf-8") as f:
                f.truncate(len(text.encode()) - len(text.rpartition("\n")[2].encode()))
        try:
            found = json.loads(lines[0])
        except json.JSONDecodeError:
            found = None
        if not isinstance(found, dict) or found.get("format") != FORMAT:
            raise JournalError(f"{self.path} is not a zerosum journal (its first line is not one)")
        differ = [k for k in self.header if found.get(k) != self.header[k]]
        if differ:
            what = "; ".join(
                f"{k}: journal has {found.get(k)!r}, this run {self.header[k]!r}" for k in differ
            )
            raise JournalError(
                f"journal {self.path} belongs to another run ({what}); "
                f"use another journal file or the journal's settings"
            )
        for number, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            try:
                game = ArenaGame.from_dict(json.loads(line), self.names)
            except (ValueError, KeyError, TypeError) as exc:
                raise JournalError(
                    f"journal {self.path}, line {number} is damaged: {exc}"
                ) from None
            self.games[(self.names[game.a], self.names[game.b], game.index)] = game

    def append(self, game: ArenaGame) -> None:
        """Add one finished game as one line, flushed to the operating system at once (so
        killing this process loses nothing written; fsync per game would cost more than a
        fast game takes)."""
        self._file.write(json.dumps(game.to_dict(self.names)) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def kept_games(path: str | os.PathLike[str]) -> int:
    """How many finished games a journal file holds (complete lines after the header)."""
    try:
        with open(path, "rb") as f:
            return max(0, f.read().count(b"\n") - 1)
    except OSError:
        return 0
