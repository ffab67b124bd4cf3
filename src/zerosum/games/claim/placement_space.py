"""Exact state-space counts of placement games (Pick), compiled, without enumerating moves.

In a placement game a position is the two players' sets of pieces, and winning is
monotone: holding more never undoes a win. So a pair of disjoint sets after ``n`` plies
(``ceil(n/2)`` pieces for the first player, ``floor(n/2)`` for the second) is reachable
exactly when the player who did not move last holds no win, and the player who did
either holds none or has a piece whose removal leaves none (the final piece). The move
orders reaching it follow too (``zerosum.games.space.placement_orders``), so positions,
move sequences and complete games per ply are counted by visiting every pair of disjoint
sets once: ``3**cells`` pairs, about 43 million for Pick 4.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numba import njit

__all__ = ["layers"]


@njit(cache=True)
def _win_table(sets: np.ndarray, cells: int) -> np.ndarray:
    wins = np.zeros(1 << cells, np.bool_)
    for mask in range(1 << cells):
        for s in sets:
            if mask & s == s:
                wins[mask] = True
                break
    return wins


@njit(cache=True)
def _reverse(mask: int, cells: int) -> int:
    out = 0
    for i in range(cells):
        if mask >> i & 1:
            out |= 1 << (cells - 1 - i)
    return out


@njit(cache=True)
def _popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True)
def _orders(last: int, other: int, won: bool, wins: np.ndarray, fact: np.ndarray) -> int:
    a, b = _popcount(last), _popcount(other)
    if not won:
        return fact[a] * fact[b]
    finals = 0
    rest = last
    while rest:
        low = rest & -rest
        if not wins[last ^ low]:
            finals += 1
        rest ^= low
    return finals * fact[a - 1] * fact[b]


@njit(cache=True)
def _ply(ply: int, cells: int, wins: np.ndarray, fact: np.ndarray, out: np.ndarray) -> None:
    """Fill ``out`` with positions, terminal, self-mirrored, sequences, games, moves."""
    a, b = (ply + 1) // 2, ply // 2
    full = (1 << cells) - 1
    for first in range(1 << cells):
        if _popcount(first) != a:
            continue
        free = full & ~first
        second = free
        while True:  # every subset of the free cells, then the empty one
            if _popcount(second) == b:
                last, other = (first, second) if ply % 2 == 1 else (second, first)
                won = wins[last]
                ok = not wins[other] and (not won or _orders(last, other, True, wins, fact) > 0)
                if ok:
                    orders = _orders(last, other, won, wins, fact)
                    finished = won or ply == cells
                    out[0] += 1
                    out[3] += orders
                    if finished:
                        out[1] += 1
                        out[4] += orders
                    else:
                        out[5] += cells - ply
                    if _reverse(first, cells) == first and _reverse(second, cells) == second:
                        out[2] += 1
            if second == 0:
                break
            second = (second - 1) & free


def layers(sets: list[int], cells: int) -> Iterator[tuple[int, int, int, int, int, int]]:
    """Per ply from the start, ``(positions, terminal, symmetric, sequences, games, moves)``
    of the placement game whose winning sets are ``sets`` (bit i: cell i, at most 20
    cells); "symmetric" counts up to reversing the cells (bit i to bit cells - 1 - i),
    which must map winning sets onto winning sets."""
    if cells > 20:
        raise ValueError(f"at most 20 cells, not {cells}")
    wins = _win_table(np.array(sets, dtype=np.int64), cells)
    fact = np.array([np.prod(np.arange(1, i + 1)) for i in range(cells + 1)], dtype=np.int64)
    for ply in range(cells + 1):
        out = np.zeros(6, np.int64)
        _ply(ply, cells, wins, fact, out)
        positions, terminal, same, sequences, games, moves = (int(x) for x in out)
        if positions == 0:
            return
        yield positions, terminal, (positions + same) // 2, sequences, games, moves
