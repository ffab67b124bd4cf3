"""Child processes that end with their parent, even when it is killed with ``kill -9``.

A parent's own clean-up (terminating its workers on Ctrl-C or an error) cannot run when it
is killed outright; Linux's ``PR_SET_PDEATHSIG`` then kills the children for it. Every
worker process zerosum starts (the arena's and the book's pool workers, agent hosts) calls
:func:`die_with_parent` first. The fork server they are started from (:func:`forkserver`)
would otherwise outlive the command, since every child it forks holds the pipe whose end
it waits for; it watches its parent instead (:func:`watch_parent`): the signal comes when
the *thread* that started a process ends, and any thread may start the fork server.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from multiprocessing.context import ForkServerContext

__all__ = ["die_with_parent", "forkserver", "watch_parent"]

#: How often :func:`watch_parent` looks at its parent, in seconds.
WATCH_SECONDS = 0.2

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def die_with_parent() -> None:
    """Have Linux kill this process (SIGKILL) when its parent ends, even by ``kill -9``, so
    no worker outlives the command that started it; nothing elsewhere. A parent that
    ended before this took effect is caught by checking it afterwards: the parent seen
    before must still be the parent, and the process that started this one (for the
    fork server's children, the command rather than the fork server) still alive."""
    if not sys.platform.startswith("linux"):
        return
    before = os.getppid()
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        return  # not allowed here (a seccomp sandbox): the parent's own clean-up remains
    starter = multiprocessing.parent_process()
    if os.getppid() != before or (starter is not None and not starter.is_alive()):
        os.kill(os.getpid(), signal.SIGKILL)


def watch_parent() -> None:
    """Kill this process (SIGKILL) within :data:`WATCH_SECONDS` of its parent ending, from
    a daemon thread that polls the parent's id (its children then end by their own
    :func:`die_with_parent`)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=watch, name="zerosum-watch-parent", daemon=True).start()


def forkserver(*preload: str) -> ForkServerContext:
    """The fork server's multiprocessing context, the server set to import ``preload``
    when it starts, after :mod:`zerosum.hosting.tether` (which ties it to this process)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["zerosum.hosting.tether", *preload])
    return context
