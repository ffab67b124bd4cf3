"""Rubrics from TOML: the built-in tasks load, and a teacher's mistakes are named."""

from pathlib import Path

import pytest

from zerosum.game import ZerosumError
from zerosum.teach.rubric import CHECKS, TASKS, Rubric, load_rubric, task_text


@pytest.mark.parametrize("task", TASKS)
def test_every_built_in_task_loads_and_round_trips(task: str) -> None:
    rubric = load_rubric(task)
    assert rubric.task == task and rubric.tests and rubric.max_score > 0
    assert all(t.check in CHECKS and t.game for t in rubric.tests)
    assert Rubric.from_dict(rubric.to_dict()) == rubric
    assert f'task = "{task}"' in task_text(task)


def test_game_option_replaces_the_tasks_own_game() -> None:
    assert {t.game for t in load_rubric("game", game="connect4").tests} == {"connect4"}
    alphabeta = load_rubric("alphabeta", game="connect4", time_limit=2)
    assert "textbook" in {t.game for t in alphabeta.tests} and alphabeta.time_limit == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("task = 'x'", "no tests"),
        ("tme_limit = 3", "unknown setting 'tme_limit' (did you mean 'time_limit'?)"),
        (
            "[[test]]\nname = 'a'\ncheck = 'valu'\npoints = 1\ngame = 'tictactoe'",
            "unknown check 'valu' (did you mean 'value'?)",
        ),
        (
            "[[test]]\nname = 'a'\ncheck = 'value'\npoints = -1\ngame = 'tictactoe'",
            "points must be a number",
        ),
        ("[[test]]\nname = 'a'\ncheck = 'value'\npoints = 1", "names no game"),
        ("[[test]\n", "not TOML"),
        (
            "[[test]]\nname = 'a'\ncheck = 'nodes'\npoints = 1\ngame = 'tictactoe'\nexpcet = 'x'",
            "check nodes takes no 'expcet' (did you mean 'expect'?) (expect, never)",
        ),
    ],
)
def test_a_bad_rubric_is_named_with_what_is_wrong(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(ZerosumError, match="rubric") as caught:
        load_rubric(str(path))
    assert message in str(caught.value)
