"""Bit-level helper behind Pick's ``evaluate``."""

from __future__ import annotations


def pick_open_sets(sets: list[int], own: int, other: int) -> int:
    """Winning subsets still free of ``other``'s numbers, each weighted 4**(numbers of
    ``own`` in it), so a set one number short of complete counts most."""
    score = 0
    for m in sets:
        if not m & other:
            score += 1 << (2 * (m & own).bit_count())
    return score
