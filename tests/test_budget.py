"""The deadline contract: limits nest, agents combine theirs with the caller's."""

from __future__ import annotations

import math
import time

import pytest

from zerosum import budget


def test_no_limit_means_no_deadline() -> None:
    assert budget.deadline() is None and budget.remaining() is None
    assert budget.deadline_for(None, time.perf_counter()) is None
    assert not budget.imposed(None, time.perf_counter())


def test_an_inner_limit_never_extends_an_outer_one() -> None:
    with budget.limit(0.5) as outer:
        assert outer is not None
        with budget.limit(10.0) as inner:
            assert inner == outer
        with budget.limit(0.1) as sooner:
            assert sooner is not None and sooner < outer
        with budget.limit(None) as same:
            assert same == outer
        assert budget.deadline() == outer
    assert budget.deadline() is None


def test_an_agent_takes_the_sooner_of_its_own_limit_and_the_callers() -> None:
    start = time.perf_counter()
    assert budget.deadline_for(2.0, start) == start + 2.0
    with budget.limit(0.5) as caller:
        assert budget.deadline_for(2.0, start) == caller
        assert budget.imposed(2.0, start) and budget.imposed(None, start)
        assert budget.deadline_for(0.1, start) == start + 0.1
        assert not budget.imposed(0.1, start)


def test_the_soft_share_leaves_room_for_the_overrun_agents_are_allowed() -> None:
    for cap in (0.1, 1.0, 5.0, 60.0):
        told = budget.soft_share(cap)
        assert 0 < told < cap
        assert told * 1.05 + 0.02 <= cap + 1e-9


@pytest.mark.parametrize("bad", [-1.0, math.nan])
def test_a_bad_limit_is_refused(bad: float) -> None:
    with pytest.raises(ValueError, match="at least 0"), budget.limit(bad):
        pass


def test_time_not_counted_moves_the_deadline_back_by_what_it_took() -> None:
    with budget.limit(1.0) as at:
        assert at is not None
        with budget.not_counted():
            time.sleep(0.2)  # compiling, say: no part of the move's thinking
        moved = budget.deadline()
        assert moved is not None and moved - at >= 0.2
    assert budget.deadline() is None  # the enclosing limit's end restores what was
    with budget.not_counted():  # no deadline: nothing to move
        pass
    assert budget.deadline() is None
