from __future__ import annotations

from itertools import combinations

import pytest

import zerosum as zs
from zerosum.game import replay
from zerosum.games import Pick
from zerosum.games.claim.pick import winning_sets


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_winning_sets_are_every_n_subset_with_the_magic_sum(n: int) -> None:
    target = n * (n * n + 1) // 2
    expected = {
        sum(1 << x for x in combo)
        for combo in combinations(range(1, n * n + 1), n)
        if sum(combo) == target
    }
    assert set(winning_sets(n)) == expected


def test_a_win_needs_exactly_n_numbers_with_the_sum_among_those_held() -> None:
    game = Pick(3)  # 3 numbers summing to 15 win
    state = replay(game, "9 1 8 2 3".split())  # player 1 holds 9 8 3: no 3 of them sum to 15
    assert not game.is_terminal(state)
    state = replay(game, ["7", "4"], state)  # player 2 holds 1 2 7; player 1 takes 4: 8+3+4=15
    assert game.is_terminal(state) and game.utility(state, 1) == 1
    assert game.winning_set(state) == [3, 4, 8]


def test_second_player_can_win() -> None:
    game = Pick(3)
    state = replay(game, "1 5 2 9 3".split())
    assert not game.is_terminal(state)
    state = replay(game, ["4", "7", "6"], state)  # player 2: 4 + 5 + 6 = 15
    assert game.is_terminal(state) and game.utility(state, 2) == 1


def test_all_taken_without_a_win_is_a_draw() -> None:
    game = Pick(2)  # numbers 1..4, pairs summing to 5 win: {1, 4} and {2, 3}
    state = replay(game, "1 2 3 4".split())
    assert game.is_terminal(state) and game.utility(state, 1) == 0 == game.utility(state, 2)
    assert "Player 1: 1 3" in game.render(state)


def test_taken_numbers_are_refused() -> None:
    game = Pick(3)
    with pytest.raises(zs.IllegalActionError, match="player 2 cannot play 5"):
        replay(game, ["5", "5"])
    with pytest.raises(zs.SpecError, match="n must be"):
        zs.load_game("pick:n=9")
