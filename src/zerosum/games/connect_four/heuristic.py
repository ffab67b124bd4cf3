"""Connect Four's heuristic: the open lines and threats of each player (``evaluate``; the
compiled rules' ``lines`` is its twin)."""

from __future__ import annotations

from functools import lru_cache

__all__ = ["board_mask", "connect_four_lines"]


@lru_cache(maxsize=64)
def board_mask(width: int, height: int) -> int:
    """The mask of real cells in the Connect Four layout (each column has a spare top bit)."""
    column = (1 << height) - 1
    return sum(column << (c * (height + 1)) for c in range(width))


def connect_four_lines(own: int, other: int, width: int, height: int, k: int) -> int:
    """Open lines and threats of ``own``: for every k-cell window free of ``other`` stones,
    the number of ``own`` stones in it, plus 4 per empty cell that would complete k."""
    board = board_mask(width, height)
    free = board & ~other
    empty = free & ~own
    score = 0
    threats = 0
    for shift in (1, height + 1, height, height + 2):
        windows = free
        for i in range(1, k):
            windows &= free >> (i * shift)
            if not windows:
                break
        for i in range(k):
            score += (windows & (own >> (i * shift))).bit_count()
        # cells with j own stones just before them and k-1-j just after them
        before = [board]
        after = [board]
        for j in range(1, k):
            before.append(before[-1] & (own << (j * shift)))
            after.append(after[-1] & (own >> (j * shift)))
        for j in range(k):
            threats |= before[j] & after[k - 1 - j]
    return score + 4 * (threats & empty).bit_count()
