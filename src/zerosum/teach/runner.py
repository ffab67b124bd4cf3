"""The grading child process: loads one submission and runs the tests it is asked to,
reporting each test's verdict as a line of JSON on the file descriptor it is handed.

Started by :mod:`zerosum.teach.grading` (``python -m zerosum.teach.runner FD REQUEST``),
in a sandbox where bubblewrap runs. Its standard input is empty and refuses to be read,
its standard output drops what is printed past a cap (:mod:`zerosum.teach.guard`).

The checks run in this process beside the student's code: the sandbox keeps that code
from the machine, the network and other students' files, and the guard keeps a mistake
(a crash, a hang, a flood of output, a read of input) to the test it happens in; neither
keeps a student who sets out to attack the grader itself from rewriting its verdicts.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import IO, Any

from ..game import ZerosumError
from ..hosting.sandbox import copy_compiled
from ..spec import Entry, parse_code_spec, signature_params, takes_any_keyword
from ..usercode import import_code, is_game, load_code
from .checks import Context, run_check
from .guard import Failure, Guard
from .rubric import Rubric

__all__ = ["main", "submission_spec"]

#: The most characters of a test's output kept.
OUTPUT = 5000
#: The memory a grading process may map, in bytes.
MEMORY = 3 << 30


def submission_spec(spec: str, member: str | None) -> str:
    """The code spec a submission names: a folder stands for its file that defines the
    rubric's ``member`` (else its only ``.py`` file), and a file with no member named
    takes the rubric's."""
    path = Path(spec)
    if path.is_dir():
        files = sorted(path.glob("*.py"))
        if member is not None:
            defining = [f for f in files if _defines(f, member)]
            files = defining or files
        if not files:
            raise ZerosumError(f"submission {spec}: the folder holds no .py file")
        if len(files) > 1 and member is None:
            raise ZerosumError(f"submission {spec}: name the file, e.g. {files[0]}")
        chosen = files[0]
        return f"{chosen}:{member}" if member else str(chosen)
    code = parse_code_spec(spec)
    if code is None or not code.is_file:
        raise ZerosumError(
            f"submission {spec!r}: expected a .py file (file.py or file.py:NAME) or a folder"
        )
    if code.attribute is None and member is not None:
        return f"{code.source}:{member}"
    return spec


def _defines(path: Path, member: str) -> bool:
    try:
        text = path.read_text("utf-8", errors="replace")
    except OSError:
        return False
    return f"def {member}(" in text or f"class {member}" in text


def _load(spec: str, rubric: Rubric, guard: Guard) -> tuple[Any, Any]:
    """The graded member and its module."""
    code = parse_code_spec(spec)
    assert code is not None
    if rubric.kind == "game":
        module = guard(import_code, code, spec, "game")
        name = code.attribute or next(
            (n for n, v in reversed(vars(module).items()) if isinstance(v, type) and is_game(v)),
            "",
        )
        thing = getattr(module, name, None) if name else None
        if thing is None:
            raise Failure(
                f"{code.source} defines no {name or 'class with the seven members of a game'}"
            )
        if not isinstance(thing, type):
            return thing, module
        # its parameters as any spec gives them (``mine.py:Game,width=5``), not checked by
        # zerosum.checked: the grader compares its answers itself, method by method
        entry = Entry(
            name, thing, signature_params(thing, untyped=True), "", takes_any_keyword(thing)
        )
        return guard(thing, **entry.arguments(spec, code.args, "game")), module
    member = guard(load_code, spec, code, "agent")
    return member, guard(import_code, code, spec, "agent")


def main(argv: list[str]) -> int:
    fd, request = int(argv[0]), json.loads(argv[1])
    out: IO[str] = os.fdopen(fd, "w", buffering=1)
    rubric = Rubric.from_dict(request["rubric"])
    spec: str = request["spec"]
    wanted = set(request["tests"])
    try:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    except (ValueError, OSError):
        pass
    copy_compiled()  # in a sandbox: zerosum's compiled code loads rather than compiles
    code = parse_code_spec(spec)
    files = (code.source,) if code is not None and code.is_file else ()
    guard = Guard(rubric.time_limit, files)
    last = [0.0]

    def beat() -> None:
        now = time.monotonic()
        if now - last[0] > 1.0:
            last[0] = now
            out.write('{"beat": 1}\n')

    guard.heartbeat = beat
    guard.install()
    try:
        member, module = _load(spec, rubric, guard)
    except Failure as exc:
        reason = exc.reason.removeprefix("it raised SpecError: ")
        out.write(json.dumps({"load_error": reason}) + "\n")
        out.close()
        return 0
    ctx = Context(member, module, guard)
    for test in rubric.tests:
        if test.name not in wanted:
            continue
        out.write(json.dumps({"start": test.name}) + "\n")
        outcome = run_check(ctx, test)
        out.write(
            json.dumps(
                {"name": test.name, "passed": outcome.passed, "output": outcome.output[:OUTPUT]}
            )
            + "\n"
        )
    out.close()
    return 0


if __name__ == "__main__":
    status = main(sys.argv[1:])
    # no exit handlers: the student's code may have registered some (atexit, threads)
    os._exit(status)
