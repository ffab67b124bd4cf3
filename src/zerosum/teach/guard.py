"""Calls of a student's code that cannot stop the grader: each held to a time limit,
kept from reading input and from printing more than :data:`MAX_OUTPUT` bytes, its
failure turned into :class:`Failure` with a reason a student understands.

Runs in the grading child process (:mod:`zerosum.teach.runner`): the time limit is a
``SIGALRM`` timer, which stops a loop of Python code. A call that swallows it (a bare
``except:`` around the loop) is ended by the timer's next tick, :data:`STUCK_AFTER` s
later: the child exits with status :data:`STUCK_EXIT` and the parent grades the test it
was in as one that did not stop. A call that never returns to Python code (a C loop) is
ended by the parent, which kills the child after a silence
(:mod:`zerosum.teach.grading`).
"""

from __future__ import annotations

import io
import os
import signal
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["MAX_OUTPUT", "STUCK_EXIT", "Failure", "Guard"]

#: The bytes a call may print before it is stopped.
MAX_OUTPUT = 1 << 20
#: Seconds after its time limit that a call still running (it caught the time limit's
#: exception) ends the child, with exit status :data:`STUCK_EXIT`.
STUCK_AFTER = 1.0
STUCK_EXIT = 86


class Failure(Exception):
    """A call of the student's code that failed: ``reason`` says how, for the student."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _TimeUp(BaseException):
    """Raised in the student's code when its time is up (not an ``Exception``: an
    ``except Exception`` in their code does not swallow it)."""


class _InputRead(BaseException):
    """Raised when the student's code reads its standard input."""


class _Flood(BaseException):
    """Raised when the student's code prints more than :data:`MAX_OUTPUT` bytes."""


class _NoInput(io.TextIOBase):
    """A standard input that refuses to be read."""

    def read(self, size: int | None = -1) -> str:
        raise _InputRead

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        raise _InputRead

    def readable(self) -> bool:
        return True


class _CappedOutput(io.TextIOBase):
    """A standard output that drops what is printed, stopping the printer past its cap."""

    def __init__(self) -> None:
        self.written = 0

    def write(self, text: str) -> int:
        self.written += len(text)
        if self.written > MAX_OUTPUT:
            raise _Flood
        return len(text)

    def writable(self) -> bool:
        return True


class Guard:
    """Runs the student's code (``files``: their files, to find the line that failed)."""

    def __init__(self, time_limit: float, files: tuple[str, ...] = ()) -> None:
        self.time_limit = time_limit
        self.files = {str(Path(f).resolve()) for f in files}
        self.calls = 0
        self.heartbeat: Callable[[], None] = lambda: None
        self._overdue = False

    def install(self) -> None:
        """Replace this process's standard streams and catch ``SIGALRM``."""
        sys.stdin = _NoInput()
        sys.stdout = _CappedOutput()
        sys.stderr = _CappedOutput()
        signal.signal(signal.SIGALRM, self._time_up)

    def __call__(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``function(*args, **kwargs)``, or :class:`Failure` saying why it failed."""
        self.calls += 1
        self.heartbeat()
        out = sys.stdout
        if isinstance(out, _CappedOutput):
            out.written = 0
        self._overdue = False
        # it fires at the limit, then every STUCK_AFTER s until the call ends
        signal.setitimer(signal.ITIMER_REAL, self.time_limit, STUCK_AFTER)
        try:
            return function(*args, **kwargs)
        except _TimeUp:
            raise Failure(
                f"it took more than {self.time_limit:g} s (the time limit per call): an "
                "endless loop, or a search too slow"
            ) from None
        except _InputRead:
            raise Failure(
                "it read input (input() or sys.stdin): a grader has no one to type it"
            ) from None
        except _Flood:
            raise Failure(f"it printed more than {MAX_OUTPUT // 1024} KB") from None
        except RecursionError:
            raise Failure(f"RecursionError: endless recursion{self._where()}") from None
        except SystemExit as exc:
            raise Failure(f"it called exit({exc.code!r})") from None
        except Failure:
            raise
        except Exception as exc:
            text = str(exc)
            named = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
            raise Failure(f"it raised {named[:300]}{self._where()}") from None
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)

    def _where(self) -> str:
        """`` (file.py, line 3: the line)`` for the deepest line of the student's files
        in the exception being handled."""
        frames = traceback.extract_tb(sys.exc_info()[2])
        mine = [f for f in frames if str(Path(f.filename).resolve()) in self.files]
        if not mine:
            return ""
        last = mine[-1]
        line = (last.line or "").strip()
        return f" ({Path(last.filename).name}, line {last.lineno}: {line[:80]})"

    def _time_up(self, signum: int, frame: Any) -> None:
        """The time limit: stop the call; if it is still running a tick later (it
        caught the exception), end this process, which nothing in it can catch."""
        if self._overdue:
            os._exit(STUCK_EXIT)
        self._overdue = True
        raise _TimeUp
