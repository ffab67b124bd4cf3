"""Agents in processes of their own: a move that overruns is stopped for certain."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import zerosum as zs
from arena_agents import Budgeted, Counter, Exiter, Raiser, Spinner
from zerosum import budget
from zerosum.arena import Reason
from zerosum.hosting import isolation
from zerosum.hosting.isolation import Isolated
from zerosum.hosting.messages import MoveRequest
from zerosum.trace import Trace

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.alone
def test_a_spinning_agent_is_stopped_and_forfeits_on_time() -> None:
    game = zs.games.TicTacToe()
    spinner = Isolated(Spinner(), margin=0.2)
    begin = time.perf_counter()
    record = zs.play(game, spinner, zs.agents.Random(seed=1), max_move_seconds=0.5)
    assert time.perf_counter() - begin < 3.0
    assert record.reason is Reason.TIME and record.winner == 2
    assert "spinner" in record.detail and "its process was stopped" in record.detail
    # a new process takes over on the next move
    with pytest.raises(budget.Overrun), budget.limit(0.2):
        spinner(game, game.initial_state)
    spinner.close()


def test_an_agent_that_kills_its_process_forfeits_with_the_reason() -> None:
    game = zs.games.TicTacToe()
    record = zs.play(game, Isolated(Exiter()), zs.agents.Dummy())
    assert record.reason is Reason.ERROR and "its process died (exit code 3)" in record.detail


def test_an_agent_error_is_reported_by_name() -> None:
    game = zs.games.TicTacToe()
    record = zs.play(game, zs.agents.Dummy(), Isolated(Raiser()))
    assert record.reason is Reason.ERROR and "RuntimeError: bug in my agent" in record.detail


def test_the_isolated_agent_keeps_its_memory_and_is_told_the_deadline() -> None:
    game = zs.games.Pick(n=3)
    counter = Isolated(Counter())
    state = game.initial_state
    for expected in (1.0, 2.0, 3.0):
        state = game.result(state, counter(game, state))
        assert counter.last is not None and counter.last.value == expected
    counter.reset()
    counter(game, game.initial_state)
    assert counter.last.value == 4.0  # Counter has no reset: its count goes on
    told = Isolated(Budgeted())
    with pytest.raises(RuntimeError, match="no deadline was given"):
        told(game, game.initial_state)
    with budget.limit(1.0):
        assert told(game, game.initial_state) in game.actions(game.initial_state)
    for agent in (counter, told):
        agent.close()


@pytest.mark.alone
def test_a_spec_agent_is_built_and_searches_in_its_process() -> None:
    game = zs.games.ConnectFour()
    agent = Isolated("montecarlo:playouts=1000000000")
    assert zs.arena.agent_name(agent) == "montecarlo:playouts=1000000000"
    agent.prepare(game)
    begin = time.perf_counter()
    with budget.limit(0.4):
        agent(game, game.initial_state)
    assert time.perf_counter() - begin < 1.5
    assert agent.last is not None and agent.last.note.startswith("out of time")
    agent.close()


def test_a_host_killed_between_moves_is_replaced_on_the_next_move() -> None:
    game = zs.games.TicTacToe()
    agent = Isolated("random")
    agent.prepare(game)
    process = agent._host._process
    process.kill()
    process.join()
    assert agent(game, game.initial_state) in game.actions(game.initial_state)
    assert agent._host._process is not process and agent._host.alive
    agent.close()
    assert not agent._host.alive


def test_a_host_traces_an_agent_s_search_and_refuses_an_agent_that_cannot_show_one() -> None:
    game = zs.games.TicTacToe()
    host = isolation.AgentHost(margin=0.5)
    try:
        request = MoveRequest.within(game.initial_state, 5.0)
        data = host.trace("a", "minimax:depth=1", "g", game, request, 4)
        tree = Trace.from_dict(data)
        assert tree.algorithm == "minimax" and tree.visited == 10
        assert len(tree.nodes) == 10  # past a cap of 4: every move of the root
        with pytest.raises(isolation.AgentError, match="cannot show its search"):
            host.trace("b", "random", "g", game, request, 4)
    finally:
        host.close()


NIM = """
class Nim:
    initial_state = (5, 1)
    def player(self, state): return state[1]
    def actions(self, state): return [1, 2] if state[0] > 1 else [1]
    def result(self, state, a): return (state[0] - a, 3 - state[1])
    def is_terminal(self, state): return state[0] == 0
    def utility(self, state, p): return 1 if state[1] == p else -1
    def print_state(self, state): print(state)
"""


def test_a_game_from_a_file_plays_in_hosts_started_from_the_fork_server(tmp_path: Path) -> None:
    # with a thread running (a notebook has several), hosts come from the fork server,
    # which cannot import the file's class by name: the host loads the game from its file
    (tmp_path / "nim.py").write_text(NIM)
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, daemon=True)
    thread.start()
    try:
        assert isolation.context().get_start_method() == "forkserver"
        result = zs.match(str(tmp_path / "nim.py"), "random", "random", games=2, move_time=5)
    finally:
        stop.set()
    assert all(g.record is not None and g.record.reason is Reason.END for g in result.games)


FORKED_HOST_TERMINATED = """
import multiprocessing
from zerosum.hosting import isolation
from zerosum.interrupts import sigterm_as_interrupt

isolation.context = lambda: multiprocessing.get_context("fork")  # as a one-thread command
with sigterm_as_interrupt():  # as the command line runs
    host = isolation.AgentHost()
    host.start()
    process = host._process
    process.terminate()  # as multiprocessing's exit handler does to its daemon children
    process.join(10)
    print(process.exitcode)
"""


def test_a_forked_host_dies_of_sigterm_without_the_command_s_handler() -> None:
    # A host forked from the command line inherited its SIGTERM handler: terminated at
    # exit, it raised in its loop and printed a traceback after the command's last line.
    ran = subprocess.run(
        [sys.executable, "-c", FORKED_HOST_TERMINATED],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert ran.stdout.split() == [str(-signal.SIGTERM)], ran.stderr
    assert "Traceback" not in ran.stderr
