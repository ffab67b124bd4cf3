"""Test helpers importable from every test module (``tests`` is on the path)."""

from __future__ import annotations

from typing import Any

import pytest

from zerosum.games import GAMES

#: Every built-in game at sizes whose random playouts are quick: the ``small_specs`` of
#: its registry line (``games/registry.py``), so a new game is played with no edit here.
SMALL_GAMES = [spec for entry in GAMES for spec in entry.small_specs]


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    """The command's standard error, checked to be one ``zerosum: error:`` line."""
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith("zerosum: error: "), err
    assert "Traceback" not in err
    return err


class Pile:
    """A game with the seven members and nothing else: a pile of two stones, each player
    takes one or two, and who takes the last one wins."""

    initial_state = (2, 1)

    def player(self, state: Any) -> int:
        return int(state[1])

    def actions(self, state: Any) -> list[int]:
        return [n for n in (1, 2) if n <= state[0]]

    def result(self, state: Any, action: Any) -> Any:
        return (state[0] - action, 3 - state[1])

    def is_terminal(self, state: Any) -> bool:
        return bool(state[0] == 0)

    def utility(self, state: Any, player: int) -> float:
        return 1.0 if state[1] == player else -1.0  # who took the last one left the mover

    def print_state(self, state: Any) -> None:
        print(state)
