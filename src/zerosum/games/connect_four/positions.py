"""Connect Four positions as the solver takes them, in plain Python (no compiled code):
read from move strings, checked, and tested for four in a row.

A position is the pair ``(current, mask)`` of bitboards: ``current`` holds the stones of
the player to move, ``mask`` all stones. Bit ``col * (height + 1) + row`` is the cell in
column ``col`` (0-based, from the left) and row ``row`` (0 is the bottom); each column has
one always-empty sentinel bit on top, so ``(height + 1) * width <= 64``.
"""

from __future__ import annotations

from operator import index
from typing import SupportsIndex

__all__ = ["MAX_WIDTH", "check_board", "check_position", "drop", "has_four", "mirror",
           "parse_moves"]  # fmt: skip

#: The widest board the solver takes (its move lists are rows of this many slots).
MAX_WIDTH = 16


def has_four(pos: int, height: int) -> bool:
    """Whether the stones ``pos`` contain four in a row (any direction)."""
    for s in (1, height + 1, height, height + 2):
        m = pos & (pos >> s)
        if m & (m >> (2 * s)):
            return True
    return False


def drop(mask: int, col: int, height: int) -> int:
    """The cell (one bit) where a stone dropped into column ``col`` lands on the stones
    ``mask``, or 0 when the column is full."""
    h1 = height + 1
    return (mask + (1 << (col * h1))) & (((1 << height) - 1) << (col * h1))


def mirror(bits: int, width: int, height: int) -> int:
    """The stones ``bits`` reflected left-right (column c goes to width - 1 - c)."""
    h1 = height + 1
    column = (1 << h1) - 1
    return sum(((bits >> (c * h1)) & column) << ((width - 1 - c) * h1) for c in range(width))


def check_board(width: int, height: int) -> None:
    """Raise ValueError unless the solver takes a ``width`` x ``height`` board."""
    if width < 1 or height < 1 or width > MAX_WIDTH or (height + 1) * width > 64:
        raise ValueError(
            f"board {width}x{height} is not supported: need width <= {MAX_WIDTH} "
            "and (height + 1) * width <= 64"
        )


def check_position(current: SupportsIndex, mask: SupportsIndex, width: int, height: int) -> None:
    """Raise ValueError unless (current, mask) is a reachable, unfinished position."""
    current, mask = index(current), index(mask)  # numpy integers too
    check_board(width, height)
    h1 = height + 1
    bottom = sum(1 << (c * h1) for c in range(width))
    board = bottom * ((1 << height) - 1)
    if mask & ~board or current & ~mask:
        raise ValueError(f"not a {width}x{height} position: current={current:#x}, mask={mask:#x}")
    if (mask + bottom) & mask:  # a hole under a stone breaks the carry
        raise ValueError(f"floating stones in mask={mask:#x}")
    n = mask.bit_count()
    if current.bit_count() != n // 2:
        raise ValueError(f"current={current:#x} has the wrong number of stones for {n} moves")
    if has_four(current ^ mask, height) or has_four(current, height):
        raise ValueError("the position is already won")


def parse_moves(moves: str, width: int = 7, height: int = 6) -> tuple[int, int]:
    """The position ``(current, mask)`` after ``moves``, 1-based column digits.

    Raises ``ValueError`` naming the offending move: a character that is not a
    digit, a column out of range or full, or any move after a four-in-a-row.

    >>> parse_moves("44")  # the mover owns the bottom stone of column 4 (bit 21)
    (2097152, 6291456)
    """
    check_board(width, height)
    if width > 9:
        raise ValueError(f"column digits cannot name the columns of a {width}-wide board")
    h1 = height + 1
    current = mask = 0
    for i, ch in enumerate(moves):
        where = f"at move {i + 1} of {moves!r}"
        if has_four(current ^ mask, height):
            raise ValueError(f"the game is already won before move {i + 1} of {moves!r}")
        if not ch.isdigit() or not ch.isascii():
            raise ValueError(f"{ch!r} is not a column digit {where}")
        col = int(ch) - 1
        if not 0 <= col < width:
            raise ValueError(f"column {col + 1} is out of range 1..{width} {where}")
        top = 1 << (col * h1 + height - 1)
        if mask & top:
            raise ValueError(f"column {col + 1} is full {where}")
        current ^= mask
        mask |= mask + (1 << (col * h1))
    return current, mask
