"""Agents graded against the exact solver, on a game whose answers are known by hand."""

from __future__ import annotations

from typing import Any

import pytest

import zerosum as zs
from zerosum.analysis import random_positions, read_positions
from zerosum.game import ZerosumError
from zerosum.games.connect_four import fast_paths as c4

#: state -> (player to move, {action: next state}); terminal states are P1WIN, P2WIN, DRAW.
TREE: dict[str, tuple[int, dict[str, str]]] = {
    "root": (1, {"w": "P1WIN", "d": "DRAW", "l": "P2WIN", "x": "mid"}),
    "mid": (2, {"d": "DRAW", "l": "P1WIN"}),
}


class Choices:
    """Player 1 can win, draw, lose, or go to "mid", where player 2 can draw or lose."""

    initial_state = "root"

    def player(self, state: str) -> int:
        return TREE[state][0]

    def actions(self, state: str) -> list[str]:
        return list(TREE[state][1]) if state in TREE else []

    def result(self, state: str, action: str) -> str:
        return TREE[state][1][action]

    def is_terminal(self, state: str) -> bool:
        return state not in TREE

    def utility(self, state: str, player: int) -> int:
        winner = {"P1WIN": 1, "P2WIN": 2}.get(state)
        return 0 if winner is None else (1 if winner == player else -1)

    def print_state(self, state: str) -> None:
        print(state)


def chooser(picks: dict[str, str]) -> Any:
    return lambda game, state: picks[state]


def test_shares_match_the_hand_count() -> None:
    agents = {
        "best": chooser({"root": "w", "mid": "d"}),
        "drawish": chooser({"root": "d", "mid": "l"}),
        "loser": chooser({"root": "l", "mid": "d"}),
        "wanders": chooser({"root": "x", "mid": "d"}),
    }
    report = zs.grade(Choices(), agents, states=["root", "mid"])
    assert report.values == {"won": 1, "drawn": 1, "lost": 0}
    best, drawish, loser, wanders = report.grades
    assert (best.kept, best.kept_share, best.critical_share) == (2, 1.0, 1.0)
    assert (drawish.kept, drawish.win_to_draw, drawish.draw_to_loss) == (0, 1, 1)
    assert drawish.blunder_share == 1.0 and drawish.critical_share == 0.0
    assert (loser.kept, loser.win_to_loss, loser.win_to_draw) == (1, 1, 0)
    assert (wanders.win_to_draw, wanders.kept) == (1, 1)  # "mid" is only a draw for player 1
    assert all(g.critical == 2 and g.moves == 2 for g in report.grades)


def test_perfect_keeps_every_value_and_random_does_not() -> None:
    report = zs.grade(zs.games.TicTacToe(), ["perfect", "random:seed=1"], positions=40, seed=2)
    perfect, rnd = report.grades
    assert perfect.kept_share == 1.0 and perfect.agent == "perfect"
    assert rnd.kept_share < 0.9 and rnd.win_to_draw + rnd.win_to_loss + rnd.draw_to_loss > 0
    assert report.positions == 40 and sum(report.values.values()) == 40
    assert "kept value" in str(report) and "random:seed=1" in str(report)
    assert report.to_dict()["grades"][0]["kept_share"] == 1.0
    assert len(report.plot().axes) == 2


def test_random_positions_are_seeded_distinct_and_in_range() -> None:
    game = zs.games.ConnectFour(width=5, height=4)
    first = random_positions(game, 30, (3, 6), seed=5)
    assert first == random_positions(game, 30, (3, 6), seed=5)
    assert len({c4.key(game, s) for s in first}) == 30
    assert all(3 <= s[2] <= 6 and not game.is_terminal(s) for s in first)
    with pytest.raises(ZerosumError, match="found only 0 distinct unfinished positions"):
        random_positions(zs.games.TicTacToe(), 5, (10, 12))
    with pytest.raises(ZerosumError, match="0 <= A <= B"):
        random_positions(game, 5, (6, 3))


def test_positions_from_lines() -> None:
    game = zs.games.ConnectFour(width=5, height=4)
    states = read_positions(game, ["# a comment", "33", "", "3 2 1  # with a note"])
    assert [s[2] for s in states] == [2, 3]
    with pytest.raises(ZerosumError, match="line 2: move 2"):
        read_positions(game, ["3", "39"])
