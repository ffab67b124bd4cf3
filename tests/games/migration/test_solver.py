"""The compiled Migration win/loss solver (``games/migration/solver.py``) against plain searches
in Python, on random positions, whatever its table's size."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zerosum as zs
from zerosum.budget import OutOfTime
from zerosum.games.migration.solver import outcomes, position_wins


def mover_wins(game: zs.games.Migration, state: Any, known: dict[Any, bool]) -> bool:
    """The rules alone, every move tried in the game's order, a dictionary for a table."""
    if state not in known:
        known[state] = any(
            game.is_terminal(child) or not mover_wins(game, child, known)
            for child in (game.result(state, action) for action in game.actions(state))
        )
    return known[state]


def mover_wins_settled(game: zs.games.Migration, state: Any, known: dict[Any, bool]) -> bool:
    """As :func:`mover_wins`, but asking the game's ``settled`` (in Python) first and
    trying first the moves that leave the opponent the fewest replies, which makes the
    deeper positions of 7x7 affordable (in the game's order some take minutes)."""
    settled = game.settled(state)
    if settled is not None:
        return settled[0] > 0
    if state not in known:
        children = [game.result(state, action) for action in game.actions(state)]
        children.sort(key=lambda child: game.movable(child).bit_count())
        known[state] = any(
            game.is_terminal(child) or not mover_wins_settled(game, child, known)
            for child in children
        )
    return known[state]


def random_position(game: zs.games.Migration, seed: int, low: int, high: int) -> Any:
    """A position ``low`` to ``high`` plies of random play in. (Random play, not moves drawn
    by hypothesis, which favours the first: the armies then lock in long columns that a
    plain search takes minutes over on 7x7.)"""
    rng = random.Random(seed)
    state = game.initial_state
    for _ in range(rng.randint(low, high)):
        if game.is_terminal(state):
            break
        state = game.result(state, rng.choice(game.actions(state)))
    return state


def plain_values(game: zs.games.Migration, state: Any, wins: Any) -> dict[Any, int]:
    known: dict[Any, bool] = {}
    values = {}
    for action in game.actions(state):
        child = game.result(state, action)
        values[action] = 1 if game.is_terminal(child) or not wins(game, child, known) else -1
    return values


@settings(max_examples=25, deadline=None)
@given(
    n=st.sampled_from([4, 5, 6]), slots=st.sampled_from([2, 64, None]), seed=st.integers(0, 2**32)
)
def test_the_values_are_those_of_the_rules_alone(n: int, slots: int | None, seed: int) -> None:
    # a table of one bucket keeps almost nothing: every outcome must still be right
    game = zs.games.Migration(n=n)
    state = random_position(game, seed, 2 * n, 4 * n)
    if game.is_terminal(state):
        return
    values, nodes = outcomes(game, state, slots=slots)
    assert values == plain_values(game, state, mover_wins)
    assert nodes >= 0


@settings(max_examples=15, deadline=None)
@given(slots=st.sampled_from([64, 1 << 12, None]), seed=st.integers(0, 2**32))
def test_the_values_on_7x7_are_those_of_a_plain_search(slots: int | None, seed: int) -> None:
    game = zs.games.Migration(n=7)
    state = random_position(game, seed, 26, 34)
    if game.is_terminal(state):
        return
    values, _ = outcomes(game, state, slots=slots)
    assert values == plain_values(game, state, mover_wins_settled)


@pytest.mark.parametrize(
    ("n", "state", "settled"),
    [
        # past each other: player 1 at (0, 2) and (1, 4), 2 moves left; player 2 at (4, 0)
        # and (3, 1), 7 moves left
        (5, (1 << 2 | 1 << 9, 1 << 20 | 1 << 16, 1), (-1, 4)),
        # one move left each: the mover runs out first (ties lose)
        (4, (1 << 2, 1 << 4, 1), (-1, 2)),
        (4, (1 << 2, 1 << 4 | 1 << 13, 1), (-1, 2)),
        (4, (1 << 2 | 1 << 6, 1 << 4, 1), (1, 3)),
    ],
)
def test_settled_positions_cost_no_search(n: int, state: Any, settled: tuple[int, int]) -> None:
    game = zs.games.Migration(n=n)
    assert game.settled(state) == settled
    values, nodes = outcomes(game, state)
    assert nodes == 0 and values == plain_values(game, state, mover_wins)
    assert max(values.values()) == settled[0]


def test_the_7x7_start_is_a_first_player_win_with_three_moves() -> None:
    game = zs.games.Migration(n=7)
    values, nodes = outcomes(game, game.initial_state)
    winning = sorted(a for a, v in values.items() if v == 1)
    assert winning == [(3, 2, 3, 3), (4, 1, 4, 2), (5, 0, 5, 1)]
    assert sorted(a for a, v in values.items() if v == -1) == [(1, 0, 1, 1), (2, 1, 2, 2)]
    assert 0 < nodes < 20_000_000  # 3.5 million with fewest replies first, 891 million before


def test_boards_past_8x8_are_refused() -> None:
    with pytest.raises(ValueError, match="up to 8x8, not 9"):
        outcomes(zs.games.Migration(n=9), zs.games.Migration(n=9).initial_state)


def test_the_moves_asked_for_are_searched_in_order_and_reported() -> None:
    game = zs.games.Migration(n=6)
    seen: list[tuple[Any, int, int]] = []
    first = list(reversed(game.actions(game.initial_state)))[:2]
    values, nodes = outcomes(
        game, game.initial_state, actions=first, report=lambda *settled: seen.append(settled)
    )
    assert list(values) == first and [s[:2] for s in seen] == list(values.items())
    assert seen[0][2] <= seen[1][2] == nodes


def test_running_out_of_time_says_how_far_it_got() -> None:
    game = zs.games.Migration(n=8)
    with pytest.raises(OutOfTime, match=r"ran out of time on 8x8 after [\d,]+ positions"):
        outcomes(game, game.initial_state, deadline=time.perf_counter() + 0.05)


class TooBig(Exception):
    """A plain search that would take too long here."""


def deep_position(game: zs.games.Migration, seed: int, search: Any, cap: int = 20_000) -> Any:
    """A position of random play 30 plies in or deeper, the first (4 plies apart) whose plain
    ``search(state, known)`` takes at most ``cap`` positions, and its answer; None if the
    game ends first."""
    rng = random.Random(seed)
    state = random_position(game, seed, 30, 30)
    while not game.is_terminal(state):
        known = CappedDict(cap)
        try:
            return state, search(game, state, known)
        except TooBig:
            for _ in range(4):
                if not game.is_terminal(state):
                    state = game.result(state, rng.choice(game.actions(state)))
    return None


class CappedDict(dict[Any, Any]):
    """A memo that raises :class:`TooBig` past ``cap`` entries."""

    def __init__(self, cap: int) -> None:
        super().__init__()
        self.cap = cap

    def __setitem__(self, key: Any, value: Any) -> None:
        if len(self) >= self.cap:
            raise TooBig
        super().__setitem__(key, value)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_deep_8x8_positions_are_won_as_a_plain_search_says(seed: int) -> None:
    game = zs.games.Migration(n=8)
    found = deep_position(game, seed, mover_wins_settled)
    if found is None:
        return
    state, plain = found
    wins, _, _ = position_wins(game, state, 1 << 16)
    assert wins == plain
