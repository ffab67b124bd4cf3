"""What ``zerosum autograde`` writes: the table in the terminal, JSON of every
submission, Gradescope's ``results.json``, a CSV of scores, an HTML report per student."""

from __future__ import annotations

import csv
import html
import json
import re
from pathlib import Path
from typing import IO, Any

from ..files import write_file
from ..report.display import Table
from .grading import SubmissionResult

__all__ = ["table", "to_json", "gradescope", "write_csv", "write_html"]


def _points(value: float) -> str:
    return f"{value:g}"


def table(results: list[SubmissionResult]) -> str:
    """Per submission: its score, each test's points and, for a failed test, why; for more
    than one submission, then the class at a glance: a row per submission."""
    lines = []
    for result in results:
        lines.append(f"{result.submission}: {_points(result.score)} / {_points(result.max_score)}")
        width = max((len(t.name) for t in result.tests), default=0)
        for test in result.tests:
            mark = "ok  " if test.score >= test.max_score else "FAIL"
            score = f"{_points(test.score)}/{_points(test.max_score)}"
            lines.append(f"  {mark} {test.name:<{width}}  {score:>7}")
            if test.score < test.max_score:
                lines += [f"       {line}" for line in test.output.splitlines()]
    if len(results) > 1:
        rows = [
            [r.submission, _points(r.score), _points(r.max_score),
             f"{sum(t.score >= t.max_score for t in r.tests)} of {len(r.tests)}"]
            for r in results
        ]  # fmt: skip
        header = ["submission", "score", "max_score", "tests passed"]
        lines += ["", str(Table(header, rows, caption=f"{len(results)} submissions"))]
    return "\n".join(lines)


def to_json(results: list[SubmissionResult], rubric: str) -> str:
    """Every submission, its score and max_score, each test's."""
    return json.dumps({"rubric": rubric, "submissions": [r.to_dict() for r in results]}, indent=2)


def gradescope(result: SubmissionResult) -> str:
    """Gradescope's ``results.json`` for one submission."""
    tests = [
        {
            "name": t.name,
            "score": t.score,
            "max_score": t.max_score,
            "output": t.output,
            "visibility": t.visibility,
        }
        for t in result.tests
    ]
    return json.dumps({"score": result.score, "tests": tests}, indent=2)


def write_csv(results: list[SubmissionResult], path: str) -> None:
    """A row per submission: its name, total, maximum and each test's score."""
    names = [t.name for t in results[0].tests] if results else []

    def write(file: IO[str]) -> None:
        writer = csv.writer(file)
        writer.writerow(["submission", "score", "max_score", *names])
        for result in results:
            scores = {t.name: _points(t.score) for t in result.tests}
            writer.writerow(
                [
                    result.submission,
                    _points(result.score),
                    _points(result.max_score),
                    *(scores.get(n, "") for n in names),
                ]
            )

    write_file(path, write)  # written whole or not at all


def _slug(text: str) -> str:
    return re.sub(r"[^\w.-]+", "_", text).strip("_") or "submission"


def write_html(results: list[SubmissionResult], folder: str) -> list[Path]:
    """A page per submission in ``folder`` (created): its tests, their points and why
    each failed one failed, with the position as the board; and an index linking them."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    rows = []
    for result in results:
        name = _slug(result.submission) + ".html"
        path = target / name
        path.write_text(_page(result), encoding="utf-8")
        written.append(path)
        rows.append(
            f"<tr><td><a href='{html.escape(name)}'>{html.escape(result.submission)}"
            f"</a></td><td>{_points(result.score)} / {_points(result.max_score)}</td></tr>"
        )
    index = target / "index.html"
    index.write_text(
        _frame(
            "Grades",
            "<table><tr><th>submission</th><th>score</th></tr>" + "".join(rows) + "</table>",
        ),
        encoding="utf-8",
    )
    written.append(index)
    return written


def _page(result: SubmissionResult) -> str:
    parts = [f"<p class='total'>{_points(result.score)} / {_points(result.max_score)}</p>"]
    for test in result.tests:
        ok = test.score >= test.max_score
        parts.append(
            f"<section class='{'ok' if ok else 'fail'}'><h2>{'✓' if ok else '✗'} "
            f"{html.escape(test.name)} <span>{_points(test.score)}/{_points(test.max_score)}"
            f"</span></h2><pre>{html.escape(test.output)}</pre></section>"
        )
    return _frame(result.submission, "".join(parts))


def _frame(title: str, body: Any) -> str:
    style = (
        "body{font-family:sans-serif;max-width:60em;margin:2em auto}"
        ".fail h2{color:#b00}.ok h2{color:#070}h2 span{font-weight:normal;float:right}"
        "pre{background:#f4f4f4;padding:.5em}td,th{padding:.2em 1em;text-align:left}"
    )
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
        f"</title><style>{style}</style></head><body><h1>{html.escape(title)}</h1>{body}"
        "</body></html>\n"
    )
