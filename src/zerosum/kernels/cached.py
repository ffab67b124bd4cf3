"""Running code on numba's on-disk cache alone: what is compiled loads, nothing compiles.

Numba announces a compile (the ``numba:compile`` event) only on a cache miss, after it
looked for the code in memory and on disk, so refusing that event refuses exactly the
compiling: the block's own, in its thread (another thread may be compiling meanwhile).
The page's fork server loads this way (:mod:`zerosum.arena.warm`), and its hosts look
whether an agent's code is there (:mod:`zerosum.arena.standin`).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

__all__ = ["Uncompiled", "cached_only"]


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
