"""A clock compiled code reads without the interpreter lock.

``now()`` is ``clock_gettime(CLOCK_MONOTONIC)``, the clock behind ``time.perf_counter()``
on Linux, called straight from the compiled code: a deadline computed in Python stops a
kernel at the same instant, and reading it costs well under a microsecond (numba's
``objmode`` would take the interpreter lock instead, and wait for it while another thread
holds it). Kernels read it every few thousand nodes, so they overrun by microseconds.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from llvmlite import ir  # type: ignore[import-untyped]
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

if TYPE_CHECKING:
    from numba.core.base import BaseContext
    from numba.core.typing.context import BaseContext as TypingContext
    from numba.core.typing.templates import Signature

    from .shapes import Intrinsic

__all__ = ["now", "passed", "thread_seconds"]

_MONOTONIC = time.CLOCK_MONOTONIC
_THREAD_CPU = time.CLOCK_THREAD_CPUTIME_ID


def _clock_reader(clock_id: int) -> Intrinsic:
    """Signature and code of an intrinsic: seconds of ``clock_id`` as a float64, from
    libc's ``clock_gettime``."""

    def codegen(
        context: BaseContext, builder: ir.IRBuilder, signature: Signature, args: Sequence[ir.Value]
    ) -> ir.Value:
        i32, i64, f64 = ir.IntType(32), ir.IntType(64), ir.DoubleType()
        timespec = ir.LiteralStructType([i64, i64])
        fnty = ir.FunctionType(i32, [i32, timespec.as_pointer()])
        clock_gettime = cgutils.get_or_insert_function(builder.module, fnty, "clock_gettime")
        spec = cgutils.alloca_once(builder, timespec)
        builder.call(clock_gettime, [ir.Constant(i32, clock_id), spec])
        zero = ir.Constant(i32, 0)
        seconds = builder.load(builder.gep(spec, [zero, zero]))
        nanos = builder.load(builder.gep(spec, [zero, ir.Constant(i32, 1)]))
        whole = builder.sitofp(seconds, f64)
        return builder.fadd(whole, builder.fmul(builder.sitofp(nanos, f64), ir.Constant(f64, 1e-9)))

    return types.float64(), codegen


@intrinsic
def _monotonic(typingctx: TypingContext) -> Intrinsic:
    return _clock_reader(_MONOTONIC)


@intrinsic
def _thread_cpu(typingctx: TypingContext) -> Intrinsic:
    return _clock_reader(_THREAD_CPU)


@njit(cache=True, nogil=True, inline="always")
def now() -> float:
    """``time.perf_counter()`` from compiled code (Linux), without the interpreter lock."""
    return _monotonic()  # type: ignore[call-arg, no-any-return]


@njit(cache=True, nogil=True, inline="always")
def passed(deadline: float) -> bool:
    """Whether ``deadline`` (perf_counter seconds; 0 or less: none) has passed."""
    return deadline > 0.0 and _monotonic() > deadline  # type: ignore[call-arg, no-any-return]


@njit(cache=True, nogil=True, inline="always")
def thread_seconds() -> float:
    """``time.thread_time()`` from compiled code: CPU seconds of the calling thread, which
    time spent waiting for a shared core does not inflate (benchmarks)."""
    return _thread_cpu()  # type: ignore[call-arg, no-any-return]
