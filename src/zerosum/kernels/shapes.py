"""The types the kernels pass between Python and compiled code, named once: a compiled
function (a numba dispatcher), a game's record of compiled rules, a 64-bit mask, and the
parts of an LLVM intrinsic (llvmlite ships no type information, so its IR values are
named here for the reader)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

if TYPE_CHECKING:
    from llvmlite import ir  # type: ignore[import-untyped]
    from numba.core.base import BaseContext
    from numba.core.typing.templates import Signature

__all__ = ["Mask", "Compiled", "RuleRecord", "Codegen", "Intrinsic"]

#: A board's stones of one player (the kernels' masks).
Mask = np.uint64


class Compiled(Protocol):
    """A function compiled by numba (``@njit``): called like the Python function it was
    made from (``py_func``), with the options it was compiled with."""

    py_func: Callable[..., object]
    targetoptions: dict[str, object]
    #: Its on-disk cache (numba's ``NullCache`` where it has none).
    _cache: object

    # what a compiled function takes and gives is numba's to check, not Python's
    def __call__(self, *args: Any) -> Any: ...


class RuleRecord(Protocol):
    """A game's record of compiled rules: a ``typing.NamedTuple`` of numpy scalars and
    arrays (``docs/compiled_games.md``), with the rule functions attached to its class."""

    _fields: tuple[str, ...]


#: The code of an intrinsic: LLVM IR built from numba's lowering context, the IR builder,
#: the call's signature and its argument values; returns the result's value.
Codegen = Callable[["BaseContext", "ir.IRBuilder", "Signature", Sequence["ir.Value"]], "ir.Value"]
#: What an intrinsic's typing function answers: the signature and its code, or None where
#: the argument types do not fit.
Intrinsic = tuple["Signature", Codegen] | None
