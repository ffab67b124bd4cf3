"""Compiling ahead (``arena/ahead.py``): one agent of each kind prepared per game, each on
a worker process of its own, before a tournament's games."""

from __future__ import annotations

import os
from pathlib import Path

from arena_agents import HelpedPreparer, OtherPreparer, Preparer
from zerosum.arena.ahead import (
    firsts_of_each_kind,
    jobs_ahead,
    prepare_ahead,
    prepare_entrant,
    prepare_entrant_helpers,
)
from zerosum.arena.tasks import Entrant, plan
from zerosum.hosting.pools import open_pool


def _tasks(*agents: object) -> list:  # type: ignore[type-arg]
    entrants = [Entrant(f"agent{i}", agent) for i, agent in enumerate(agents)]
    return plan("tictactoe", entrants, [(0, 1), (0, 2), (1, 2)] if len(agents) == 3 else [(0, 1)],
                games=2, seed=1, swap_sides=True, random_opening=0)  # fmt: skip


def test_one_entrant_of_each_kind_per_game_is_chosen() -> None:
    # alpha-beta at depths 2 and 4 compile one kernel: preparing both at once would compile
    # it twice
    kinds = firsts_of_each_kind(_tasks("alphabeta:depth=2", "alphabeta:depth=4", "mcts"))
    assert [entrant.agent for _, entrant in kinds] == ["alphabeta:depth=2", "mcts"]


def test_each_kind_is_prepared_once_on_a_worker_of_its_own(tmp_path: Path) -> None:
    tasks = _tasks(Preparer(str(tmp_path), "a"), Preparer(str(tmp_path), "a"),
                   OtherPreparer(str(tmp_path), "b"))  # fmt: skip
    with open_pool(2) as pool:
        prepare_ahead(pool, tasks)
        prepared = sorted(path.name.split("-")[:2] for path in tmp_path.iterdir())
    assert [kind for kind, _ in prepared] == ["a", "b"]  # each kind once, all waited for
    pids = {pid for _, pid in prepared}
    assert len(pids) == 2 and str(os.getpid()) not in pids  # side by side, in the workers


def test_one_process_prepares_nothing_ahead(tmp_path: Path) -> None:
    with open_pool(1) as pool:
        prepare_ahead(pool, _tasks(Preparer(str(tmp_path), "a"), OtherPreparer(str(tmp_path), "b")))
    assert not list(tmp_path.iterdir())  # its games prepare their agents as before


def test_a_kind_with_helpers_starts_first_and_its_helpers_next() -> None:
    # alpha-beta's kernel takes longest to compile: it starts at once, its helpers go to
    # the next free worker, then the other kinds
    jobs = jobs_ahead(_tasks("mcts", "alphabeta:depth=2", "random"))
    assert [(job, entrant.agent) for job, _, entrant in jobs] == [
        (prepare_entrant, "alphabeta:depth=2"),
        (prepare_entrant_helpers, "alphabeta:depth=2"),
        (prepare_entrant, "mcts"),
        (prepare_entrant, "random"),
    ]


def test_helpers_are_prepared_on_another_worker_meanwhile(tmp_path: Path) -> None:
    tasks = _tasks(HelpedPreparer(str(tmp_path), "a"), OtherPreparer(str(tmp_path), "b"))
    with open_pool(2) as pool:
        prepare_ahead(pool, tasks)
        files = [path.name.split("-") for path in tmp_path.iterdir()]
    prepared = {kind: rest for kind, *rest in files}
    assert set(prepared) == {"a", "a.helpers", "b"}
    (pid, start), (helper_pid, helper_start) = prepared["a"], prepared["a.helpers"]
    assert pid != helper_pid and str(os.getpid()) not in (pid, helper_pid)  # side by side
    # the other kind waits for a free worker (perf_counter is the machine's monotonic clock)
    assert int(prepared["b"][1]) > max(int(start), int(helper_start))
