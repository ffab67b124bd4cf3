"""A plain progress line for long work written to a log or a pipe: how much is done, at
what rate, and the time left at that rate (a terminal gets a bar instead, where one is
drawn: :mod:`zerosum.arena.progress`)."""

from __future__ import annotations

__all__ = ["duration", "progress_line"]


def progress_line(noun: str, done: int, total: int, seconds: float, before: int = 0) -> str:
    """``games 12/40 (30.0%) in 4 s, 3.1 a second: about 9 s left``: ``done`` of ``total``
    after ``seconds``, of which ``before`` were done by an earlier run (they are not in
    the rate). The time left is rough where the items' costs vary."""
    rate = (done - before) / seconds if seconds > 0 else 0.0
    share = done / total if total else 1.0
    line = f"{noun} {done:,}/{total:,} ({share:.1%}) in {duration(seconds)}"
    if done < total and rate > 0:
        shown = f"{rate:,.0f}" if rate >= 100 else f"{rate:.1f}"
        line += f", {shown} a second: about {duration((total - done) / rate)} left"
    return line


def duration(seconds: float) -> str:
    """``seconds`` as ``1 h 05 min``, ``4 min 10 s`` or ``12 s``."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes:02d} min"
    return f"{minutes} min {secs:02d} s" if minutes else f"{secs} s"
