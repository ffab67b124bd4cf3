"""zs.grade_set: agents against a named set of positions."""

import pytest

import zerosum as zs
from zerosum.game import ZerosumError


def test_perfect_gets_every_position_right_and_weak_agents_do_not():
    report = zs.grade_set(zs.games.ConnectFour(), ["perfect", "random:seed=1", "dummy"], "course")
    total = len(report.answers) // 3
    assert report.right("perfect") == total
    assert report.right("random:seed=1") < total
    assert report.right("dummy") < total
    wrong = next(a for a in report.answers if not a.right)
    assert wrong.played not in wrong.best


def test_only_for_seven_by_six_connect_four():
    with pytest.raises(ZerosumError, match="7x6 Connect Four"):
        zs.grade_set(zs.games.ConnectFour(width=5, height=4), ["dummy"], "course")
