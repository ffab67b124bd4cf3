"""Running game tasks on an executor: this process, local worker processes, or a Dask cluster.

All three are a :class:`concurrent.futures.Executor` (``distributed.Client.get_executor()``
for Dask), driven by one loop, :func:`run`. Games go out in batches sized so a batch takes
about :data:`BATCH_SECONDS` on local processes and :data:`DASK_BATCH_SECONDS` on Dask (fast
games would otherwise spend more time in messages than in play), and smaller near the end
so that no worker is left idle while another finishes a long batch. A worker that dies
fails its batch; each game of that batch is then replayed alone, so a game that kills its
worker is known for certain; a game whose lone replay fails too is recorded as not played.
Nothing else is lost.
"""

from __future__ import annotations

import gc
import pickle
import signal
from collections import deque
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
from typing import Any
from urllib.parse import urlsplit

from ..game import ZerosumError
from .lifeline import die_with_parent, forkserver
from .tasks import ArenaGame, GameTask, play_tasks

__all__ = ["Pool", "open_pool", "run", "check_scheduler", "first_finished", "BATCH_SECONDS"]

#: Target wall time of one batch of games sent to a local worker process, in seconds.
BATCH_SECONDS = 0.1
#: The same for a Dask worker: each task costs the scheduler, the worker and the client
#: milliseconds of CPU, on the machines that play the games (measured: 0.1 s batches lost
#: a fifth of the games' speed on a 2-core machine).
DASK_BATCH_SECONDS = 1.0
#: How long to try reaching a Dask scheduler before giving up, in seconds.
CONNECT_SECONDS = 10.0
_MAX_BATCH = 256
#: The address schemes of Dask's communication layers.
SCHEMES = ("tcp", "tls", "ws", "wss", "ucx", "inproc")


class _InlineExecutor(Executor):
    """Runs each job at once in this process (``workers=1``)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
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


def _check_picklable(tasks: list[GameTask]) -> None:
    """Refuse, before sending anything, a game or agent that pickle cannot send (the
    process pool would fail on it in a background thread, and may hang shutting down)."""
    seen: set[int] = set()
    for task in tasks:
        for part in (task.game, *task.entrants):
            if id(part) in seen:
                continue
            seen.add(id(part))
            try:
                pickle.dumps(part)
            except Exception as exc:
                raise ZerosumError(
                    f"{part!r} cannot be sent to a worker process ({type(exc).__name__}: {exc}); "
                    "agents and games must be defined at module level in a module (not in a "
                    "notebook cell or inside a function), or use workers=1"
                ) from None


#: How often a wait for jobs wakes, in seconds: Ctrl-C or SIGTERM that the kernel hands
#: to another thread of this process is acted on only when the main thread runs Python
#: (a match waiting on hour-long games ignored Ctrl-C until one ended).
WAKE_SECONDS = 0.1


def first_finished(running: Iterable[Future[Any]]) -> set[Future[Any]]:
    """Wait for the first of ``running`` to finish; the finished ones. Wakes every
    :data:`WAKE_SECONDS`, so that a signal stops the wait at once."""
    while True:
        finished, _ = wait(running, timeout=WAKE_SECONDS, return_when=FIRST_COMPLETED)
        if finished:
            return finished


def run(
    pool: Pool,
    tasks: list[GameTask],
    done: Callable[[ArenaGame], None],
    batch_seconds: float | None = None,
) -> None:
    """Play every task on ``pool``, calling ``done`` with each game as it finishes; batches
    last about ``batch_seconds`` (default: the pool's)."""
    target = pool.batch_seconds if batch_seconds is None else batch_seconds
    if pool.pickles:
        _check_picklable(tasks)
    fresh: deque[GameTask] = deque(tasks)
    suspects: deque[GameTask] = deque()  # games of a batch whose worker died: replayed alone
    crashes: dict[int, int] = {}
    running: dict[Future[list[ArenaGame]], list[GameTask]] = {}
    size, mean = 1, 0.0  # batch size, mean seconds per game seen so far
    seen = 0

    def submit(batch: list[GameTask]) -> bool:
        """Send a batch out; False when the pool broke before it could take it (a worker
        died after the last wait, before its own job was seen to fail; or while the pool
        is being torn down for it, when starting a worker fails on a closed pipe)."""
        try:
            running[pool.executor.submit(play_tasks, batch)] = batch
        except (BrokenExecutor, OSError):
            return False
        return True

    while fresh or suspects or running:
        if suspects:
            if not running:
                task = suspects.popleft()
                if not submit([task]):
                    suspects.appendleft(task)
        else:
            while fresh and len(running) < 2 * pool.slots:
                batch = [fresh.popleft() for _ in range(min(size, len(fresh)))]
                if not submit(batch):
                    fresh.extendleft(reversed(batch))  # never ran: not a suspect
                    break
        if not running:  # the pool broke before it took anything
            pool.renew()
            continue
        finished = first_finished(running)
        broken = False
        for future in finished:
            batch = running.pop(future)
            try:
                games = future.result()
            except pool.death:
                broken = broken or isinstance(future.exception(), BrokenExecutor)
                for task in batch:
                    crashes[id(task)] = crashes.get(id(task), 0) + 1
                    if len(batch) == 1 and crashes[id(task)] >= 2:
                        done(_lost(task))
                    else:
                        suspects.append(task)
                continue
            for game in games:
                seen += 1
                mean += (game.seconds - mean) / seen
                done(game)
            size = min(_MAX_BATCH, int(target / mean) if mean > 0 else _MAX_BATCH)
            size = max(1, min(size, len(fresh) // (2 * pool.slots)))  # split the tail
        if broken:
            # every job still out on the dead pool failed with it: all are suspects now
            for batch in running.values():
                suspects.extend(batch)
            running.clear()
            pool.renew()


def _lost(task: GameTask) -> ArenaGame:
    note = "not played: its worker process died twice (killed, or out of memory)"
    return ArenaGame(task.a, task.b, task.index, task.first, task.seed, None, note)
