"""Hints: before a person moves, what each of their legal moves leads to with perfect play.

One piece of code for every place a person is told: ``zerosum play --hints``, the web
page and the notebook's board. Hints are given only where the game says a perfect player
answers at once (``perfect_is_instant``); elsewhere, and where a position does not solve
within the move's time (:mod:`zerosum.budget`), the answer says why there are none.

>>> import zerosum as zs
>>> game = zs.games.TicTacToe()
>>> hints = move_hints(game, game.result(game.initial_state, 4))
>>> hints["available"], hints["moves"]["0"], hints["moves"]["1"]
(True, 'draw', 'loss in 6')
>>> move_hints(zs.games.Othello(size=6), None)["reason"]
'Hints are not available for othello:size=6: it does not solve at once.'
"""

from __future__ import annotations

from typing import Any

from .. import budget, hooks
from ..game import Action, Game, State, game_name
from .solve import Perfect, solve
from .summary import solved_moves

__all__ = ["hints_unavailable", "move_hints"]

#: Said when a position did not solve within the move's time.
OUT_OF_TIME = "Hints: this position did not solve within the move's time."

_warmed: set[str] = set()  # the games (by name) whose compiled solve is loaded here


def _warm(game: Game) -> None:
    """Load the compiled code ``game``'s solve takes, once per game in this process, off
    the caller's clock (:func:`zerosum.budget.not_counted`): the first hints of a cold
    process are not cut short by compiling, which is no part of solving."""
    name = f"{type(game).__qualname__} {game_name(game)}"
    if name not in _warmed:
        with budget.not_counted():
            Perfect().prepare(game)
        _warmed.add(name)


def hints_unavailable(game: Game, name: str = "") -> str:
    """Why ``game`` gives no hints ("" when it does): it does not solve at once. ``name``
    is the game as the reader knows it (the page's "Othello 8x8"; default: its spec)."""
    if hooks.perfect_is_instant(game):
        return ""
    return f"Hints are not available for {name or game_name(game)}: it does not solve at once."


def move_hints(game: Game[State, Action], state: State | None, name: str = "") -> dict[str, Any]:
    """The hints for the player to move in ``state`` (None: the start), as plain data:
    ``available`` True with ``moves`` (each legal move, as a person types it -> ``"win in
    7"``, ``"draw"``, ``"loss in 4"``) and ``legend``, or ``available`` False with the
    ``reason`` (naming the game as ``name``, when given). The solve is bounded by the
    caller's deadline (:func:`zerosum.budget.limit`)."""
    state = game.initial_state if state is None else state
    reason = hints_unavailable(game, name)
    if not reason and game.is_terminal(state):
        reason = "Hints: the game is over, there is no move to play."
    if reason:
        return {"available": False, "reason": reason}
    _warm(game)
    try:
        solved = solve(game, state)
    except budget.OutOfTime:
        return {"available": False, "reason": OUT_OF_TIME}
    return {"available": True, "reason": "", **solved_moves(game, solved)}
