"""The ``zerosum autograde`` command: students' own code graded by a task's rubric
(:mod:`zerosum.teach`), each submission in a sandbox, with the table, JSON, Gradescope,
CSV and HTML outputs teachers use."""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TextIO

from ..files import check_output
from ..teach.grading import SubmissionResult, grade_submission, sandbox_note
from ..teach.outputs import gradescope, table, to_json, write_csv, write_html
from ..teach.rubric import TASKS, Rubric, load_rubric
from ..teach.runner import _defines
from .errors import UsageError
from .types import positive_int

__all__ = ["add_autograde_command", "submissions"]


def submissions(specs: list[str], member: str | None, *, single: bool = False) -> list[str]:
    """The submissions the arguments name: a file spec is one; a folder is one when it
    holds one student's files (always with ``single``: Gradescope's submission folder),
    else (a class's folder: subfolders, or several files that each define the graded
    member) each of its subfolders and ``.py`` files is one."""
    found: list[str] = []
    for spec in specs:
        path = Path(spec)
        if not path.is_dir():
            if not path.exists() and not Path(spec.split(":")[0]).is_file():
                raise UsageError(f"autograde: no file or folder {spec.split(':')[0]}")
            found.append(spec)
            continue
        entries = sorted(p for p in path.iterdir() if not p.name.startswith((".", "_")))
        folders = [p for p in entries if p.is_dir()]
        files = [p for p in entries if p.suffix == ".py"]
        defining = [f for f in files if member and _defines(f, member)]
        if not single and (folders or len(defining) > 1):
            found += [str(p) for p in [*folders, *files]]
        else:
            found.append(spec)
    return found


def cmd_autograde(args: argparse.Namespace) -> int:
    rubric = load_rubric(args.task, game=args.game, time_limit=args.time_limit)
    specs = submissions(args.submission, rubric.member, single=args.gradescope is not None)
    if args.gradescope is not None and len(specs) != 1:
        raise UsageError(f"autograde: --gradescope grades one submission, not {len(specs)}")
    for option in ("json", "gradescope", "csv"):
        if getattr(args, option) not in (None, "-"):
            check_output(getattr(args, option), f"--{option}")
    if args.html is not None and Path(args.html).exists() and not Path(args.html).is_dir():
        raise UsageError(f"autograde: --html {args.html} is a file, not a folder")
    note = sandbox_note()
    if note is not None:
        print(f"zerosum: note: submissions run without a sandbox: {note}", file=sys.stderr)
    results = _grade(specs, rubric, args.workers)
    # what is said goes to stderr when JSON is printed to stdout (-), which it keeps clean
    said = sys.stderr if "-" in (args.json, args.gradescope) else sys.stdout
    print(table(results), file=said)
    if args.json is not None:
        _write(args.json, to_json(results, rubric.source), said)
    if args.gradescope is not None:
        _write(args.gradescope, gradescope(results[0]), said)
    if args.csv is not None:
        write_csv(results, args.csv)
        print(f"wrote {args.csv}", file=said)
    if args.html is not None:
        written = write_html(results, args.html)
        print(f"wrote {len(written) - 1} report(s) and {written[-1]}", file=said)
    return 0


def _grade(specs: list[str], rubric: Rubric, workers: int) -> list[SubmissionResult]:
    """Each submission graded, ``workers`` at a time (each in a child process of its own),
    in the order given."""

    def one(spec: str) -> SubmissionResult:
        if len(specs) > 1:
            print(f"grading {spec}", file=sys.stderr)
        return grade_submission(spec, rubric)

    if workers == 1 or len(specs) == 1:
        return [one(spec) for spec in specs]
    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(one, specs))


def _write(path: str, text: str, said: TextIO) -> None:
    if path == "-":
        print(text)
        return
    Path(path).write_text(text + "\n", encoding="utf-8")
    print(f"wrote {path}", file=said)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, e.g. 10, not {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"expected seconds between 0 and 3600, not {text}")
    return value


def add_autograde_command(commands: Any) -> None:
    """Add ``autograde`` to the CLI's subcommands."""
    grade = commands.add_parser(
        "autograde", help="grade students' own code (a game class, minimax, alpha-beta...)"
    )
    grade.add_argument(
        "task", help=f"a built-in task ({', '.join(TASKS)}) or a rubric file ending in .toml"
    )
    grade.add_argument(
        "submission",
        nargs="+",
        help="a student's code: file.py, file.py:NAME, a folder of their files, or a "
        "class's folder of submissions",
    )
    grade.add_argument("--game", help="the game of the task's tests, e.g. connect4 (the game task)")
    grade.add_argument(
        "--json", metavar="FILE", help="write every submission's tests as JSON (- prints it)"
    )
    grade.add_argument(
        "--gradescope",
        metavar="FILE",
        help="write Gradescope's results.json for the one submission",
    )
    grade.add_argument("--csv", metavar="FILE", help="write a row of scores per submission")
    grade.add_argument("--html", metavar="DIR", help="write a report page per submission into DIR")
    grade.add_argument(
        "--time-limit",
        type=_seconds,
        metavar="S",
        help="seconds per call of the student's code (the rubric's, else 10)",
    )
    grade.add_argument(
        "--workers",
        type=positive_int,
        default=1,
        metavar="N",
        help="grade N submissions at a time, each in its own process (1: timings stay fair)",
    )
    grade.set_defaults(run=cmd_autograde)
