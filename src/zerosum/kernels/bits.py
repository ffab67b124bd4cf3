"""Bit tricks on 64-bit masks, and the compile options of hot kernels, shared by the kernels."""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, types
from numba.extending import intrinsic

__all__ = ["HOT", "popcount", "lowest"]

_ONE = np.uint64(1)
#: Hot functions run without numba's reference counting (they allocate nothing): its
#: increments and decrements of every array argument on each call took most of the time.
HOT: dict[str, Any] = {"cache": True, "_nrt": False}


@intrinsic
def _ctpop(typingctx: Any, x: Any) -> Any:
    """Hardware popcount of a uint64 (LLVM's ``ctpop``)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return types.uint64(types.uint64), codegen


@njit(**HOT)
def popcount(x: np.uint64) -> int:
    """The number of set bits."""
    return np.int64(_ctpop(x))  # type: ignore[call-arg, return-value]


@njit(**HOT)
def lowest(x: np.uint64) -> int:
    """The index of the lowest set bit of a nonzero mask."""
    return popcount((x & -x) - _ONE)
