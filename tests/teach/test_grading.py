"""Grading in a child process: a submission that ignores its time limit is killed and the
tests left run in a new child; one that does not load scores 0 on each test, saying why."""

import shutil
from pathlib import Path

import pytest

from zerosum.teach import grading
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
