"""A recursive kernel compiled with its declared signature is typed once, not again at each
of its own calls (``kernels/recursion.py``)."""

from __future__ import annotations

from typing import Any

import pytest
from numba import float64, int64, njit
from numba.core import typeinfer

from zerosum.kernels.recursion import declared_returns


@njit
def fibonacci(n):  # type: ignore[no-untyped-def]
    return float(n) if n < 2 else fibonacci(n - 1) + fibonacci(n - 2)


@njit
def fibonacci_again(n):  # type: ignore[no-untyped-def]
    return float(n) if n < 2 else fibonacci_again(n - 1) + fibonacci_again(n - 2)


@pytest.fixture
def retyped(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The functions numba types again to learn what their recursive calls return."""
    names: list[str] = []
    own = typeinfer.TypeInferer.return_types_from_partial

    def counted(self: Any) -> Any:
        names.append(self.func_id.func_name)
        return own(self)

    monkeypatch.setattr(typeinfer.TypeInferer, "return_types_from_partial", counted)
    return names


def test_the_declared_return_type_types_the_recursive_calls(retyped: list[str]) -> None:
    spy = typeinfer.TypeInferer.return_types_from_partial
    with declared_returns():
        fibonacci.compile(float64(int64))
    assert retyped == []  # not typed again
    assert fibonacci(10) == 55.0
    assert typeinfer.TypeInferer.return_types_from_partial is spy  # numba's own, back


def test_outside_numba_types_the_function_again(retyped: list[str]) -> None:
    fibonacci_again.compile(float64(int64))
    assert "fibonacci_again" in retyped and fibonacci_again(10) == 55.0
