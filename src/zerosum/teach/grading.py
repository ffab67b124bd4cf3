"""Grading submissions: each in a child process of its own (sandboxed with bubblewrap
where it runs), its tests' verdicts read as they come; a test whose child hangs past the
watchdog or dies scores 0 with the reason, and a new child runs the tests left.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from typing import Any

from ..game import ZerosumError
from ..hosting import sandbox
from .guard import STUCK_EXIT
from .rubric import Rubric, TestSpec
from .runner import submission_spec

__all__ = ["TestResult", "SubmissionResult", "grade_submission", "sandbox_note"]

#: Seconds of silence, past twice the time limit per call, before a child is killed.
GRACE = 60.0


@dataclass(frozen=True)
class TestResult:
    """One test's score for one submission, and what the student is told."""

    name: str
    score: float
    max_score: float
    output: str
    visibility: str = "visible"


@dataclass
class SubmissionResult:
    """One submission's tests, as graded."""

    submission: str
    tests: list[TestResult] = field(default_factory=list)

    @property
    def score(self) -> float:
        return sum(t.score for t in self.tests)

    @property
    def max_score(self) -> float:
        return sum(t.max_score for t in self.tests)

    def to_dict(self) -> dict[str, Any]:
        return {
            "submission": self.submission,
            "score": self.score,
            "max_score": self.max_score,
            "tests": [asdict(t) for t in self.tests],
        }


def sandbox_note() -> str | None:
    """Why submissions run without a sandbox here (None: they run in one)."""
    return sandbox.unavailable()


def grade_submission(spec: str, rubric: Rubric, *, confine: bool | None = None) -> SubmissionResult:
    """Grade submission ``spec`` (a file spec or a folder) with ``rubric``; ``confine``
    None sandboxes it where bubblewrap runs."""
    result = SubmissionResult(spec)
    try:
        code_spec = submission_spec(spec, rubric.member)
    except ZerosumError as exc:
        result.tests = [_zero(t, str(exc)) for t in rubric.tests]
        return result
    if confine is None:
        confine = sandbox_note() is None
    # a folder is the student's: all of it readable (their helper modules), not only the file
    folder = (os.path.abspath(spec),) if os.path.isdir(spec) else ()
    left = list(rubric.tests)
    while left:
        verdicts, error = _run(code_spec, rubric, left, confine, folder)
        for test in left:
            if test.name in verdicts:
                passed, output = verdicts[test.name]
                result.tests.append(
                    TestResult(
                        test.name,
                        test.points if passed else 0.0,
                        test.points,
                        output,
                        test.visibility,
                    )
                )
            elif error.load:
                result.tests.append(_zero(test, f"cannot load the submission: {error.load}"))
        done = {t.name for t in result.tests}
        if error.test is not None:  # the test the child died in
            failed = next(t for t in left if t.name == error.test)
            result.tests.append(_zero(failed, error.reason))
            done.add(failed.name)
        elif not error.load and any(t.name not in done for t in left):
            for test in left:  # it died before starting any: no use retrying
                if test.name not in done:
                    result.tests.append(_zero(test, error.reason or "the grader stopped"))
                    done.add(test.name)
        left = [t for t in left if t.name not in done]
    order = {t.name: i for i, t in enumerate(rubric.tests)}
    result.tests.sort(key=lambda t: order[t.name])
    return result


def _zero(test: TestSpec, reason: str) -> TestResult:
    return TestResult(test.name, 0.0, test.points, reason, test.visibility)


@dataclass
class _Ending:
    """How a child ended: the test it died in and why, or why the submission did not load."""

    test: str | None = None
    reason: str = ""
    load: str = ""


def _run(
    spec: str, rubric: Rubric, tests: list[TestSpec], confine: bool, folder: tuple[str, ...]
) -> tuple[dict[str, tuple[bool, str]], _Ending]:
    """Run ``tests`` in one child; the verdicts it sent, and how it ended."""
    request = {"spec": spec, "rubric": rubric.to_dict(), "tests": [t.name for t in tests]}
    read, write = os.pipe()
    command = [sys.executable, "-m", "zerosum.teach.runner", str(write), json.dumps(request)]
    if confine:
        readable = sandbox.readable_files(spec, *(t.game for t in rubric.tests)) + folder
        confinement = sandbox.Confinement(readable=readable)
        # the sandbox's own bubblewrap command, as the tournament's agent hosts run in it
        command = sandbox._command(sandbox._bwrap(), confinement, os.geteuid() == 0) + command
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    try:
        child = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(write,),
            env=env,
            start_new_session=True,
        )
    finally:
        os.close(write)
    verdicts: dict[str, tuple[bool, str]] = {}
    ending = _Ending()
    current: str | None = None
    silence = 2 * rubric.time_limit + GRACE
    buffer = b""
    with os.fdopen(read, "rb", buffering=0) as pipe:
        while True:
            ready, _, _ = select.select([pipe], [], [], silence)
            if not ready:
                child.kill()
                ending.test = current
                ending.reason = _stuck(rubric)
                break
            chunk = pipe.read(1 << 16)
            if not chunk:
                break
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                message = json.loads(line)
                if "start" in message:
                    current = message["start"]
                elif "name" in message:
                    verdicts[message["name"]] = (message["passed"], message["output"])
                    current = None
                elif "load_error" in message:
                    ending.load = message["load_error"]
    code = _wait(child)
    if current is not None and ending.test is None:
        ending.test = current
        ending.reason = (
            _stuck(rubric) if code == STUCK_EXIT else f"its process died ({_death(code)})"
        )
    elif not verdicts and not ending.load and not ending.reason:
        ending.reason = f"the grading process died before any test ({_death(code)})"
    return verdicts, ending


def _stuck(rubric: Rubric) -> str:
    """Why a call that ran on past its time limit scored 0."""
    return (
        f"it ran past the time limit of {rubric.time_limit:g} s per call and did not "
        "stop: its process was killed"
    )


def _wait(child: subprocess.Popen[bytes]) -> int:
    try:
        return child.wait(10)
    except subprocess.TimeoutExpired:
        child.kill()
        return child.wait()


def _death(code: int) -> str:
    if code > 128:  # bubblewrap: 128 plus the signal
        code = -(code - 128)
    if code < 0:
        import signal

        return f"killed by {signal.Signals(-code).name}"
    return f"exit status {code}"
