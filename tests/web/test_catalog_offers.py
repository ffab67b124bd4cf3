"""The page offers the perfect player, and plain minimax, only on boards where they answer
at once: each game that says ``perfect_is_instant`` or ``minimax_is_instant`` is held to
it here, from the start of the game."""

from __future__ import annotations

import time

import pytest

import zerosum as zs
from zerosum import budget, hooks
from zerosum.games.connect_four.book import book
from zerosum.games.connect_four.fast_paths import BOOK_INSTANT_PLIES

#: 7x6 answers its first moves from the opening book once the book is deep enough.
_SHIPPED = book()
_BOOKED = _SHIPPED is not None and _SHIPPED.plies >= BOOK_INSTANT_PLIES

INSTANT = [
    "tictactoe",
    "pick:n=3",
    "migration:n=5",
    "connect4:width=5,height=5",
    "connect4:width=6,height=4",
    "connect4:width=4,height=4,k=3",
    *(["connect4"] if _BOOKED else []),
]
SLOW = [
    "pick:n=4",
    "migration:n=6",
    *([] if _BOOKED else ["connect4"]),
    "connect4:width=6,height=5",
    "connect4:width=5,height=4,k=5",
]


@pytest.mark.alone
@pytest.mark.parametrize("spec", INSTANT)
def test_a_board_said_instant_is_solved_from_the_start_in_well_under_a_second(spec: str) -> None:
    game = zs.load_game(spec)
    assert hooks.perfect_is_instant(game) is True
    agent = zs.agents.Perfect()
    agent.prepare(game)  # compiling is the server's business, before any move
    start = time.perf_counter()
    with budget.limit(2.0):
        agent(game, game.initial_state)
    assert agent.last is not None and not agent.last.note  # proven, not a fallback search
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize("spec", SLOW)
def test_bigger_boards_are_not_said_instant(spec: str) -> None:
    assert hooks.perfect_is_instant(zs.load_game(spec)) is False


#: Boards said small enough for plain minimax, and bigger ones (nodes from the start).
MINIMAX_INSTANT = ["tictactoe", "pick:n=3", "migration:n=4", "connect4:width=3,height=3,k=3"]
MINIMAX_SLOW = ["pick:n=4", "migration:n=5", "connect4:width=4,height=3", "connect4", "othello"]


@pytest.mark.parametrize("spec", MINIMAX_INSTANT)
def test_a_board_said_small_is_searched_to_the_end_by_minimax(spec: str) -> None:
    game = zs.load_game(spec)
    assert zs.hooks.minimax_is_instant(game)
    agent = zs.agents.Minimax()
    agent(game, game.initial_state)
    assert agent.last is not None and agent.last.nodes <= 600_000  # tic-tac-toe's 549,946


@pytest.mark.parametrize("spec", MINIMAX_SLOW)
def test_bigger_boards_are_not_said_small_for_minimax(spec: str) -> None:
    assert not zs.hooks.minimax_is_instant(zs.load_game(spec))
