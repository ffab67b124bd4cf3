"""Traces built by hand with the Recorder, as a search would record them."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from zerosum.trace import Recorder, Trace

INF = math.inf
#: The leaves under a1, a2 and a3.
LEAVES = ((3.0, 12.0, 8.0), (2.0, 4.0, 6.0), (14.0, 5.0, 2.0))


def classic_trace(cap: int = 100) -> Trace:
    """The textbooks' three-ply tree searched by alpha-beta: MAX at the root over three
    MIN nodes with leaves 3 12 8 / 2 4 6 / 14 5 2; after the 2 under a2, its 4 and 6
    are pruned (a2 is worth at most 2 and MAX already has 3). The states are the moves
    so far, as text."""
    rec = Recorder(cap)
    root = rec.enter(None, "", True, state="", alpha=-INF, beta=INF)
    alpha = -INF
    for first, leaves in zip(("a1", "a2", "a3"), LEAVES, strict=True):
        node = rec.enter(root, first, False, state=first, alpha=alpha, beta=INF)
        beta = INF
        for i, leaf in enumerate(leaves):
            move = f"{'bcd'[int(first[1]) - 1]}{i + 1}"
            if beta <= alpha:
                reason = f"{beta:g} <= alpha {alpha:g}"
                rec.enter(node, move, True, state=f"{first} {move}", kind="pruned", reason=reason)
                continue
            kid = rec.enter(node, move, True, state=f"{first} {move}", kind="terminal",
                            alpha=alpha, beta=beta, value=leaf)  # fmt: skip
            beta = min(beta, leaf)
            if beta <= alpha and i < len(leaves) - 1:
                rec.set(kid, cut=True, reason=f"{leaf:g} <= alpha {alpha:g}")
        rec.set(node, value=beta)
        alpha = max(alpha, beta)
    rec.set(root, value=3.0)
    return rec.trace(
        "alphabeta", "alphabeta:depth=2", "classic", move="a1", value=3.0, pv=[0, 1, 2]
    )


@pytest.fixture
def classic() -> Trace:
    return classic_trace()


@pytest.fixture(scope="session")
def make_classic() -> Callable[..., Trace]:
    """The classic tree with a cap of one's choosing."""
    return classic_trace
