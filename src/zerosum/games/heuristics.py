"""What the built-in games' heuristics share: :func:`squash`, and the win/loss-only ``zero``.

Every built-in heuristic (in its game's folder) computes a raw score for player 1 minus
player 2 and squashes it with :func:`squash` into (-1, 1), strictly inside the loss and
win utilities, so a search always prefers a proven win to a promising guess; negating it
for player 2 keeps it exactly zero-sum.
"""

from __future__ import annotations

from ..game import zero as zero  # the win/loss-only evaluation, also named here


def squash(raw: float, scale: float, player: int) -> float:
    """``raw`` (player 1's advantage) mapped into (-1, 1), from ``player``'s point of view."""
    value = raw / (abs(raw) + scale)
    return value if player == 1 else -value
