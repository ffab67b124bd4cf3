"""Running on numba's cache alone (``kernels/cached.py``): what is compiled loads, nothing
compiles."""

from __future__ import annotations

import threading

import numba
import pytest

from zerosum.kernels.cached import Uncompiled, cached_only


def test_cached_only_refuses_to_compile_and_runs_what_is_compiled() -> None:
    @numba.njit
    def double(x: int) -> int:
        return 2 * x

    with pytest.raises(Uncompiled, match="not in numba's cache"), cached_only():
        double(1)
    assert double(2) == 4  # compiled outside
    with cached_only():
        assert double(3) == 6  # compiled already: nothing to refuse


def test_cached_only_refuses_only_its_own_threads_compiling() -> None:
    """A host compiles an agent in a thread while its main thread looks in the cache for
    another (``hosting/standin.py``): the thread's compile goes on."""

    @numba.njit
    def triple(x: int) -> int:
        return 3 * x

    results: list[int] = []
    with cached_only():
        thread = threading.Thread(target=lambda: results.append(triple(2)))
        thread.start()
        thread.join()
    assert results == [6]
