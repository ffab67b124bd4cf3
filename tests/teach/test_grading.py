"""Grading in a child process: a submission that ignores its time limit is killed and the
tests left run in a new child; one that does not load scores 0 on each test, saying why."""

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from zerosum.teach import grading
from zerosum.teach import guard as guard_module
from zerosum.teach.rubric import load_rubric

HERE = Path(__file__).parent


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("wrong.py", "good.py"):
        shutil.copy(HERE / "submissions" / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_call_that_swallows_its_time_limit_is_killed_and_the_rest_still_run(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(grading, "GRACE", 1.0)
    rubric = load_rubric(str(HERE / "rubrics" / "faults.toml"), time_limit=0.5)
    result = grading.grade_submission("wrong.py:stubborn", rubric)
    assert [t.name for t in result.tests] == [t.name for t in rubric.tests]
    assert result.score == 0
    for test in result.tests:
        assert "did not stop: its process was killed" in test.output, test.output


def test_a_call_that_swallows_its_time_limit_ends_its_process_a_tick_later() -> None:
    """The guard's timer fires again after the limit: the child exits with STUCK_EXIT at
    once, rather than the parent waiting out its long silence (a minute per test)."""
    script = textwrap.dedent(
        """
        from zerosum.teach.guard import Guard

        def stubborn():
            while True:
                try:
                    while True:
                        pass
                except BaseException:
                    pass

        guard = Guard(0.2)
        guard.install()
        guard(stubborn)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], timeout=30, capture_output=True)
    assert done.returncode == guard_module.STUCK_EXIT, done.stderr


def test_a_stubborn_submission_is_graded_without_waiting_for_the_silence(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the parent's silence an hour, each test still ends: its child exits on the
    timer's next tick, and the test scores 0 as one that did not stop."""
    monkeypatch.setattr(grading, "GRACE", 3600.0)
    rubric = load_rubric(str(HERE / "rubrics" / "faults.toml"), time_limit=0.5)
    result = grading.grade_submission("wrong.py:stubborn", rubric)
    assert result.score == 0 and result.tests
    for test in result.tests:
        assert "did not stop: its process was killed" in test.output, test.output


def test_a_submission_that_does_not_load_scores_zero_on_every_test_with_the_reason(
    folder: Path,
) -> None:
    (folder / "syntax.py").write_text("def alphabeta(game, state)\n    return 1\n")
    rubric = load_rubric(str(HERE / "rubrics" / "faults.toml"))
    result = grading.grade_submission("syntax.py", rubric)
    assert result.score == 0 and len(result.tests) == len(rubric.tests)
    assert all("cannot load the submission" in t.output for t in result.tests)
    assert "syntax.py, line 1" in result.tests[0].output
    assert "SyntaxError" in result.tests[0].output


def test_a_good_submission_sandboxed_or_not_scores_the_same(folder: Path) -> None:
    rubric = load_rubric(str(HERE / "rubrics" / "faults.toml"))
    confined = grading.grade_submission("./good.py", rubric)
    plain = grading.grade_submission("./good.py", rubric, confine=False)
    assert confined.score == plain.score == rubric.max_score


@pytest.mark.skipif(grading.sandbox_note() is not None, reason="no sandbox here")
def test_a_sandboxed_submission_cannot_read_its_neighbours(folder: Path) -> None:
    (folder / "peek.py").write_text(
        "def alphabeta(game, state):\n    return open('good.py').read()\n"
    )
    rubric = load_rubric(str(HERE / "rubrics" / "faults.toml"))
    result = grading.grade_submission("peek.py", rubric)
    assert result.tests[0].output.startswith("it raised FileNotFoundError"), result.tests[0].output
