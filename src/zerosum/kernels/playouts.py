"""Uniformly random playouts: one compiled kernel for every game with compiled rules, a loop
for any game.

A playout plays uniformly random legal moves from a state to the end. The built-in games
offer ``game.playouts(state, n, seed)``, which lands here: the compiled kernel when the
game has compiled rules (``kernels/rules.py``; the built-in boards of 64 bits or less),
:func:`random_playouts` otherwise.

:func:`trace` returns a kernel playout's actions too, so tests can replay it through the
game's Python rules and check the kernel agrees with them.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import lru_cache
from typing import cast

import numpy as np
from numba import njit

from .. import hooks
from ..game import Action, Game, State
from .generic import random_playouts
from .rng import below, new_rng
from .rules import MAX_MOVES, MAX_PLIES, OPEN, Rules, moves, outcome, play

__all__ = ["playouts", "trace", "compiled", "play_out", "Playouts"]


@njit(cache=True)
def play_out(rules, a, b, player, rng, buffer, trace):  # type: ignore[no-untyped-def]
    """Random moves from the non-terminal ``(a, b)``, ``player`` to move, to the end;
    returns the winner (0: a draw). ``buffer`` holds a move list (:data:`MAX_MOVES`).
    Writes the move codes played to ``trace`` (then -1) unless it is empty."""
    plies = 0
    while True:
        count = moves(rules, a, b, player, buffer)
        code = buffer[below(rng, count)]
        a, b = play(rules, a, b, player, code)
        if trace.size:
            trace[plies] = code
            trace[plies + 1] = -1
        plies += 1
        final = outcome(rules, a, b, player, code)
        if final != OPEN:
            return 0 if final == 0.0 else (player if final > 0.0 else 3 - player)
        player = 3 - player


@njit(cache=True, nogil=True)
def _total(rules, a, b, player, n, rng):  # type: ignore[no-untyped-def]
    """Player 1's total utility of ``n`` playouts."""
    total = 0
    buffer, no_trace = np.empty(MAX_MOVES, dtype=np.int64), np.empty(0, dtype=np.int64)
    for _ in range(n):
        winner = play_out(rules, a, b, player, rng, buffer, no_trace)
        total += 1 if winner == 1 else -1 if winner == 2 else 0
    return total


class Playouts:
    """The compiled playouts of one game's compiled rules (states must be non-terminal)."""

    def __init__(self, rules: Rules) -> None:
        self.rules, self.record = rules, rules.record

    def total(self, state: object, n: int, rng: np.ndarray) -> float:
        a, b, player = self.rules.unpack(state)
        return float(_total(self.record, np.uint64(a), np.uint64(b), player, n, rng))

    def trace(self, state: object, rng: np.ndarray) -> list[Hashable]:
        a, b, player = self.rules.unpack(state)
        out = np.full(MAX_PLIES + 1, -1, dtype=np.int64)
        buffer = np.empty(MAX_MOVES, dtype=np.int64)
        play_out(self.record, np.uint64(a), np.uint64(b), player, rng, buffer, out)
        actions = []
        for code in out[: int(np.argmin(out))].tolist() if out[0] >= 0 else []:
            actions.append(self.rules.action(code, player))
            player = 3 - player
        return actions


@lru_cache(maxsize=64)
def _kernel_of(rules: Rules) -> Playouts:
    return Playouts(rules)


def compiled(game: Game) -> Playouts | None:
    """The compiled playouts of ``game``, or None when it has no compiled rules of its own
    (a user game without them, a subclass that changed a built-in's rules, or a built-in
    board too large for 64-bit masks: Connect Four beyond 64 cells with the spare row,
    Migration beyond 8x8)."""
    hook = hooks.compiled_rules(game)
    rules = None if hook is None else hook()
    return None if rules is None else _kernel_of(rules)


def playouts(game: Game[State, Action], state: State, n: int, seed: int) -> float:
    """Total utility for player 1 of ``n`` uniformly random playouts from ``state``.

    Compiled for the games where :func:`compiled` has a kernel, else through
    :func:`random_playouts`; the same ``seed`` gives the same total.

    >>> from zerosum.games import TicTacToe
    >>> game = TicTacToe()
    >>> start = game.initial_state
    >>> playouts(game, start, 100, seed=1) == playouts(game, start, 100, seed=1)
    True
    """
    if n < 0:
        raise ValueError(f"the number of playouts must be at least 0, not {n}")
    if game.is_terminal(state):
        return n * float(game.utility(state, 1))
    kernel = compiled(game)
    if kernel is None:
        return random_playouts(game, state, n, random.Random(seed))
    return kernel.total(state, n, new_rng(seed))


def trace(game: Game[State, Action], state: State, seed: int) -> list[Action]:
    """The actions of one compiled random playout from ``state`` (a game whose
    :func:`compiled` kernel exists), in the game's own action format, for replaying."""
    kernel = compiled(game)
    if kernel is None:
        raise ValueError(f"{game!r} has no compiled playout kernel")
    if game.is_terminal(state):
        return []
    return cast("list[Action]", kernel.trace(state, new_rng(seed)))  # the codec's actions
