"""The solver hooks' typed answers (zerosum.records.solve): what the built-in games'
``solve_exactly`` and ``solve_weakly`` return, and a user game's typed answer read as its
old dict was (which is still read, with a DeprecationWarning)."""

from __future__ import annotations

from typing import Any

import pytest

import zerosum as zs
from search_helpers import Kayles
from zerosum.agents.solve import SolveResult as ReExported
from zerosum.games.connect_four import fast_paths as c4
from zerosum.records.solve import ExactAnswer, SolveResult, ValuesAnswer, solver_answer


def test_solve_result_is_the_records_floor_s() -> None:
    assert ReExported is SolveResult and zs.agents.SolveResult is SolveResult


def test_connect_four_answers_exactly_past_its_book_and_with_values_inside_it() -> None:
    game = zs.games.ConnectFour()
    deep = zs.game.replay(game, list("774445731717556364"))
    exact = c4.solve_exactly(game, deep)
    assert isinstance(exact, ExactAnswer) and exact.nodes > 0
    assert set(exact.scores) == set(exact.plies) == set(game.actions(deep))
    # the opening book: exact scores at its first plies, values only deeper
    start = c4.solve_exactly(game, game.initial_state)
    assert isinstance(start, ExactAnswer) and start.nodes == 0
    book = c4.solve_exactly(game, zs.game.replay(game, list("4444")))
    assert isinstance(book, ValuesAnswer) and book.nodes == 0
    assert set(book.values) == set(game.actions(game.initial_state))


def test_migration_answers_values() -> None:
    game = zs.games.Migration(n=4)
    answer = game.solve_weakly(game.initial_state)
    assert isinstance(answer, ValuesAnswer)
    assert set(answer.values) == set(game.actions(game.initial_state)) and answer.nodes > 0
    assert zs.solve(game, weak=True).action_values == answer.values


class Typed(Kayles):
    """A user game whose own solver answers typed for the full row."""

    def solve_exactly(self, state: tuple[int, int]) -> ExactAnswer | None:
        if state != self.initial_state:
            return None
        scores = {a: (5 if a == (0, 1) else -3) for a in self.actions(state)}
        return ExactAnswer(scores, {a: 4 for a in scores}, 17)


class OldStyle(Kayles):
    """The same solver answering with the dict the hooks once returned."""

    def solve_exactly(self, state: tuple[int, int]) -> dict[str, Any] | None:
        answer = Typed.solve_exactly(self, state)  # type: ignore[arg-type]
        if answer is None:
            return None
        return {"scores": answer.scores, "plies": answer.plies, "nodes": answer.nodes}


def test_a_typed_answer_and_an_old_dict_give_the_same_result() -> None:
    typed = zs.solve(Typed(3))
    with pytest.warns(DeprecationWarning, match="answered with a dict"):
        old = zs.solve(OldStyle(3))
    assert typed.score == old.score == 5 and typed.nodes == old.nodes == 17
    assert typed.action_scores == old.action_scores and typed.plies == old.plies == 4


def test_an_answer_still_reads_by_key_with_a_warning() -> None:
    answer = ValuesAnswer({1: 1, 2: -1}, 9)
    with pytest.warns(DeprecationWarning, match="answer.nodes"):
        assert answer["nodes"] == 9
    assert "values" in answer and "scores" not in answer
    with pytest.raises(KeyError), pytest.warns(DeprecationWarning):
        answer["scores"]
    assert solver_answer(answer) is answer
    with pytest.warns(DeprecationWarning):
        assert solver_answer({"values": {1: 1}, "nodes": 2}) == ValuesAnswer({1: 1}, 2)


def test_a_weak_hook_answering_scores_is_refused() -> None:
    class Wrong(Kayles):
        def solve_weakly(self, state: Any) -> ExactAnswer:
            return ExactAnswer({}, {}, 0)

    with pytest.raises(ValueError, match="ValuesAnswer"):
        zs.solve(Wrong(3), weak=True)
