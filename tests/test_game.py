"""The game contract's helpers for any game."""

from __future__ import annotations

from zerosum.game import split_moves
from zerosum.games import ConnectFour, Migration, Pick


def test_moves_are_split_on_spaces_and_semicolons_and_digit_runs() -> None:
    assert split_moves(Migration(5), "1,0>1,1; 4,1  2,1") == ["1,0>1,1", "4,1", "2,1"]
    assert split_moves(ConnectFour(), "4453") == ["4", "4", "5", "3"]
    assert split_moves(Pick(4), "12") == ["12"]  # a legal number stays one move
    assert split_moves(Pick(4), "") == []
