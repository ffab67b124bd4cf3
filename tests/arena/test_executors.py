"""Local worker processes and a real Dask cluster give the results of a serial run."""

from __future__ import annotations

import pytest

import zerosum as zs
from arena_agents import Killer
from zerosum.arena import executors
from zerosum.arena.tasks import Entrant, plan
from zerosum.hosting import pools
from zerosum.hosting.pools import open_pool

# One pytest-xdist worker runs this module, so that the serial tournament starts once: its
# fixture is not set up again on another worker.
pytestmark = pytest.mark.xdist_group("arena/test_executors")

C4 = "connect4:width=5,height=4"
AGENTS = ["random", "minimax:depth=2", "random:seed=4"]


def outcomes(result) -> list[tuple]:
    return [
        (g.a, g.b, g.index, g.first, g.seed, g.note, g.record and g.record.actions)
        for g in result.games
    ]


@pytest.fixture(scope="module")
def serial() -> zs.arena.TournamentResult:
    return zs.tournament(C4, AGENTS, games_per_pair=8, random_opening=2, seed=11)


def test_two_processes_give_the_serial_results(serial, monkeypatch) -> None:
    # small batches, so games really are spread over both workers and finish out of order
    monkeypatch.setattr(executors, "BATCH_SECONDS", 0.0)
    parallel = zs.tournament(C4, AGENTS, games_per_pair=8, random_opening=2, seed=11, workers=2)
    assert outcomes(parallel) == outcomes(serial)
    assert parallel.ratings == serial.ratings


def test_a_dask_cluster_gives_the_serial_results(serial, dask_scheduler: str) -> None:
    remote = zs.tournament(
        C4, AGENTS, games_per_pair=8, random_opening=2, seed=11, scheduler=dask_scheduler
    )
    assert outcomes(remote) == outcomes(serial)
    assert remote.settings["scheduler"] == dask_scheduler


def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch) -> None:
    monkeypatch.setattr(pools, "CONNECT_SECONDS", 0.5)
    with pytest.raises(
        zs.ZerosumError, match="cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'"
    ):
        zs.match("tictactoe", "dummy", "dummy", games=2, scheduler="tcp://127.0.0.1:9")


def test_a_worker_that_dies_costs_only_its_game() -> None:
    killer = Killer(every=3)
    result = zs.match(C4, killer, "random", games=12, seed=2, workers=2)
    doomed = {g.index for g in result.games if killer_seed(g.seed, g.first) % 3 == 0}
    assert doomed, "pick a seed under which some game kills its worker"
    lost = {g.index for g in result.games if g.record is None}
    assert lost == doomed
    assert all("worker process died" in g.note for g in result.games if g.record is None)
    assert result.standings[0].not_played == len(doomed)
    # every other game is played, exactly as it is in this process
    serial = zs.match(C4, Killer(every=3), "random", games=12, seed=2)
    assert [g.record.actions for g in result.games if g.record] == [
        g.record.actions
        for g in serial.games
        if g.index not in doomed  # type: ignore[union-attr]
    ]


def test_a_worker_that_cannot_start_costs_no_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # while a broken pool is torn down, starting its next worker can fail on the pool's
    # closed pipe (OSError: handle is closed), before the pool says it is broken
    from concurrent.futures import ProcessPoolExecutor

    real = ProcessPoolExecutor.submit
    calls: list[int] = []

    def submit(self: ProcessPoolExecutor, *args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 2:
            raise OSError("handle is closed")
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ProcessPoolExecutor, "submit", submit)
    result = zs.match(C4, "random", "random", games=6, seed=2, workers=2)
    serial = zs.match(C4, "random", "random", games=6, seed=2)
    assert len(calls) > 2
    assert [g.record.actions for g in result.games] == [  # type: ignore[union-attr]
        g.record.actions
        for g in serial.games  # type: ignore[union-attr]
    ]


def killer_seed(game_seed: int, first: int) -> int:
    """The seed play() gives the killer (agent 0): it is player 1 when it moves first."""
    from zerosum.seeding import derive_seed

    return derive_seed(game_seed, 1 if first == 0 else 2)


def test_an_agent_workers_cannot_receive_is_a_clear_error() -> None:
    with pytest.raises(zs.ZerosumError, match="cannot be sent to a worker process"):
        zs.match("tictactoe", lambda g, s: g.actions(s)[0], "dummy", games=2, workers=2)


def test_the_pool_runs_each_task_once_whatever_the_batch_size() -> None:
    game = zs.load_game("tictactoe")
    people = [Entrant("dummy", "dummy"), Entrant("random", "random")]
    tasks = plan(game, people, [(0, 1)], 30, 0, True, 0)
    for batch_seconds in (0.0, 10.0):
        seen: list[int] = []
        with open_pool(2) as pool:
            executors.run(pool, tasks, lambda g, seen=seen: seen.append(g.index), batch_seconds)
        assert sorted(seen) == list(range(30))
