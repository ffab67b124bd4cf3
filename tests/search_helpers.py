"""Helpers for the search and solver tests: a user game with extra turns, an arbitrary
heuristic, and random positions drawn by hypothesis (``tests`` is on the path)."""

from __future__ import annotations

import zlib
from typing import Any

from hypothesis import strategies as st


class Kayles:
    """A user game without base class: take 1 or 2 adjacent pins from a row; taking the
    last pin wins. Taking exactly 2 pins earns another move, so the mover does not simply
    alternate (this exercises same-player plies)."""

    def __init__(self, pins: int = 7) -> None:
        self.pins = pins

    @property
    def initial_state(self) -> tuple[int, int]:
        return ((1 << self.pins) - 1, 1)

    def player(self, state: tuple[int, int]) -> int:
        return state[1]

    def actions(self, state: tuple[int, int]) -> list[tuple[int, int]]:
        row = state[0]
        singles = [(i, 1) for i in range(self.pins) if row >> i & 1]
        doubles = [(i, 2) for i in range(self.pins - 1) if row >> i & 3 == 3]
        return singles + doubles

    def result(self, state: tuple[int, int], action: tuple[int, int]) -> tuple[int, int]:
        i, size = action
        row = state[0] & ~(((1 << size) - 1) << i)
        again = size == 2 and row != 0
        return (row, state[1] if again else 3 - state[1])

    def is_terminal(self, state: tuple[int, int]) -> bool:
        return state[0] == 0

    def utility(self, state: tuple[int, int], player: int) -> int:
        # the player to move at an empty row did not take the last pin
        return -1 if state[1] == player else 1

    def print_state(self, state: tuple[int, int]) -> None:
        print(format(state[0], f"0{self.pins}b"), "player", state[1])


def hashed(state: Any, player: int) -> float:
    """An arbitrary zero-sum heuristic: a number in [-0.5, 0.5] fixed by the state."""
    value = (hash(state) % 1001 - 500) / 1000
    return value if player == 1 else -value


def random_state(game: Any, data: st.DataObject, most: int, least: int = 0) -> Any:
    """A state reached by ``least`` to ``most`` random moves (fewer if the game ends)."""
    state = game.initial_state
    for _ in range(data.draw(st.integers(least, most), label="plies")):
        if game.is_terminal(state):
            break
        state = game.result(state, data.draw(st.sampled_from(game.actions(state))))
    return state


class Heaps:
    """A user game rich in transpositions and in values: take 1 or 2 tokens from one of
    the heaps and score them; when the heaps are empty the utility is the score
    difference (0 is a draw). Moves on different heaps commute, so the same state
    comes back through many move orders. ``lists=True`` keeps the state as lists
    (``[heaps, scores, player]``, unhashable), as students write it."""

    def __init__(self, heaps: tuple[int, ...] = (2, 3, 2), lists: bool = False) -> None:
        self.heaps = heaps
        self.lists = lists

    def _state(self, heaps: list[int], scores: list[int], player: int) -> Any:
        return [heaps, scores, player] if self.lists else (tuple(heaps), tuple(scores), player)

    @property
    def initial_state(self) -> Any:
        return self._state(list(self.heaps), [0, 0], 1)

    def player(self, state: Any) -> int:
        return int(state[2])

    def actions(self, state: Any) -> list[tuple[int, int]]:
        return [(i, take) for i, h in enumerate(state[0]) for take in (1, 2) if take <= h]

    def result(self, state: Any, action: tuple[int, int]) -> Any:
        heaps, scores, player = list(state[0]), list(state[1]), state[2]
        i, take = action
        heaps[i] -= take
        scores[player - 1] += take * (i + 1)  # tokens of a later heap are worth more
        return self._state(heaps, scores, 3 - player)

    def is_terminal(self, state: Any) -> bool:
        return not any(state[0])

    def utility(self, state: Any, player: int) -> int:
        difference = state[1][0] - state[1][1]
        return difference if player == 1 else -difference

    def print_state(self, state: Any) -> None:
        print(state)


class ListTicTacToe:
    """Tic-tac-toe the way a student writes it: the board a list of lists, ``actions``
    the empty cells (even once someone has won), ``is_terminal`` and ``evaluate`` scanning
    the board. Draws, and the same position through many move orders."""

    lines = [[(r, c) for c in range(3)] for r in range(3)]
    lines += [[(r, c) for r in range(3)] for c in range(3)]
    lines += [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]

    @property
    def initial_state(self) -> list[Any]:
        return [[[0] * 3 for _ in range(3)], 1]

    def player(self, state: list[Any]) -> int:
        return int(state[1])

    def actions(self, state: list[Any]) -> list[tuple[int, int]]:
        return [(r, c) for r in range(3) for c in range(3) if state[0][r][c] == 0]

    def result(self, state: list[Any], action: tuple[int, int]) -> list[Any]:
        board = [row[:] for row in state[0]]
        board[action[0]][action[1]] = state[1]
        return [board, 3 - state[1]]

    def winner(self, state: list[Any]) -> int:
        for line in self.lines:
            marks = {state[0][r][c] for r, c in line}
            if len(marks) == 1 and 0 not in marks:
                return marks.pop()
        return 0

    def is_terminal(self, state: list[Any]) -> bool:
        return self.winner(state) != 0 or not self.actions(state)

    def utility(self, state: list[Any], player: int) -> int:
        won = self.winner(state)
        return 0 if won == 0 else 1 if won == player else -1

    def evaluate(self, state: list[Any], player: int) -> float:
        """Open lines: those ``player`` could still complete minus the other's, over 10."""
        mine = theirs = 0
        for line in self.lines:
            marks = {state[0][r][c] for r, c in line}
            mine += marks <= {0, player}
            theirs += marks <= {0, 3 - player}
        return (mine - theirs) / 10

    def print_state(self, state: list[Any]) -> None:
        for row in state[0]:
            print(" ".join(".XO"[cell] for cell in row))


def scrambled(state: Any, player: int) -> float:
    """An arbitrary zero-sum heuristic for any state, lists included: a number in
    [-0.5, 0.5] fixed by the state's text."""
    value = (zlib.crc32(repr(state).encode()) % 1001 - 500) / 1000
    return value if player == 1 else -value
