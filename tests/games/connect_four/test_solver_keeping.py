"""A move that keeps a Connect Four position's value, and the perfect player that plays it
when a deadline leaves no time to score every move."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zerosum as zs
from search_helpers import random_state
from zerosum import budget
from zerosum.games.connect_four import fast_paths as c4
from zerosum.games.connect_four import solver as connect4

#: A position of 8 stones won for the mover: every move's score takes the solver about
#: 30 million positions, a move that keeps the win about 2 million.
WON_AT_8 = "36733366"
#: A position of 13 stones won for the mover, past the opening book (Begin-Hard): the
#: perfect player searches it.
WON_PAST_BOOK = "2147756677465"


def _value(score: int) -> int:
    return (score > 0) - (score < 0)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_move_keeps_the_value_and_a_better_value_is_refused(data: st.DataObject) -> None:
    game = zs.games.ConnectFour()
    state = random_state(game, data, 34, least=16)
    if game.is_terminal(state):
        return
    p1, p2, plies, _ = state
    current = p1 if plies % 2 == 0 else p2
    scores = connect4.analyze(current, p1 | p2)
    value = _value(max(s for s in scores if s is not None))
    column, _ = connect4.keeping_move(current, p1 | p2, value)
    assert scores[column] is not None and _value(scores[column]) == value
    if value < 1:
        with pytest.raises(ValueError, match=f"no move keeps the value {value + 1}"):
            connect4.keeping_move(current, p1 | p2, value + 1)


def test_the_search_stops_at_the_deadline() -> None:
    current, mask = connect4.parse_moves(WON_AT_8)
    with pytest.raises(budget.OutOfTime):
        connect4.keeping_move(current, mask, 1, deadline=time.perf_counter())


def _won_past_the_book() -> tuple[Any, Any]:
    game = zs.games.ConnectFour()
    return game, zs.game.replay(game, list(WON_PAST_BOOK))


def _out_of_time(*_: Any) -> Any:
    raise budget.OutOfTime("no time")


def test_perfect_short_of_time_plays_a_move_that_keeps_the_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game, state = _won_past_the_book()
    monkeypatch.setattr(
        game, "solve_exactly", _out_of_time, raising=False
    )  # no time for every move
    perfect = zs.agents.Perfect()
    with budget.limit(30.0):
        move = perfect(game, state)
    assert perfect.last is not None and perfect.last.keeps == 1
    assert "keeps the win" in (perfect.last.note or "")
    p1, p2, plies, _ = game.result(state, move)
    child, _ = connect4.solve(p1 if plies % 2 == 0 else p2, p1 | p2, weak=True)
    assert child == -1  # the opponent loses after it


def test_perfect_without_a_safe_move_in_time_plays_a_bounded_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game, state = _won_past_the_book()
    monkeypatch.setattr(game, "solve_exactly", _out_of_time, raising=False)
    monkeypatch.setattr(game, "keeping_move", _out_of_time, raising=False)
    perfect = zs.agents.Perfect()
    with budget.limit(1.0):
        move = perfect(game, state)
    assert move in game.actions(state) and perfect.last is not None
    assert "keeps" not in perfect.last.details() and "no proof within" in (perfect.last.note or "")


def test_with_no_deadline_perfect_scores_every_move() -> None:
    game = zs.games.ConnectFour()
    state = zs.game.replay(game, list("563451117444"))  # 12 stones: past the book
    perfect = zs.agents.Perfect()
    perfect(game, state)
    assert perfect.last is not None and "keeps" not in perfect.last.details()
    assert perfect.last.solve.action_scores is not None


def test_the_book_answers_before_any_search_for_a_safe_move() -> None:
    game = zs.games.ConnectFour()
    assert c4.keeping_move(game, game.initial_state) is None  # the book has every column


@pytest.mark.alone
def test_perfect_told_a_second_answers_in_time_and_keeps_the_win() -> None:
    game, state = _won_past_the_book()
    perfect = zs.agents.Perfect()
    perfect.prepare(game)
    connect4.kept_table().reset()  # nothing learnt from earlier tests
    begin = time.perf_counter()
    with budget.limit(1.0):
        move = perfect(game, state)
    assert time.perf_counter() - begin < 2.0
    p1, p2, plies, _ = game.result(state, move)
    child, _ = connect4.solve(p1 if plies % 2 == 0 else p2, p1 | p2, weak=True)
    assert child == -1  # the win is kept, by a full proof or a move proved to keep it
