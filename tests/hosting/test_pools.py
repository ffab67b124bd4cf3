"""Process pools (``hosting/pools.py``): this process, local workers, Dask; renewing a
broken pool, stopping one, waking for signals, checking a scheduler's address."""

from __future__ import annotations

import signal
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import CancelledError

import pytest

from helpers import one_line_error
from zerosum.cli import main
from zerosum.game import ZerosumError
from zerosum.hosting.pools import check_scheduler, first_finished, open_pool


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
