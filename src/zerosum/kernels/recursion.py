"""Compiling a recursive kernel with an explicit signature without typing it four times.

Numba types a function's call to itself by typing the whole function once more from
the start (a partial type inference, to learn what the call returns), and does so on
every round of the function's own type inference: three times for the alpha-beta search,
0.37 s of the 5.1 s of Connect Four's first compile. With an explicit signature the
answer is known before any of it: the return type declared. :func:`declared_returns`
makes numba take it, for the compiles run inside it, and for nothing else: it holds
numba's compiler lock, so no other thread compiles meanwhile, and numba's own method is
back in place when it ends. Where the declared type is missing (no signature given), or
numba's internals differ from those it was written against (0.68), numba's own inference
runs, as without it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from numba.core import typeinfer
from numba.core.compiler_lock import global_compiler_lock

__all__ = ["declared_returns"]


@contextmanager
def declared_returns() -> Iterator[None]:
    """Inside: a recursive call of a function compiled with an explicit signature is
    typed by the signature's return type (see the module's docstring)."""
    inferer = typeinfer.TypeInferer
    own = inferer.return_types_from_partial

    def declared(self: Any) -> Any:
        try:
            returns = [self.typevars[var.name] for var in self._get_return_vars()]
        except (AttributeError, KeyError, TypeError):
            return own(self)
        if returns and all(typevar.locked and typevar.defined for typevar in returns):
            return returns[0].getone()  # seeded from the declared signature
        return own(self)

    with global_compiler_lock:
        setattr(inferer, "return_types_from_partial", declared)  # noqa: B010
        try:
            yield
        finally:
            setattr(inferer, "return_types_from_partial", own)  # noqa: B010
