"""Bit tricks on 64-bit masks, the LLVM intrinsics behind them (popcount, prefetch, atomic
add), and the compile options of hot kernels, shared by the kernels and the games' solvers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt
from llvmlite import ir  # type: ignore[import-untyped]
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

if TYPE_CHECKING:
    from numba.core.base import BaseContext
    from numba.core.typing.context import BaseContext as TypingContext
    from numba.core.typing.templates import Signature

    from .shapes import Intrinsic

__all__ = ["HOT", "ctpop", "fetch_add", "lowest", "popcount", "prefetch"]

_ONE = np.uint64(1)
#: Hot functions run without numba's reference counting (they allocate nothing): its
#: increments and decrements of every array argument on each call took most of the time.
#: Nor do they get the C function wrapper numba compiles for every function by default
#: (for numba's first-class functions and ``cfunc``, which zerosum never uses): a first
#: compile of Connect Four's alpha-beta spent about 0.2 s on them.
# typed Any: ``_nrt`` and ``no_cfunc_wrapper`` are options numba's typed njit does not list
HOT: dict[str, Any] = {"cache": True, "_nrt": False, "no_cfunc_wrapper": True}


def _ctpop(typingctx: TypingContext, x: types.Type) -> Intrinsic:
    """Hardware popcount of an integer of any width, as that type (LLVM's ``ctpop``, one
    instruction on x86-64)."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(
        context: BaseContext, builder: ir.IRBuilder, signature: Signature, args: Sequence[ir.Value]
    ) -> ir.Value:
        return builder.ctpop(args[0])

    return x(x), codegen


#: The intrinsic itself, for compiled code on signed bitboards (the Connect Four solver's
#: int64); :func:`popcount` is the same on a uint64 mask, as an int64.
ctpop = cast("Callable[[int | np.integer], int]", intrinsic(_ctpop))


@njit(**HOT)
def popcount(x: np.uint64) -> int:
    """The number of set bits."""
    return np.int64(ctpop(x))  # type: ignore[return-value]


@njit(**HOT)
def lowest(x: np.uint64) -> int:
    """The index of the lowest set bit of a nonzero mask."""
    return popcount((x & -x) - _ONE)


def _prefetch(typingctx: TypingContext, arr: types.Array, idx: types.Integer) -> Intrinsic:
    """Hint the CPU to fetch ``arr[idx]`` into cache (LLVM prefetch, no fault)."""

    def codegen(
        context: BaseContext, builder: ir.IRBuilder, signature: Signature, args: Sequence[ir.Value]
    ) -> ir.Value:
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(  # type: ignore[no-untyped-call]
            context, builder, aryty, ary, [args[1]], wraparound=False
        )
        i32 = ir.IntType(32)
        if getattr(ptr.type, "is_opaque", False):
            name = "llvm.prefetch.p0"
        else:
            ptr = builder.bitcast(ptr, ir.IntType(8).as_pointer())
            name = "llvm.prefetch.p0i8"
        fnty = ir.FunctionType(ir.VoidType(), [ptr.type, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, name)  # type: ignore[no-untyped-call]
        # read access, high temporal locality, data cache
        builder.call(fn, [ptr, i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return types.void(arr, idx), codegen


#: Fetch ``arr[idx]`` into the cache ahead of its use: a table read's miss overlaps with
#: other work.
prefetch = cast("Callable[[npt.NDArray[np.generic], int], None]", intrinsic(_prefetch))


def _fetch_add(typingctx: TypingContext, arr: types.Array, idx: types.Integer) -> Intrinsic:
    """Add 1 to the int64 ``arr[idx]`` atomically (LLVM atomicrmw); its value before."""

    def codegen(
        context: BaseContext, builder: ir.IRBuilder, signature: Signature, args: Sequence[ir.Value]
    ) -> ir.Value:
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(  # type: ignore[no-untyped-call]
            context, builder, aryty, ary, [args[1]], wraparound=False
        )
        return builder.atomic_rmw("add", ptr, ir.Constant(ir.IntType(64), 1), "seq_cst")

    return types.int64(arr, idx), codegen


#: Add 1 to the int64 ``arr[idx]`` atomically and return its value before: threads sharing
#: the array each get a number of their own.
fetch_add = cast("Callable[[npt.NDArray[np.int64], int], int]", intrinsic(_fetch_add))
