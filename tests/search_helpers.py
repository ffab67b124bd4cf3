"""Helpers for the search and solver tests: a user game with extra turns, an arbitrary
heuristic, and random positions drawn by hypothesis (``tests`` is on the path)."""

from __future__ import annotations

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


def random_state(game: Any, data: st.DataObject, most: int) -> Any:
    state = game.initial_state
    for _ in range(data.draw(st.integers(0, most), label="plies")):
        if game.is_terminal(state):
            break
        state = game.result(state, data.draw(st.sampled_from(game.actions(state))))
    return state
