"""Bit-level helpers behind Migration's ``evaluate`` and ``settled``: the armies' reserves
of moves, and whether they can still meet."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=64)
def line_masks(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The bit masks of the board's rows and columns (bit ``r * n + c`` is row r, column c)."""
    row = (1 << n) - 1
    rows = tuple(row << (r * n) for r in range(n))
    cols = tuple(sum(1 << (r * n + c) for r in range(n)) for c in range(n))
    return rows, cols


def migration_reserves(n: int, p1: int, p2: int) -> tuple[int, int]:
    """How many moves each army could still make if the other one were not on the board.

    A stone can step until the stones ahead of it in its line are packed against the far
    edge, so player 1's reserve is the sum of its stones' distances to the right edge less
    ``k(k-1)/2`` for a row holding k of them; likewise for player 2 upwards.
    """
    rows, cols = line_masks(n)
    r1 = r2 = 0
    for i in range(n):
        in_row, in_col = (p1 & rows[i]).bit_count(), (p2 & cols[i]).bit_count()
        r1 += (n - 1 - i) * (p1 & cols[i]).bit_count() - in_row * (in_row - 1) // 2
        r2 += i * (p2 & rows[i]).bit_count() - in_col * (in_col - 1) // 2
    return r1, r2


def migration_apart(n: int, p1: int, p2: int) -> bool:
    """Whether the armies can never meet again: no player-2 stone at or below and at or
    right of a player-1 stone (only such a pair can block one another now or later)."""
    rows, _ = line_masks(n)
    reach = 0  # cells at or right of a player-1 stone in this row or a row above
    for r in range(n):
        line = (p1 >> (r * n)) & rows[0]
        if line:
            reach |= (rows[0] & ~((line & -line) - 1)) << (r * n)
        if p2 & rows[r] & reach:
            return False
        reach |= (reach & rows[r]) << n if r + 1 < n else 0
    return True
