"""A game as a student of the course writes one: tic-tac-toe on a board of lists.

The built-in rubrics check searches on it too, beside zerosum's own games: its states
are dicts holding lists (no ``key``, no hash: zerosum derives their keys), so a search
that changes the state it is handed is caught, and a search that only works on hashable
states fails where a student's own game would make it fail.
"""

from __future__ import annotations

import copy
from typing import Any

__all__ = ["CourseTicTacToe", "course_game"]

_LINES = [[(r, c) for c in range(3)] for r in range(3)]
_LINES += [[(r, c) for r in range(3)] for c in range(3)]
_LINES += [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]


class CourseTicTacToe:
    """Tic-tac-toe with a state ``{"board": [[".", ...], ...], "player": 1}``; an action
    is a ``(row, column)`` tuple; player 1 is X."""

    @property
    def initial_state(self) -> dict[str, Any]:
        return {"board": [["."] * 3 for _ in range(3)], "player": 1}

    def player(self, state: dict[str, Any]) -> int:
        return int(state["player"])

    def actions(self, state: dict[str, Any]) -> list[tuple[int, int]]:
        if self.is_terminal(state):
            return []
        board = state["board"]
        return [(r, c) for r in range(3) for c in range(3) if board[r][c] == "."]

    def result(self, state: dict[str, Any], action: tuple[int, int]) -> dict[str, Any]:
        new = copy.deepcopy(state)
        row, column = action
        new["board"][row][column] = "X" if state["player"] == 1 else "O"
        new["player"] = 3 - state["player"]
        return new

    def _winner(self, state: dict[str, Any]) -> str:
        board = state["board"]
        for line in _LINES:
            marks = {board[r][c] for r, c in line}
            if len(marks) == 1 and marks != {"."}:
                return marks.pop()
        return ""

    def is_terminal(self, state: dict[str, Any]) -> bool:
        return bool(self._winner(state)) or all("." not in row for row in state["board"])

    def utility(self, state: dict[str, Any], player: int) -> float:
        winner = self._winner(state)
        if not winner:
            return 0.0
        return 1.0 if (winner == "X") == (player == 1) else -1.0

    def print_state(self, state: dict[str, Any]) -> None:
        for row in state["board"]:
            print(" ".join(row))


def course_game(name: str) -> CourseTicTacToe | None:
    """The course's game called ``name`` (``course-tictactoe``), or None."""
    return CourseTicTacToe() if name == "course-tictactoe" else None
