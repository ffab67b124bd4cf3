"""Playing game tasks on a pool (:mod:`zerosum.hosting.pools`: this process, local worker
processes, or a Dask cluster), driven by one loop, :func:`run`.

Games go out in batches sized so a batch takes about :data:`BATCH_SECONDS` on local
processes and :data:`DASK_BATCH_SECONDS` on Dask (fast games would otherwise spend more
time in messages than in play), and smaller near the end so that no worker is left idle
while another finishes a long batch. A worker that dies fails its batch; each game of
that batch is then replayed alone, so a game that kills its worker is known for certain;
a game whose lone replay fails too is recorded as not played. Nothing else is lost.

The pools themselves are process plumbing and live in :mod:`zerosum.hosting.pools`; their
names stay importable from here.
"""

from __future__ import annotations

import pickle
from collections import deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Future

from ..game import ZerosumError
from ..hosting.pools import (
    BATCH_SECONDS,
    CONNECT_SECONDS,
    DASK_BATCH_SECONDS,
    SCHEMES,
    WAKE_SECONDS,
    Pool,
    check_scheduler,
    first_finished,
    open_pool,
)
from .tasks import ArenaGame, GameTask, play_tasks

__all__ = ["Pool", "open_pool", "run", "check_scheduler", "first_finished", "BATCH_SECONDS"]
__all__ += ["DASK_BATCH_SECONDS", "CONNECT_SECONDS", "SCHEMES", "WAKE_SECONDS"]

#: The most games in one batch.
_MAX_BATCH = 256


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
