"""Running code on numba's on-disk cache alone: what is compiled loads, nothing compiles.

Numba announces a compile (the ``numba:compile`` event) only on a cache miss, after it
looked for the code in memory and on disk, so refusing that event refuses exactly the
compiling: the block's own, in its thread (another thread may be compiling meanwhile).
The page's fork server loads this way (:mod:`zerosum.hosting.warm`), and its hosts look
whether an agent's code is there (:mod:`zerosum.hosting.standin`).

:func:`loaded_only` asks for less: no loading either, only code this process has loaded
already. A stand-in searching while another thread compiles runs so: numba loads from its
cache under the lock that compile holds, so even a load would wait for it. Code that
would load or compile asks :func:`may_load` first and answers some other way (Connect
Four's solver: from its opening book, else not at all).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

__all__ = ["Uncompiled", "cached_only", "loaded_only", "may_load"]

_local = threading.local()


class Uncompiled(Exception):
    """Numba was about to compile: the code is not in its on-disk cache."""


@contextlib.contextmanager
def cached_only() -> Iterator[None]:
    """Run the block loading compiled code from memory or numba's cache only: the first
    compile it would start in this thread raises :class:`Uncompiled` instead."""
    from numba.core import event

    ours = threading.get_ident()

    class Refuse(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            if threading.get_ident() == ours:
                raise Uncompiled(f"{ev.data.get('dispatcher')} is not in numba's cache")

        def on_end(self, ev: event.Event) -> None:
            pass

    with event.install_listener("numba:compile", Refuse()):
        yield


@contextlib.contextmanager
def loaded_only() -> Iterator[None]:
    """Run the block, in this thread, telling code that asks (:func:`may_load`) to run only
    compiled code this process has loaded already: neither load nor compile any."""
    before = getattr(_local, "loaded_only", False)
    _local.loaded_only = True
    try:
        yield
    finally:
        _local.loaded_only = before


def may_load() -> bool:
    """Whether code run now may load or compile numba's code (not in :func:`loaded_only`)."""
    return not getattr(_local, "loaded_only", False)
