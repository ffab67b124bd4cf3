"""Progress of a run: a rich bar on a terminal, plain log lines otherwise."""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, TextIO

from ..progress_line import progress_line

if TYPE_CHECKING:
    from rich.progress import TaskID

__all__ = ["Progress", "make_progress"]


class Progress:
    """Silent progress (the base): counts games done."""

    def __init__(self, total: int, done: int = 0) -> None:
        self.total, self.done = total, done

    def advance(self) -> None:
        self.done += 1

    def close(self) -> None:
        pass


class LogProgress(Progress):
    """A line ``games 12/40 (30.0%) in 4 s, 3.1 a second: about 9 s left`` at most every
    ``every`` seconds (:func:`~zerosum.progress_line.progress_line`)."""

    def __init__(self, total: int, done: int, stream: TextIO, every: float = 2.0) -> None:
        super().__init__(total, done)
        self.stream, self.every = stream, every
        self.start = self.last = time.monotonic()
        self.resumed = done

    def line(self) -> str:
        spent = time.monotonic() - self.start
        return progress_line("games", self.done, self.total, spent, self.resumed)

    def advance(self) -> None:
        super().advance()
        now = time.monotonic()
        if now - self.last >= self.every or self.done == self.total:
            self.last = now
            print(self.line(), file=self.stream, flush=True)

    def close(self) -> None:
        if self.done != self.total:
            print(self.line(), file=self.stream, flush=True)


class RichProgress(Progress):
    """A rich progress bar: games done, games per second, time left."""

    def __init__(self, total: int, done: int, stream: TextIO) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            TaskProgressColumn,
            TextColumn,
            TimeRemainingColumn,
        )
        from rich.progress import Progress as Bar

        super().__init__(total, done)
        self.bar = Bar(
            TextColumn("games"),
            BarColumn(),
            MofNCompleteColumn(),
            TaskProgressColumn(),
            TextColumn("{task.fields[rate]} games/s"),
            TimeRemainingColumn(),
            console=Console(file=stream),
            transient=False,
        )
        self.task: TaskID = self.bar.add_task("games", total=total, completed=done, rate="-")
        self.start, self.resumed = time.monotonic(), done
        self.bar.start()

    def advance(self) -> None:
        super().advance()
        spent = time.monotonic() - self.start
        rate = f"{(self.done - self.resumed) / spent:.1f}" if spent > 0 else "-"
        self.bar.update(self.task, completed=self.done, rate=rate)

    def close(self) -> None:
        self.bar.stop()


def make_progress(show: bool, total: int, done: int = 0, stream: TextIO | None = None) -> Progress:
    """Silent unless ``show``; then a bar if ``stream`` (stderr) is a terminal, else log lines."""
    stream = stream or sys.stderr
    if not show:
        return Progress(total, done)
    if stream.isatty():
        return RichProgress(total, done, stream)
    return LogProgress(total, done, stream)
