"""OpenSpiel's tic-tac-toe and Connect Four, through the adapter, agree with zerosum's own
games move by move over thousands of random playouts: same legal moves, same boards, same
ends and results."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import zerosum as zs
from zerosum.interop import openspiel

pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")


def tictactoe_board(game: Any, state: Any) -> str:
    x, o, _ = state
    cells = "".join("x" if x >> c & 1 else "o" if o >> c & 1 else "." for c in range(9))
    return "\n".join(cells[r : r + 3] for r in (0, 3, 6))


def connect_four_board(game: Any, state: Any) -> str:
    rows = reversed(range(game.height))
    return "\n".join(
        "".join(".xo"[game.cell(state, c, r)] for c in range(game.width)) for r in rows
    )


def crosscheck(
    ours: Any, theirs: Any, board: Callable[[Any, Any], str], games: int, seed: int
) -> dict[int | None, int]:
    """Play ``games`` random games in both at once; return how often each player won."""
    rng = random.Random(seed)
    wins: dict[int | None, int] = {1: 0, 2: 0, None: 0}
    for _ in range(games):
        mine, other = ours.initial_state, theirs.initial_state
        while True:
            assert ours.is_terminal(mine) == theirs.is_terminal(other)
            assert board(ours, mine) == theirs.render(other)
            legal = ours.actions(mine)
            assert sorted(legal) == sorted(theirs.actions(other))
            if not legal:
                break
            assert ours.player(mine) == theirs.player(other)
            action = rng.choice(legal)
            mine, other = ours.result(mine, action), theirs.result(other, action)
        for player in (1, 2):
            assert ours.utility(mine, player) == theirs.utility(other, player)
        u1 = ours.utility(mine, 1)
        wins[1 if u1 > 0 else 2 if u1 < 0 else None] += 1
    return wins


def test_tic_tac_toe_matches_zerosum_tictactoe() -> None:
    wins = crosscheck(
        zs.games.TicTacToe(), openspiel.load("tic_tac_toe"), tictactoe_board, 2000, seed=1
    )
    # every kind of ending happened, so the comparison covered wins for both and draws
    assert min(wins.values()) > 100


@pytest.mark.parametrize(
    ("width", "height", "games"), [(7, 6, 1000), (5, 4, 1000)], ids=["7x6", "5x4"]
)
def test_connect_four_matches_zerosum_connect4(width: int, height: int, games: int) -> None:
    ours = zs.games.ConnectFour(width=width, height=height)
    theirs = openspiel.load("connect_four", columns=width, rows=height)
    wins = crosscheck(ours, theirs, connect_four_board, games, seed=2)
    assert wins[1] > 100 and wins[2] > 100 and sum(wins.values()) == games


def test_the_solver_values_openspiel_positions_as_zerosums_own() -> None:
    ours, theirs = zs.games.TicTacToe(), openspiel.load("tic_tac_toe")
    mine, other = ours.initial_state, theirs.initial_state
    for cell in (0, 1):  # X takes a corner, O an edge next to it: X can force a win
        mine, other = ours.result(mine, cell), theirs.result(other, cell)
    exact_ours, exact_theirs = zs.solve(ours, mine), zs.solve(theirs, other)
    assert exact_theirs.value == exact_ours.value == 1
    assert exact_theirs.action_values == exact_ours.action_values
    assert exact_theirs.plies == exact_ours.plies


def test_the_solver_values_openspiel_connect_four_as_zerosums_own() -> None:
    ours = zs.games.ConnectFour(width=5, height=3, k=3)
    theirs = openspiel.load("connect_four", columns=5, rows=3, x_in_row=3)
    exact_ours, exact_theirs = zs.solve(ours), zs.solve(theirs)
    assert exact_theirs.action_values == exact_ours.action_values
    assert exact_theirs.action_values[0] == -1 and exact_theirs.action_values[2] == 1
    assert exact_theirs.action_plies == exact_ours.action_plies


def test_alpha_beta_plays_openspiel_games_to_the_end() -> None:
    game = openspiel.load("connect_four", columns=5, rows=4)
    record = zs.play(game, zs.agents.AlphaBeta(depth=4), zs.agents.AlphaBeta(depth=2))
    assert record.reason is zs.arena.Reason.END and record.plies >= 7
