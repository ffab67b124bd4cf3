"""Migration written the way the course notebook writes it, and the notebook's alpha-beta.

The class is a plain user game: the state is a list ``[board, player]`` with the board a
list of rows of 0 (empty), 1 and 2; ``actions`` scans the whole board; ``is_terminal``
and ``evaluate`` call ``actions``; ``result`` copies the board. Nothing in it helps a
search (no ``key``, unhashable states), which is what zerosum's Python engine meets on
students' games. ``evaluate`` scores terminal states by their utility, so the notebook's
search (which checks the depth before the terminal test and scores both with
``evaluate``) and zerosum's (which scores terminal states by ``utility``) give the same
values. The layout and rules are those of ``zerosum.games.Migration``.
"""

from __future__ import annotations

import math
from typing import Any

Board = list[list[int]]
State = list[Any]  # [board, player to move]
Action = tuple[int, int, int, int]


class NotebookMigration:
    """Migration on an n x n board: player 1 steps right, player 2 steps up; stuck loses."""

    def __init__(self, n: int = 8) -> None:
        self.n = n

    @property
    def initial_state(self) -> State:
        n = self.n
        board = [[0] * n for _ in range(n)]
        for r in range(n):
            for c in range(n):
                if c < min(r, n - 1 - r):
                    board[r][c] = 1
                if n - 1 - r < min(c, n - 1 - c):
                    board[r][c] = 2
        return [board, 1]

    def player(self, state: State) -> int:
        return state[1]

    def actions(self, state: State) -> list[Action]:
        board, player = state
        n = self.n
        moves = []
        for r in range(n):
            for c in range(n):
                if board[r][c] == player:
                    if player == 1 and c + 1 < n and board[r][c + 1] == 0:
                        moves.append((r, c, r, c + 1))
                    elif player == 2 and r > 0 and board[r - 1][c] == 0:
                        moves.append((r, c, r - 1, c))
        return moves

    def result(self, state: State, action: Action) -> State:
        board, player = state
        r, c, nr, nc = action
        new = [row[:] for row in board]
        new[r][c] = 0
        new[nr][nc] = player
        return [new, 3 - player]

    def is_terminal(self, state: State) -> bool:
        return len(self.actions(state)) == 0

    def utility(self, state: State, player: int) -> int:
        # the player to move in a terminal state is stuck and has lost
        return -1 if state[1] == player else 1

    def evaluate(self, state: State, player: int) -> float:
        """Mobility: the moves ``player`` could make minus the other's, squashed into
        (-1, 1); a terminal state scores its utility."""
        if self.is_terminal(state):
            return self.utility(state, player)
        mine = len(self.actions([state[0], player]))
        theirs = len(self.actions([state[0], 3 - player]))
        return (mine - theirs) / (abs(mine - theirs) + 4)

    def print_state(self, state: State) -> None:
        for row in state[0]:
            print(" ".join("_○●"[cell] for cell in row))


def notebook_alphabeta(game: Any, state: Any, depth: int) -> tuple[Any, float]:
    """The notebook's cut-off alpha-beta: ``(best action, value for the player to move)``.
    It checks the depth before the terminal test and scores both with ``game.evaluate``."""
    player = game.player(state)

    def cutoff(s: Any, d: int) -> bool:
        return d > depth or game.is_terminal(s)

    def max_value(s: Any, alpha: float, beta: float, d: int) -> float:
        if cutoff(s, d):
            return game.evaluate(s, player)
        v = -math.inf
        for a in game.actions(s):
            v = max(v, min_value(game.result(s, a), alpha, beta, d + 1))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(s: Any, alpha: float, beta: float, d: int) -> float:
        if cutoff(s, d):
            return game.evaluate(s, player)
        v = math.inf
        for a in game.actions(s):
            v = min(v, max_value(game.result(s, a), alpha, beta, d + 1))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    best_value, best_action = -math.inf, None
    for a in game.actions(state):
        v = min_value(game.result(state, a), best_value, math.inf, 2)
        if v > best_value:
            best_value, best_action = v, a
    return best_action, best_value
