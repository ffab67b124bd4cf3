"""Running on numba's cache alone (``kernels/cached.py``): what is compiled loads, nothing
compiles."""

from __future__ import annotations

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
