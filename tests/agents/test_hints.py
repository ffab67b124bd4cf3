"""Hints before a person's move: one function for the terminal, the page and the notebook."""

from __future__ import annotations

import pytest

from zerosum import budget, games
from zerosum.agents import hints as hints_module
from zerosum.agents.hints import OUT_OF_TIME, hints_unavailable, move_hints


def test_hints_rate_every_legal_move_for_the_player_to_move() -> None:
    game = games.TicTacToe()
    hints = move_hints(game, game.result(game.initial_state, 4))
    assert hints["available"] is True
    assert sorted(hints["moves"]) == [str(c) for c in (0, 1, 2, 3, 5, 6, 7, 8)]
    assert {hints["moves"][c] for c in "0268"} == {"draw"}
    assert {hints["moves"][c] for c in "1357"} == {"loss in 6"}
    assert hints["legend"].startswith("what each move leads to with perfect play")


def test_a_game_that_does_not_solve_at_once_gives_the_reason() -> None:
    game = games.Othello(size=6)
    assert hints_unavailable(game) == (
        "Hints are not available for othello:size=6: it does not solve at once."
    )
    assert move_hints(game, None) == {"available": False, "reason": hints_unavailable(game)}
    assert hints_unavailable(games.TicTacToe()) == ""


def test_a_finished_game_has_no_hints() -> None:
    game = games.TicTacToe()
    state = game.initial_state
    for cell in (0, 3, 1, 4, 2):
        state = game.result(state, cell)
    hints = move_hints(game, state)
    assert hints == {
        "available": False,
        "reason": "Hints: the game is over, there is no move to play.",
    }


def test_a_position_that_does_not_solve_in_time_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    def too_slow(game: object, state: object) -> None:
        raise budget.OutOfTime

    monkeypatch.setattr(hints_module, "solve", too_slow)
    assert move_hints(games.TicTacToe(), None) == {"available": False, "reason": OUT_OF_TIME}
