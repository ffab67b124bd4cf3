from __future__ import annotations

import pytest

from zerosum.game import replay
from zerosum.games import Migration

LAYOUT_8 = """\
_ _ _ _ _ _ _ _
○ _ _ _ _ _ _ _
○ ○ _ _ _ _ _ _
○ ○ ○ _ _ _ _ _
○ ○ ○ _ _ _ _ _
○ ○ _ ● ● _ _ _
○ _ ● ● ● ● _ _
_ ● ● ● ● ● ● _"""


def test_initial_layout_for_eight(capsys: pytest.CaptureFixture[str]) -> None:
    game = Migration(8)
    game.print_state(game.initial_state)
    assert capsys.readouterr().out == LAYOUT_8 + "\n"


@pytest.mark.parametrize("n", range(3, 12))
def test_layouts_are_symmetric_with_equal_armies(n: int) -> None:
    game = Migration(n)
    p1, p2, _ = game.initial_state
    assert p1.bit_count() == p2.bit_count() > 0
    for r in range(n):
        for c in range(n):
            # player 2's army is player 1's turned a quarter: (r, c) -> (n-1-c, r)
            if game.cell(game.initial_state, r, c) == 1:
                assert game.cell(game.initial_state, n - 1 - c, r) == 2


def test_moves_go_right_for_one_and_up_for_two() -> None:
    game = Migration(5)
    state = game.initial_state
    assert all(nc == c + 1 and nr == r for r, c, nr, nc in game.actions(state))
    state = game.result(state, (1, 0, 1, 1))
    assert all(nr == r - 1 and nc == c for r, c, nr, nc in game.actions(state))
    # a stone moves only into an empty cell: (2, 1) is blocked by nothing, (2, 0) by (2, 1)
    assert (2, 0, 2, 1) not in game.actions(game.initial_state)


def test_the_player_who_cannot_move_loses() -> None:
    game = Migration(3)
    # one stone each: player 1's at (1, 0), player 2's at (2, 1), right below (1, 1)
    state = replay(game, ["1,0"])  # player 1 steps into (1, 1): player 2 is blocked
    assert game.is_terminal(state) and game.player(state) == 2
    assert game.utility(state, 2) == -1 and game.utility(state, 1) == 1


def test_parse_accepts_a_stone_alone_or_a_full_move() -> None:
    game = Migration(8)
    state = game.initial_state
    assert game.parse_action("1,0", state) == (1, 0, 1, 1)
    assert game.parse_action("3,2>3,3", state) == (3, 2, 3, 3)
    with pytest.raises(ValueError, match="row,col"):
        game.parse_action("up", state)
