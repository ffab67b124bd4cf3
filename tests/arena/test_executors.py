"""Local worker processes and a real Dask cluster give the results of a serial run."""

from __future__ import annotations

import signal
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import CancelledError

import pytest

import zerosum as zs
from arena_agents import Killer
from helpers import one_line_error
from zerosum.arena import executors
from zerosum.arena.executors import check_scheduler, open_pool
from zerosum.arena.tasks import Entrant, plan
from zerosum.cli import main
from zerosum.game import ZerosumError

# One pytest-xdist worker runs this module, so that the serial tournament and the dask
# cluster start once: its module-scoped fixtures are not set up again on another worker.
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


@pytest.fixture(scope="module")
def dask_scheduler() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


def test_a_dask_cluster_gives_the_serial_results(serial, dask_scheduler: str) -> None:
    remote = zs.tournament(
        C4, AGENTS, games_per_pair=8, random_opening=2, seed=11, scheduler=dask_scheduler
    )
    assert outcomes(remote) == outcomes(serial)
    assert remote.settings["scheduler"] == dask_scheduler


def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch) -> None:
    monkeypatch.setattr(executors, "CONNECT_SECONDS", 0.5)
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


def test_renewing_a_pool_stops_the_old_pools_workers() -> None:
    # a worker still busy (or one Python started while tearing the broken pool down) must not
    # outlive the pool: the interpreter would wait for it at exit
    with open_pool(2) as pool:
        old = pool.executor
        busy = old.submit(time.sleep, 60)
        deadline = time.monotonic() + 30
        while not any(p.is_alive() for p in old._processes.values()):  # type: ignore[attr-defined]
            assert time.monotonic() < deadline, "the worker never started"
            time.sleep(0.01)
        workers = list(old._processes.values())  # type: ignore[attr-defined]
        pool.renew()
        for worker in workers:
            worker.join(timeout=10)
            assert not worker.is_alive()
        assert pool.executor is not old and pool.executor.submit(abs, -3).result() == 3
        assert busy.cancelled() or busy.exception(timeout=10) is not None


@pytest.mark.alone
def test_a_ctrl_c_another_thread_receives_ends_a_wait_for_games_at_once() -> None:
    # the kernel may hand a process's SIGINT to any of its threads; the main thread, waiting
    # for games, must still act on it (a match on hour-long games ignored Ctrl-C)
    from concurrent.futures import Future

    from zerosum.arena.executors import first_finished

    game: Future[None] = Future()
    ends = threading.Timer(5.0, game.set_result, (None,))  # a wait that missed the signal
    ends.start()

    def interrupt() -> None:
        time.sleep(0.2)
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)  # this thread, not main

    # as in a terminal, even when the tests run with SIGINT ignored (a script's background job)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    threading.Thread(target=interrupt, daemon=True).start()
    begin = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            first_finished([game])
    finally:
        ends.cancel()
        signal.signal(signal.SIGINT, before)
    assert time.monotonic() - begin < 2


def test_scheduler_addresses_of_every_form_dask_takes_pass_the_check() -> None:
    for address in ("tcp://127.0.0.1:8786", "host:8786", "tls://[::1]:8786", "inproc://x/1"):
        assert check_scheduler(address) == address


@pytest.fixture
def not_dask() -> Iterator[str]:
    """A server on a local port that answers every connection with an HTTP reply."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def answer() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            with conn:
                conn.sendall(b"HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nhi" * 10)

    threading.Thread(target=answer, daemon=True).start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    server.close()


def test_a_server_that_is_not_dask_is_one_line_at_once(
    not_dask: str, capsys: pytest.CaptureFixture[str]
) -> None:
    begin = time.monotonic()
    match = ["match", "tictactoe", "random", "random", "-n", "2"]
    assert main([*match, "--scheduler", not_dask]) == 2
    assert "did not answer as a Dask scheduler" in one_line_error(capsys)
    assert time.monotonic() - begin < 10
    with pytest.raises(ZerosumError, match="did not answer as a Dask scheduler"):
        with open_pool(scheduler=not_dask):
            pass


def test_stopping_a_dask_pool_cancels_its_jobs(dask_scheduler: str) -> None:
    with open_pool(1, dask_scheduler) as pool:
        started = time.perf_counter()
        jobs = [pool.executor.submit(time.sleep, 30) for _ in range(3)]
        pool.stop()  # refused before: Dask's executor takes no cancel_futures
        for job in jobs:
            with pytest.raises(CancelledError):
                job.result(timeout=10)
        assert time.perf_counter() - started < 20  # cancelled, not waited for
