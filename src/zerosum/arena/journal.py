"""The journal: one JSON line per finished game, appended and flushed as it finishes.

The first line describes the run: the game, the agents (names and specs), the seed, the
sides and openings, each agent's time limits and memory, so every setting that changes a
game's result. Running the same match again with the same journal skips the games it
holds, so a run killed at any moment (even ``kill -9``) resumes and ends with the results
of an uninterrupted run. A journal of another run is refused, and so is a game line that
does not match the game this run plans under its key (another seed, another first
player: a line from another journal). A line that cannot be read (not UTF-8, not JSON,
nested too deeply) is an error naming the file and line, except a last line cut off
mid-write, which is dropped with a :class:`JournalNote` (its game is played again). A
failed write (disk full, read-only) raises :class:`~zerosum.files.WriteError`: the lines
before it are kept, and the same run resumes from them.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, BinaryIO

from ..files import WriteError, check_output
from ..game import ZerosumError
from ..records.jsonvalue import JSONObject
from .tasks import ArenaGame, Entrant, GameTask

__all__ = ["Journal", "JournalError", "JournalNote", "kept_games", "run_identity"]

FORMAT = "zerosum-journal/1"


class JournalError(ZerosumError):
    """A journal that does not belong to this run, or is damaged beyond its last line."""


class JournalNote(RuntimeWarning):
    """Something a journal's reader did that the user should know of (a cut line dropped)."""


def run_identity(entrants: Iterable[Entrant]) -> JSONObject:
    """What a journal's header records of the agents beyond their names: each one's spec
    (its spec string, or the ``repr`` of an agent object whose class defines one; None
    otherwise, when the name is all there is to compare), the time it is told it has per
    move and its memory cap."""
    people = list(entrants)
    return {
        "specs": [_spec(e.agent) for e in people],
        "budgets": [e.move_time for e in people],  # the key journals have always had
        "memory_mb": [e.memory_mb for e in people],
    }


def _spec(agent: object) -> str | None:
    if isinstance(agent, str):
        return agent
    return repr(agent) if type(agent).__repr__ is not object.__repr__ else None


class Journal:
    """An append-only file of finished games, opened for one run.

    ``header`` identifies the run; ``names`` are the agents' names, in order; ``tasks``
    the games the run plans, against which the file's lines are checked.
    ``games`` holds what the file already had, keyed by ``(agent a, agent b, index)``.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        header: Mapping[str, object],
        names: list[str],
        tasks: Iterable[GameTask] = (),
    ):
        self.path = Path(path)
        self.names = names
        self.header = {"format": FORMAT, **header}
        self.planned = {task.key: task for task in tasks}
        self.games: dict[tuple[str, str, int], ArenaGame] = {}
        check_output(self.path, "journal")
        try:
            if self.path.exists() and self.path.stat().st_size:
                self._load()
                self._file: BinaryIO = open(self.path, "ab", buffering=0)  # noqa: SIM115
            else:
                self._file = open(self.path, "wb", buffering=0)  # noqa: SIM115
                self._write(json.dumps(self.header))
        except OSError as exc:
            raise self._error(exc) from None

    def _error(self, exc: OSError) -> WriteError:
        return WriteError(
            f"cannot write journal {self.path}: {exc.strerror or exc}; the games it holds are "
            "kept: run the same command again to resume once it can be written"
        )

    def _load(self) -> None:
        data = self.path.read_bytes()
        lines = data.split(b"\n")
        if lines[-1]:  # no newline at the end: the run stopped while writing it
            warnings.warn(
                f"journal {self.path}: the last line is incomplete (the run was stopped while "
                f"writing it); dropping it, its game will be played again",
                JournalNote,
                stacklevel=4,
            )
            # cut the partial line off so the next append starts on a line of its own
            with open(self.path, "r+b") as f:
                f.truncate(len(data) - len(lines[-1]))
        try:
            found = self._read(lines[0], 1)
        except JournalError:
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
        for number, line in enumerate(lines[1:-1], start=2):
            if not line.strip():
                continue
            try:
                game = ArenaGame.from_dict(self._read(line, number), self.names)
            except KeyError as exc:  # a field missing, or an agent not in this run
                raise JournalError(
                    f"{self.path}:{number}: a damaged game line (missing or unknown {exc})"
                ) from None
            except (ValueError, TypeError) as exc:
                if isinstance(exc, JournalError):
                    raise
                raise JournalError(f"{self.path}:{number}: a damaged game line ({exc})") from None
            key = (self.names[game.a], self.names[game.b], game.index)
            self._check(game, key, number)
            self.games[key] = game

    def _read(self, line: bytes, number: int) -> Any:
        """One line's JSON, or a :class:`JournalError` naming the file and line."""
        where = f"{self.path}:{number}"
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JournalError(f"{where}: not UTF-8 text (byte {exc.start + 1})") from None
        try:
            return json.loads(text)
        except RecursionError:
            raise JournalError(f"{where}: JSON nested too deeply to be a journal line") from None
        except ValueError as exc:
            raise JournalError(f"{where}: not a JSON line ({exc})") from None

    def _check(self, game: ArenaGame, key: tuple[str, str, int], number: int) -> None:
        """Refuse a line whose game is not the one this run plans under its key."""
        task = self.planned.get(key)
        if task is None:
            return  # a game this run does not play (a longer run's): kept, never used
        if (game.seed, game.first) != (task.seed, task.first):
            raise JournalError(
                f"{self.path}:{number}: the game {key[0]} v {key[1]} #{key[2]} has seed "
                f"{game.seed} and {self.names[game.first]} first, but this run plays it with "
                f"seed {task.seed} and {self.names[task.first]} first: the line is from "
                "another run; remove it or use another journal file"
            )

    def _write(self, line: str) -> None:
        """Write one line straight to the operating system (no buffer that a failed
        write would leave behind to be tried again)."""
        data = memoryview(line.encode("utf-8") + b"\n")
        while data:
            data = data[self._file.write(data) or 0 :]

    def append(self, game: ArenaGame) -> None:
        """Add one finished game as one line, flushed to the operating system at once (so
        killing this process loses nothing written; fsync per game would cost more than a
        fast game takes)."""
        try:
            self._write(json.dumps(game.to_dict(self.names)))
        except OSError as exc:
            raise self._error(exc) from None

    def close(self) -> None:
        self._file.close()


def kept_games(path: str | os.PathLike[str]) -> int:
    """How many finished games a journal file holds (complete lines after the header)."""
    try:
        with open(path, "rb") as f:
            return max(0, f.read().count(b"\n") - 1)
    except OSError:
        return 0
