"""Process pools: this process, local worker processes, or a Dask cluster, as one
:class:`concurrent.futures.Executor` with a way to replace it when a worker dies.

All three are a :class:`concurrent.futures.Executor` (``distributed.Client.get_executor()``
for Dask) held by a :class:`Pool`, which says how many jobs it runs at once, which errors
mean its worker died, and how long a batch of jobs should take on it (fast jobs would
otherwise spend more time in messages than at work). Local workers die with the process
that started them (:mod:`zerosum.hosting.lifeline`). The arena's games
(:func:`zerosum.arena.executors.run`) and the opening book's positions run on them.
"""

from __future__ import annotations

import gc
import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import ParamSpec, TypeVar
from urllib.parse import urlsplit

from ..game import ZerosumError
from .lifeline import die_with_parent, forkserver

__all__ = ["Pool", "open_pool", "check_scheduler", "first_finished", "BATCH_SECONDS"]
__all__ += ["DASK_BATCH_SECONDS", "CONNECT_SECONDS", "SCHEMES", "WAKE_SECONDS"]

#: Target wall time of one batch of games sent to a local worker process, in seconds.
BATCH_SECONDS = 0.1
#: The same for a Dask worker: each task costs the scheduler, the worker and the client
#: milliseconds of CPU, on the machines that play the games (measured: 0.1 s batches lost
#: a fifth of the games' speed on a 2-core machine).
DASK_BATCH_SECONDS = 1.0
#: How long to try reaching a Dask scheduler before giving up, in seconds.
CONNECT_SECONDS = 10.0
#: The address schemes of Dask's communication layers.
SCHEMES = ("tcp", "tls", "ws", "wss", "ucx", "inproc")


_P = ParamSpec("_P")
_T = TypeVar("_T")


class _InlineExecutor(Executor):
    """Runs each job at once in this process (``workers=1``)."""

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        future: Future[_T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # delivered through the future, like any executor
            future.set_exception(exc)
        return future


@dataclass
class Pool:
    """An executor, how many jobs it runs at once, and how to replace it if it breaks."""

    make: Callable[[], Executor]
    slots: int
    death: tuple[type[BaseException], ...]  # the errors that mean "the worker died"
    pickles: bool = False  # whether jobs are sent with pickle (local processes)
    batch_seconds: float = 0.0  # target wall time of one batch (0: one game at a time)
    dask: bool = False  # a Dask client's executor (its shutdown takes no cancel_futures)
    executor: Executor = field(init=False)

    def __post_init__(self) -> None:
        self.executor = self.make()

    def renew(self) -> None:
        """A fresh executor after the old one broke (a local pool dies with its worker).

        The old pool's worker processes are stopped first: Python 3.11 can start a worker
        for a job submitted while it tears a broken pool down, and then waits forever for
        that worker to exit, which hung the interpreter at exit."""
        self.stop()
        self.executor = self.make()

    def stop(self) -> None:
        """Stop now: terminate local worker processes (their games are lost) and cancel
        every job not started, without waiting for any."""
        for worker in list((getattr(self.executor, "_processes", None) or {}).values()):
            worker.terminate()
        if self.dask:  # a Dask client's executor cancels what it holds when not waiting
            self.executor.shutdown(wait=False)
        else:
            self.executor.shutdown(wait=False, cancel_futures=True)


def check_scheduler(address: str) -> str:
    """``address`` if it reads as a Dask scheduler's (``tcp://host:port``, or ``host:port``
    and the other schemes of :data:`SCHEMES`); raises :class:`~zerosum.ZerosumError`
    naming what is wrong, before anything connects."""
    expected = "expected a Dask scheduler address such as tcp://host:8786"
    scheme = address.partition("://")[0] if "://" in address else "tcp"
    if scheme not in SCHEMES:
        raise ZerosumError(f"scheduler {address!r}: unknown scheme {scheme!r}; {expected}")
    if scheme == "inproc":
        return address
    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    try:
        port = parts.port
    except ValueError:
        port = None
    if not parts.hostname or port is None or port == 0 or parts.path not in ("", "/"):
        raise ZerosumError(f"scheduler {address!r}: not a host and port 1..65535; {expected}")
    return address


@contextmanager
def open_pool(workers: int = 1, scheduler: str | None = None) -> Iterator[Pool]:
    """The executor for ``workers`` local processes (1: this process) or a Dask scheduler.
    A scheduler is reached within :data:`CONNECT_SECONDS`, or refused with one line (an
    address that does not answer, or answers but not as Dask)."""
    if scheduler is not None:
        check_scheduler(scheduler)
        import distributed  # imported only when used: it takes a while

        failure = None
        try:
            client = distributed.Client(scheduler, timeout=CONNECT_SECONDS)
        except OSError as exc:  # no answer (a timeout is one too)
            failure = (
                f"cannot reach the Dask scheduler at {scheduler!r} within {CONNECT_SECONDS:g} s: "
                f"{exc}"
            )
        except Exception as exc:  # a server that is not Dask's can make it fail any way
            failure = (
                f"{scheduler!r} did not answer as a Dask scheduler ({type(exc).__name__}); "
                "is it the scheduler's address (tcp://host:8786)?"
            )
        if failure is not None:
            # The half-made client closes itself now: collected later, inside the next
            # client's start, its close deadlocks distributed's event loop.
            gc.collect()
            raise ZerosumError(failure)
        try:
            slots = max(1, sum(client.nthreads().values()))
            pool = Pool(
                lambda: client.get_executor(pure=False),
                slots,
                (distributed.KilledWorker,),
                batch_seconds=DASK_BATCH_SECONDS,
                dask=True,
            )
            yield pool
        finally:
            client.close()
        return
    if workers == 1:
        pool = Pool(_InlineExecutor, 1, ())
    else:
        # forkserver: safe with the threads a progress bar or a Dask client may have running
        context = forkserver("__main__")  # the default: a script's agents unpickle there
        pool = Pool(
            lambda: ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_setup),
            workers,
            (BrokenExecutor,),
            True,
            BATCH_SECONDS,
        )
    try:
        yield pool
    except BaseException:  # Ctrl-C, SIGTERM or an error: no game in flight is waited for
        pool.stop()
        raise
    pool.executor.shutdown(wait=True, cancel_futures=True)


def _worker_setup() -> None:
    """In a worker process: die with the process that started it (see
    :func:`die_with_parent`), and ignore Ctrl-C, which a terminal sends to the whole
    process group; the main process stops its workers itself."""
    die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)


#: How often a wait for jobs wakes, in seconds: Ctrl-C or SIGTERM that the kernel hands
#: to another thread of this process is acted on only when the main thread runs Python
#: (a match waiting on hour-long games ignored Ctrl-C until one ended).
WAKE_SECONDS = 0.1


def first_finished(running: Iterable[Future[_T]]) -> set[Future[_T]]:
    """Wait for the first of ``running`` to finish; the finished ones. Wakes every
    :data:`WAKE_SECONDS`, so that a signal stops the wait at once."""
    while True:
        finished, _ = wait(running, timeout=WAKE_SECONDS, return_when=FIRST_COMPLETED)
        if finished:
            return finished
