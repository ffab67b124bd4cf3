"""A tiny seedable random generator for compiled code (splitmix64).

Its whole state is one ``uint64`` in a one-element array, so compiled functions can share
and advance it cheaply and the Python side can seed it from any integer.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["new_rng", "next_u64", "below"]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S27, _S30, _S31, _S32 = np.uint64(27), np.uint64(30), np.uint64(31), np.uint64(32)


def new_rng(seed: int) -> np.ndarray:
    """The generator state for ``seed`` (any integer; taken modulo 2**64)."""
    return np.array([seed % 2**64], dtype=np.uint64)


@njit(cache=True)
def next_u64(rng: np.ndarray) -> np.uint64:
    """The next 64 random bits; advances ``rng``."""
    rng[0] += _GOLDEN
    z = rng[0]
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True)
def below(rng: np.ndarray, n: int) -> int:
    """A uniform integer in ``[0, n)`` for ``1 <= n < 2**32``; advances ``rng``."""
    # a signed result keeps callers' index arithmetic in int64 (numba's int() stays unsigned)
    return np.int64(((next_u64(rng) >> _S32) * np.uint64(n)) >> _S32)  # type: ignore[return-value]
