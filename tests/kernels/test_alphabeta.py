"""The compiled AlphaBeta (kernels/alphabeta.py) against the Python engine it replaces."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zerosum as zs
from helpers import SMALL_GAMES
from processes import SRC
from search_helpers import Kayles, hashed, random_state
from zerosum.agents import AlphaBeta
from zerosum.agents.search import DECAY
from zerosum.games.heuristics import zero
from zerosum.kernels.alphabeta import search_kernel as compiled

#: The depths every game with a kernel is searched at.
DEPTHS: list[int | None] = [1, 2, 3]
#: More sizes and depths where both paths still finish quickly (None: to the end; some
#: depths reach the end of the game, where the compiled deepening stops early).
DEEPER: dict[str, list[int | None]] = {
    "tictactoe": [8, None],
    "pick:n=3": [4],
    "migration:n=3": [None],
    "migration:n=4": [5, 12, None],
    "migration:n=6": [4],
    "migration:n=8": [4],
    "connect4": [4, 5],
    "connect4:width=4,height=4,k=3": [6, None],
    "connect4:width=5,height=3": [5],
    "othello:size=4": [None],
}
#: Every game with a kernel: each small spec of the registry whose rules compile (so a new
#: compiled game is tested with no edit here), and the sizes above.
KERNEL_GAMES = [
    (spec, DEPTHS + DEEPER.get(spec, []))
    for spec in dict.fromkeys(
        [s for s in SMALL_GAMES if compiled(zs.load_game(s)) is not None] + list(DEEPER)
    )
]
SWITCHES = st.fixed_dictionaries(
    {
        "ordering": st.booleans(),
        "table": st.booleans(),
        "depth_adjust": st.booleans(),
        "seed": st.none() | st.integers(0, 9),
    }
)


@settings(max_examples=150, deadline=None)
@given(case=st.sampled_from(KERNEL_GAMES), switches=SWITCHES, data=st.data())
def test_compiled_and_python_paths_return_the_same_value(
    case: tuple[str, list[int | None]], switches: dict[str, Any], data: st.DataObject
) -> None:
    spec, depths = case
    game = zs.load_game(spec)
    state = random_state(game, data, 12)
    if game.is_terminal(state):
        return
    depth = data.draw(st.sampled_from(depths), label="depth")
    python = AlphaBeta(depth, compiled=False, **switches)
    python(game, state)
    agent = AlphaBeta(depth, **switches)
    move = agent(game, state)
    assert agent.last is not None and python.last is not None
    assert agent.last.compiled and not python.last.compiled
    assert agent.last.value == python.last.value
    assert move in game.actions(state)
    # the move is one of the best: searched on its own, it keeps the position's value
    assert _value_of(game, state, move, depth, switches) == agent.last.value
    if switches["seed"] is not None:
        assert agent.last.ties == python.last.ties


def _value_of(
    game: Any, state: Any, move: Any, depth: int | None, switches: dict[str, Any]
) -> float:
    """The value of ``move`` for the player to move in ``state``, by the Python path."""
    decay = DECAY if switches["depth_adjust"] else 1.0
    me, after = game.player(state), game.result(state, move)
    if game.is_terminal(after):
        return game.utility(after, me) * decay
    if depth == 1:
        return game.evaluate(after, me) * decay
    reply = AlphaBeta(None if depth is None else depth - 1, compiled=False,
                      depth_adjust=switches["depth_adjust"])  # fmt: skip
    reply(game, after)
    assert reply.last is not None
    return -decay * reply.last.value


@settings(max_examples=200, deadline=None)
@given(spec=st.sampled_from([spec for spec, _ in KERNEL_GAMES]), data=st.data())
def test_ported_heuristics_equal_the_games_own(spec: str, data: st.DataObject) -> None:
    game = zs.load_game(spec)
    kernel = compiled(game)
    assert kernel is not None
    state = random_state(game, data, 40)
    if game.is_terminal(state):
        return
    for player in (1, 2):
        assert kernel.evaluate(state, player) == game.evaluate(state, player)


@pytest.mark.alone
def test_time_limit_is_respected_and_a_legal_move_returned() -> None:
    game = zs.games.Migration(8)  # far from solvable: only the deadline stops the deepening
    AlphaBeta(depth=3)(game, game.initial_state)  # load the compiled code
    for limit in (1e-6, 0.1):
        agent = AlphaBeta(time_limit=limit)
        begin = time.perf_counter()
        move = agent(game, game.initial_state)
        spent = time.perf_counter() - begin
        assert move in game.actions(game.initial_state)
        assert spent < limit + 0.15  # the margin allows for a busy machine
        assert agent.last is not None and agent.last.compiled
    assert agent.last.depth >= 5  # 0.1 s reaches some depth


@pytest.mark.alone
def test_one_iteration_too_deep_to_finish_stops_at_the_deadline_inside_the_kernel() -> None:
    """Migration 8x8 to 20 plies in one iteration (no deepening) runs for seconds (18
    plies: about 2 s); only the kernel's own clock, read every 1024 nodes, can stop it at
    the deadline. (A deepening agent would also stop between iterations without it, which
    is why the agent-level test above cannot tell.)"""
    game = zs.games.Migration(8)
    kernel = compiled(game)
    assert kernel is not None
    begin = time.perf_counter()
    result = kernel.root(game.initial_state, None, 20, kernel.table(1 << 16), kernel.workspace(),
                         ordering=True, decay=DECAY, random_ties=False,
                         deadline=begin + 0.1)  # fmt: skip
    spent = time.perf_counter() - begin
    assert result.timed_out
    assert spent < 0.1 + 0.15  # the margin of the agent-level test above


@pytest.mark.alone
def test_a_compiled_search_lets_other_threads_run() -> None:
    game = zs.games.Migration(8)
    AlphaBeta(depth=3)(game, game.initial_state)  # load the compiled code
    ticks, done = [0], threading.Event()

    def tick() -> None:  # what a web server's event loop needs: the GIL now and then
        while not done.is_set():
            ticks[0] += 1
            time.sleep(0.001)

    thread = threading.Thread(target=tick)
    thread.start()
    begin = time.perf_counter()
    AlphaBeta(time_limit=0.3)(game, game.initial_state)
    spent = time.perf_counter() - begin
    done.set()
    thread.join()
    assert ticks[0] > spent / 0.001 / 3  # holding the GIL throughout gives a tenth of that


def test_a_search_to_the_end_reports_the_winning_line() -> None:
    game = zs.games.TicTacToe()
    agent = AlphaBeta()
    agent(game, game.initial_state)
    assert agent.last is not None and agent.last.value == 0.0
    state = game.initial_state
    for action in agent.last.pv:
        state = game.result(state, action)
    assert game.is_terminal(state) and len(agent.last.pv) == agent.last.depth


def test_options_the_kernel_cannot_honour_take_the_python_path() -> None:
    game = zs.games.Pick(3)
    other = AlphaBeta(2, evaluate=hashed)
    other(game, game.initial_state)
    own = AlphaBeta(2, evaluate=game.evaluate)
    own(game, game.initial_state)
    assert other.last is not None and not other.last.compiled
    assert own.last is not None and own.last.compiled


@settings(max_examples=100, deadline=None)
@given(spec=st.sampled_from([spec for spec, _ in KERNEL_GAMES]), data=st.data())
def test_the_win_loss_only_evaluation_is_compiled_too(spec: str, data: st.DataObject) -> None:
    game = zs.load_game(spec)
    state = random_state(game, data, 12)
    if game.is_terminal(state):
        return
    depth = data.draw(st.integers(1, 4), label="depth")
    agent, python = AlphaBeta(depth, evaluate=zero), AlphaBeta(depth, evaluate=zero, compiled=False)
    agent(game, state)
    python(game, state)
    assert agent.last is not None and agent.last.compiled
    assert agent.last.value == python.last.value  # type: ignore[union-attr]
    # a value other than 0 at that depth is a forced result seen within the horizon
    assert agent.last.value == 0.0 or abs(agent.last.value) > 0.9


def test_games_without_a_kernel_are_unaffected() -> None:
    too_wide = zs.games.ConnectFour(width=9, height=7)  # 9 columns of 8 bits: over 64
    assert compiled(too_wide) is None and compiled(zs.games.Migration(9)) is None
    assert compiled(zs.games.ConnectFour()) is not None
    game = Kayles(6)
    agent = AlphaBeta()
    move = agent(game, game.initial_state)
    assert move in game.actions(game.initial_state)
    assert agent.last is not None and not agent.last.compiled
    assert agent.last.value > 0  # the first player wins six-pin Kayles


def test_the_compiled_table_grows_between_moves_within_its_size() -> None:
    game = zs.games.Migration(8)
    small, large = AlphaBeta(10, table_size=100), AlphaBeta(10, table_size=1 << 15)
    for agent in (small, large):
        agent(game, game.initial_state)
    assert len(small._arrays[0]) == 64
    assert large.last is not None and large.last.nodes > 1 << 14  # more than it started with
    assert len(large._arrays[0]) == 1 << 15
    assert small.last is not None and small.last.value == large.last.value


@pytest.mark.parametrize("spec", ["othello:size=4", "migration:n=5"])
def test_a_search_to_the_end_reports_the_length_of_the_proven_line(spec: str) -> None:
    # Its first table has 4,096 slots, fewer than the positions it searches, so the end of
    # the principal variation may be lost; the value still says how far the end is.
    game = zs.load_game(spec)
    agent = AlphaBeta()
    agent(game, game.initial_state)
    assert agent.last is not None and agent.last.compiled
    assert agent.last.depth == zs.solve(game).plies


@pytest.mark.parametrize("spec", ["tictactoe", "connect4", "othello:size=6", "migration:n=6"])
def test_both_searches_rate_the_root_moves_alike(spec: str) -> None:
    # In the game's order without a table both paths search the same tree: each root
    # move's value, and which are only upper bounds (the reply failed high), agree.
    game = zs.load_game(spec)
    state = game.result(game.initial_state, game.actions(game.initial_state)[0])
    for depth in (1, 2, 3):
        rated = []
        for fast in (True, False):
            agent = AlphaBeta(depth, ordering=False, table=False, compiled=fast)
            agent(game, state)
            assert agent.last is not None and agent.last.compiled == fast
            extra = agent.last.details()
            rated.append(extra["rated"])
        assert rated[0] == rated[1]
        moves = [move for move, _, _ in rated[0]]
        assert moves == list(game.actions(state))  # in the game's order, every one
        assert not rated[0][0][2]  # the first move searched is never a mere bound


@pytest.mark.alone
def test_an_unprepared_move_is_not_charged_for_compiling_its_kernel(tmp_path: Path) -> None:
    """With numba's cache empty and no ``prepare`` (``zerosum play``'s computer while the
    person plays), the move compiles its kernel (seconds) off its clock: told 1 s, it
    still searches to its depth (it stopped at once when compiling counted)."""
    script = (
        "import zerosum as zs\n"
        "from zerosum import budget\n"
        "game, agent = zs.games.TicTacToe(), zs.agents.AlphaBeta(depth=4)\n"
        "with budget.limit(1.0):\n"
        "    agent(game, game.initial_state)\n"
        "print(agent.last.depth, agent.last.compiled, repr(agent.last.note))\n"
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path), "PYTHONPATH": SRC}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=300, check=True)  # fmt: skip
    assert done.stdout.split() == ["4", "True", "''"]


def test_helpers_compiled_in_another_process_are_loaded_not_compiled(tmp_path: Path) -> None:
    """``compile_helpers`` (run on another worker by ``arena/ahead.py``) compiles the
    heuristic and the line reader with the types the search calls them with: a fresh
    process building the kernel on the same cache loads them instead of compiling them."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path), "PYTHONPATH": SRC}
    helpers = (
        "import zerosum as zs\n"
        "from zerosum.kernels.alphabeta import compile_helpers\n"
        "compile_helpers(zs.games.TicTacToe())\n"
    )
    subprocess.run([sys.executable, "-c", helpers], env=env, timeout=300, check=True)
    kernel = (
        "from numba.core import event\n"
        "import zerosum as zs\n"
        "from zerosum.kernels.alphabeta import search_kernel\n"
        "compiled = []\n"
        "class Listener(event.Listener):\n"
        "    def on_start(self, ev):\n"
        "        compiled.append(ev.data['dispatcher'].py_func.__qualname__)\n"
        "    def on_end(self, ev):\n"
        "        pass\n"
        "event.register('numba:compile', Listener())\n"
        "search_kernel(zs.games.TicTacToe())\n"
        "print(' '.join(compiled))\n"
    )
    done = subprocess.run([sys.executable, "-c", kernel], env=env, capture_output=True,
                          text=True, timeout=300, check=True)  # fmt: skip
    compiled = done.stdout.split()
    assert "_negamax" in compiled and "_deepen" in compiled  # the search itself compiled
    assert "_evaluate" not in compiled and "_line" not in compiled  # its helpers loaded
