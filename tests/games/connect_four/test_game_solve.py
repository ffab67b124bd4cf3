"""``zs.solve`` on Connect Four takes the compiled solver and agrees with the generic path."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zerosum as zs
from processes import SRC
from zerosum.games import ConnectFour
from zerosum.games.connect_four import fast_paths as c4


class PlainConnectFour:
    """The same rules seen as a user's game: no ``solve_exactly``, so the generic path runs."""

    def __init__(self, game: ConnectFour) -> None:
        self.game = game

    @property
    def initial_state(self) -> Any:
        return self.game.initial_state

    def player(self, state: Any) -> int:
        return self.game.player(state)

    def actions(self, state: Any) -> list[int]:
        return self.game.actions(state)

    def result(self, state: Any, action: int) -> Any:
        return self.game.result(state, action)

    def is_terminal(self, state: Any) -> bool:
        return self.game.is_terminal(state)

    def utility(self, state: Any, player: int) -> int:
        return self.game.utility(state, player)

    def print_state(self, state: Any) -> None:
        self.game.print_state(state)


@settings(max_examples=40, deadline=None)
@given(size=st.sampled_from([(4, 4), (5, 4)]), data=st.data())
def test_compiled_and_generic_solves_agree(size: tuple[int, int], data: st.DataObject) -> None:
    game = ConnectFour(*size)
    state = game.initial_state
    for _ in range(data.draw(st.integers(4, 12))):
        if game.is_terminal(state):
            break
        state = game.result(state, data.draw(st.sampled_from(game.actions(state))))
    if game.is_terminal(state):
        return
    fast = zs.solve(game, state)
    plain = zs.solve(PlainConnectFour(game), state)
    assert fast.action_scores is not None and plain.action_scores is None
    assert fast.value == plain.value
    assert fast.action_values == plain.action_values
    assert fast.action_plies == plain.action_plies
    assert set(fast.best_actions) == set(plain.best_actions)


def test_scores_follow_the_benchmark_convention() -> None:
    game = ConnectFour()
    # "2252576253462244111563365343671351441 -1" is the first line of the End-Easy set
    state = zs.game.replay(game, list("2252576253462244111563365343671351441"))
    result = zs.solve(game, state)
    assert result.score == -1 and result.value == -1
    assert result.plies is not None and result.nodes > 0


def test_boards_beyond_the_kernel_take_the_generic_path() -> None:
    game = ConnectFour(width=4, height=4, k=3)
    assert c4.solve_exactly(game, game.initial_state) is None
    assert zs.solve(game).action_scores is None


def test_perfect_plays_connect_four_instantly_and_finishes_a_win() -> None:
    game = ConnectFour()
    # player 1 has three in a row at the bottom: the perfect player completes it at once
    state = zs.game.replay(game, list("445566"))
    assert zs.agents.Perfect()(game, state) in (2, 6)


def test_a_games_next_solve_starts_from_what_the_last_one_proved() -> None:
    game = ConnectFour()
    # twelve plies in, past the opening book (Begin-Hard): millions of nodes from a fresh table
    state = zs.game.replay(game, list("521731255533"))
    from zerosum.games.connect_four import solver as connect4

    connect4.kept_table().reset()
    first = c4.solve_exactly(game, state)
    again = c4.solve_exactly(game, state)
    assert first is not None and again is not None
    assert again["scores"] == first["scores"]
    assert again["nodes"] < first["nodes"] // 10  # the kept table answers most of it


@pytest.mark.alone
def test_an_unprepared_solve_is_not_charged_for_compiling_the_solver(tmp_path: Path) -> None:
    """With numba's cache empty and nothing prepared (``zerosum play``'s perfect player
    while the person plays), the first solve past the opening book compiles the solver
    (seconds) off the move's clock: told 1 s, a position of 51,391 nodes is still solved
    (the deadline had passed when the search began, when compiling counted)."""
    script = (
        "import zerosum as zs\n"
        "from zerosum import budget\n"
        "game = zs.games.ConnectFour()\n"
        "from zerosum.games.connect_four.fast_paths import solve_exactly\n"
        "solve_exactly(game, game.initial_state)\n"  # the opening book loaded, nothing compiled
        "state = zs.game.replay(game, list('774445731717556364'))\n"
        "with budget.limit(1.0):\n"
        "    print(solve_exactly(game, state)['nodes'])\n"
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path), "PYTHONPATH": SRC}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr[-500:]
    assert int(done.stdout) > 0
