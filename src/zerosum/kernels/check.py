"""Check a game's compiled rules against its own Python methods, one position at a time.

A compiled game states its rules twice: as the seven Python methods and as numba
functions (``kernels/rules.py``). :func:`compare` checks that both agree on a position:
the same legal actions in the same order, the same next position after each, the same
end and utility, the same heuristic; and that its symmetries, if it has any, agree with
its rules. Tests drive it along random games (see
``tests/games/othello/test_game.py``); a user's game can do the same.

>>> import zerosum as zs
>>> game = zs.games.TicTacToe()
>>> compare(game, game.initial_state)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .. import hooks
from ..game import Action, Game, State
from .rules import (
    MAX_MOVES,
    OPEN,
    Rules,
    canonical,
    canonical_move,
    evaluate,
    moves,
    original_move,
    outcome,
    play,
)

__all__ = ["compare", "compiled_actions", "compiled_result"]


@njit(cache=True)
def _moves(rules, a, b, player, out):  # type: ignore[no-untyped-def]
    return moves(rules, a, b, player, out)


@njit(cache=True)
def _play(rules, a, b, player, code):  # type: ignore[no-untyped-def]
    a2, b2 = play(rules, a, b, player, code)
    return a2, b2, outcome(rules, a2, b2, player, code)


@njit(cache=True)
def _evaluate(rules, a, b, to_move, player):  # type: ignore[no-untyped-def]
    return evaluate(rules, a, b, to_move, player)


@njit(cache=True)
def _canonical(rules, a, b, player):  # type: ignore[no-untyped-def]
    return canonical(rules, a, b, player)


@njit(cache=True)
def _moved(rules, code, t):  # type: ignore[no-untyped-def]
    """A move's image under symmetry ``t``, and that image mapped back."""
    image = canonical_move(rules, code, t)
    return image, original_move(rules, image, t)


def _rules(game: Game) -> Rules:
    """The game's own compiled rules (:func:`zerosum.hooks.compiled_rules`), or ValueError."""
    hook = hooks.compiled_rules(game)
    rules = None if hook is None else hook()
    if rules is None:
        raise ValueError(f"{game!r} has no compiled rules of its own to check")
    return rules


def compiled_actions(game: Game[State, Action], state: State) -> list[Action]:
    """The legal actions of the non-terminal ``state`` by the compiled rules, in order."""
    rules = _rules(game)
    a, b, player = rules.unpack(state)
    out = np.empty(MAX_MOVES, dtype=np.int64)
    count = _moves(rules.record, np.uint64(a), np.uint64(b), player, out)
    return [rules.action(code, player) for code in out[:count].tolist()]


def compiled_result(
    game: Game[State, Action], state: State, action: Action
) -> tuple[int, int, float | None]:
    """The masks after ``action`` by the compiled rules, and the mover's utility of the
    position reached (None: not terminal)."""
    rules = _rules(game)
    a, b, player = rules.unpack(state)
    code = rules.code(action, player)
    a2, b2, final = _play(rules.record, np.uint64(a), np.uint64(b), player, code)
    return int(a2), int(b2), None if final == OPEN else float(final)


def compare(game: Game[State, Action], state: State) -> None:
    """Raise ``AssertionError``, saying where, unless the compiled rules of ``game``
    agree with its Python methods on the non-terminal ``state`` and every move from it
    (``ValueError`` when it has none of its own)."""
    rules = _rules(game)
    shown = f"in {game!r} at {state!r}"
    legal = list(game.actions(state))
    compiled = compiled_actions(game, state)
    assert compiled == legal, f"compiled moves {compiled} != actions {legal} {shown}"
    me = game.player(state)
    a, b, to_move = rules.unpack(state)
    assert to_move == me, f"unpack says player {to_move} is to move, player() {me} {shown}"
    heuristic = hooks.evaluate(game)
    if heuristic is not None:
        for player in (1, 2):
            mine = float(_evaluate(rules.record, np.uint64(a), np.uint64(b), me, player))
            theirs = heuristic(state, player)
            assert mine == theirs, f"compiled evaluate {mine} != {theirs} for {player} {shown}"
    for action in legal:
        after = game.result(state, action)
        a2, b2, final = compiled_result(game, state, action)
        expected = rules.unpack(after)
        assert (a2, b2) == expected[:2], f"after {action!r}: {(a2, b2)} != {expected[:2]} {shown}"
        utility = game.utility(after, me) if game.is_terminal(after) else None
        assert final == utility, f"after {action!r}: outcome {final} != utility {utility} {shown}"
    _compare_symmetries(rules, a, b, me, [rules.code(action, me) for action in legal], shown)


def _compare_symmetries(
    rules: Rules, a: int, b: int, me: int, codes: list[int], shown: str
) -> None:
    """The symmetry members (``canonical``, ``canonical_move``, ``original_move``) agree with
    the rules: the canonical image is its own, and each move's image in it leads to a
    position of the same canonical image and outcome as the move itself (unless
    ``canonical`` leaves both positions as they are)."""
    record = rules.record

    def image(a: int, b: int, player: int) -> tuple[int, int, int]:
        ia, ib, t = _canonical(record, np.uint64(a), np.uint64(b), player)
        return int(ia), int(ib), int(t)

    ca, cb, t = image(a, b, me)
    assert image(ca, cb, me)[:2] == (ca, cb), (
        f"the canonical image {(ca, cb)} is not its own {shown}"
    )
    for code in codes:
        mapped, back = _moved(record, code, t)
        assert back == code, f"move {code} maps to {mapped} and back to {back} {shown}"
        a2, b2, final = _play(record, np.uint64(a), np.uint64(b), me, code)
        ia2, ib2, image_final = _play(record, np.uint64(ca), np.uint64(cb), me, mapped)
        assert final == image_final, f"move {code} and its image {mapped} end differently {shown}"
        mine, theirs = image(int(a2), int(b2), 3 - me), image(int(ia2), int(ib2), 3 - me)
        # a game may leave positions where images seldom meet as they are (Othello)
        as_they_are = mine == (int(a2), int(b2), 0) and theirs == (int(ia2), int(ib2), 0)
        assert mine[:2] == theirs[:2] or as_they_are, (
            f"move {code} and its image {mapped} part ways {shown}"
        )
