"""Running the ``zerosum`` command as a process: to its end, or watched and signalled."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

SRC = str(Path(__file__).resolve().parents[1] / "src")


#: ``python -m zerosum`` as a terminal starts it: Ctrl-C raises KeyboardInterrupt even when
#: the tests run with SIGINT ignored, as a background job of a script does (and passes on).
AS_FROM_A_TERMINAL = (
    "import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "runpy.run_module('zerosum', run_name='__main__', alter_sys=True)"
)


def run_zerosum(
    *args: str, stdin: str = "", cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``zerosum ARGS`` run to its end (two minutes at most), its output captured."""
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run(
        [sys.executable, "-m", "zerosum", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=cwd,
    )


class Command:
    """``zerosum ARGS`` in a session of its own; its output lines are collected as they come."""

    def __init__(self, *args: str, cwd: Path | None = None) -> None:
        env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
        env["PYTHONFAULTHANDLER"] = "1"  # SIGABRT shows where every thread of a hung one is
        self.process = subprocess.Popen(
            [sys.executable, "-c", AS_FROM_A_TERMINAL, *args],
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,  # a process group, as a terminal's Ctrl-C signals
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.err: list[str] = []
        assert self.process.stdout is not None and self.process.stderr is not None
        self.pumps = [
            threading.Thread(target=self._pump, args=(self.process.stdout, self.lines.put)),
            threading.Thread(target=self._pump, args=(self.process.stderr, self.err.append)),
        ]
        for pump in self.pumps:
            pump.start()

    @staticmethod
    def _pump(stream: object, put: Callable[[str], None]) -> None:
        for line in stream:  # type: ignore[attr-defined]
            put(line.rstrip("\n"))

    def next_line(self, timeout: float) -> str:
        """The next line of standard output; fails after ``timeout`` seconds."""
        return self.lines.get(timeout=timeout)

    def stop(self, signum: int, *, group: bool = False) -> float:
        """Send ``signum`` (to the whole process group with ``group``, as Ctrl-C on a
        terminal does) and return the seconds until the process ended (at most 10)."""
        start = time.monotonic()
        if group:
            os.killpg(self.process.pid, signum)
        else:
            self.process.send_signal(signum)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.send_signal(signal.SIGABRT)  # its threads' stacks, for the failure
            self.process.wait(5)
            err = self.output()[1]
            raise AssertionError(f"still running 10 s after signal {signum}:\n{err}") from None
        finally:
            self.kill()
        return time.monotonic() - start

    def wait(self, timeout: float) -> int:
        try:
            return self.process.wait(timeout)
        finally:
            self.kill()

    def kill(self) -> None:
        """End the process and anything it started, if still there."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def output(self) -> tuple[list[str], str]:
        """After the end: the standard output lines not yet taken, and the standard error."""
        for pump in self.pumps:
            pump.join(10)
        out = []
        while not self.lines.empty():
            out.append(self.lines.get())
        return out, "\n".join(self.err)


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    """Poll ``condition`` every 20 ms; fail naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)
