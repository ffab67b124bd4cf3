"""Proof-number search (df-pn) beside Migration's compiled AND/OR search (issue #30's first
step: which solver can finish 8x8), on seeded random positions, by positions searched.

    PYTHONPATH=src python benchmarks/migration_dfpn.py -n 7 --count 8 --plies 6 12
    PYTHONPATH=src python benchmarks/migration_dfpn.py -n 8 --count 8 --plies 14 18 --seconds 15

The df-pn here is a measurement, not the library's solver (``docs/benchmarks.md``, "Migration:
AND/OR search against df-pn", says why it lost): compiled with numba, nogil, a table of
two-slot buckets of proof and disproof numbers like the AND/OR search's, the same settled
positions and immediate wins, a new child's disproof number its mover's replies (fewest
replies first, as the AND/OR search orders), and the 1+epsilon threshold trick. Migration
has no repetitions, so no graph-history trouble. Its count is the expansions (each probes
all children). Each position gets the AND/OR search's ``--seconds`` first, then df-pn up to
four times the AND/OR search's count; "-" means it stopped there.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
from numba import njit, types

from zerosum.games import Migration
from zerosum.games.migration import solver
from zerosum.games.migration.rules import movable, step
from zerosum.kernels.alphabeta import search_kernel, slot
from zerosum.kernels.bits import HOT, lowest, popcount

_ONE = np.uint64(1)
_INFINITY = np.int64(1 << 40)


@njit(**HOT)
def _lookup(keys, numbers, a, b):  # type: ignore[no-untyped-def]
    i = slot(a, b, keys.shape[0]) & -2
    for j in range(i, i + 2):
        if keys[j, 0] == a and keys[j, 1] == b:
            return numbers[j, 0], numbers[j, 1]
    return -1, -1


@njit(**HOT)
def _keep(keys, numbers, a, b, pn, dn, size):  # type: ignore[no-untyped-def]
    i = slot(a, b, keys.shape[0]) & -2
    if not (keys[i, 0] == a and keys[i, 1] == b) and numbers[i, 2] > size:
        i += 1
    keys[i, 0], keys[i, 1] = a, b
    numbers[i, 0], numbers[i, 1], numbers[i, 2] = pn, dn, size


_SIGNATURE = types.void(
    types.uint64, types.uint64, types.int64, types.int64, types.int64, types.int64,
    types.uint64[::1], types.uint64[:, ::1], types.int64[:, ::1], types.int64[::1], types.float64,
)  # fmt: skip


@njit(_SIGNATURE, **HOT)
def _mid(a, b, me, pn_limit, dn_limit, n, masks, keys, numbers, stats, epsilon):  # type: ignore[no-untyped-def]
    """Expand ``(a, b)`` until its proof number (``me`` wins) or disproof number reaches
    its limit; ``stats``: expansions, the cap on them."""
    them = 3 - me
    start = stats[0]
    while True:
        stats[0] += 1
        if stats[0] > stats[1]:
            return
        dn = np.int64(0)
        best_dn = second_dn = _INFINITY
        best_pn = np.int64(0)
        best = -1
        moves = movable(n, masks, a, b, me)
        while moves:
            code = lowest(moves)
            moves &= moves - _ONE
            a2, b2 = step(n, a, b, me, code)
            replies = movable(n, masks, a2, b2, them)
            known = solver._settled(n, masks, a2, b2, them) if replies else solver._LOST
            if known == solver._WON:
                child_pn, child_dn = np.int64(0), _INFINITY
            elif known == solver._LOST:
                child_pn, child_dn = _INFINITY, np.int64(0)
            else:
                child_pn, child_dn = _lookup(keys, numbers, a2, b2)
                if child_pn < 0:
                    child_pn, child_dn = np.int64(1), np.int64(popcount(replies))
            dn = min(dn + child_pn, _INFINITY)
            if child_dn < best_dn:
                second_dn, best_dn, best_pn, best = best_dn, child_dn, child_pn, code
            elif child_dn < second_dn:
                second_dn = child_dn
        pn = best_dn  # no move: best_dn stays infinite, dn 0
        if pn >= pn_limit or dn >= dn_limit:
            _keep(keys, numbers, a, b, pn, dn, stats[0] - start)
            return
        child_pn_limit = dn_limit - (dn - best_pn)
        wider = np.int64(second_dn * epsilon) + 1 if second_dn < _INFINITY else _INFINITY
        a2, b2 = step(n, a, b, me, best)
        _mid(
            a2,
            b2,
            them,
            child_pn_limit,
            min(pn_limit, wider),
            n,
            masks,
            keys,
            numbers,
            stats,
            epsilon,
        )


def dfpn(game: Migration, state: Any, slots: int, cap: int) -> tuple[bool | None, int]:
    """Whether the mover wins (None past ``cap`` expansions) and the expansions."""
    record = search_kernel(game).record  # type: ignore[union-attr]
    keys = np.zeros((slots, 2), np.uint64)
    numbers = np.zeros((slots, 3), np.int64)
    stats = np.array([0, cap], np.int64)
    a, b, me = np.uint64(state[0]), np.uint64(state[1]), state[2]
    _mid(a, b, me, _INFINITY, _INFINITY, record.n, record.masks, keys, numbers, stats, 1.25)
    if stats[0] > cap:
        return None, int(stats[0])
    return _lookup(keys, numbers, a, b)[0] == 0, int(stats[0])


def and_or(game: Migration, state: Any, slots: int, seconds: float) -> tuple[bool | None, int]:
    """The library's AND/OR search: whether the mover wins (None after ``seconds``) and the
    positions searched."""
    record = search_kernel(game).record  # type: ignore[union-attr]
    keys, info = solver.new_table(slots)
    work = solver.workspace()
    a, b, me = np.uint64(state[0]), np.uint64(state[1]), state[2]
    deadline = time.perf_counter() + seconds
    wins = solver._outcome(a, b, me, record.n, record.masks, keys, info, work, deadline)
    positions = int(work[solver._STATS, solver._NODES])
    return (None if work[solver._STATS, solver._STOPPED] else bool(wins)), positions


def random_position(game: Migration, rng: random.Random, plies: int) -> Any:
    """``plies`` random moves in, or None if the game ended or settled on the way."""
    state = game.initial_state
    for _ in range(plies):
        if game.is_terminal(state) or game.settled(state) is not None:
            return None
        state = game.result(state, rng.choice(game.actions(state)))
    return None if game.is_terminal(state) or game.settled(state) is not None else state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=7)
    parser.add_argument("--count", type=int, default=8)
    parser.add_argument("--plies", type=int, nargs=2, default=(6, 12))
    parser.add_argument("--seconds", type=float, default=8.0, help="the AND/OR search's limit")
    parser.add_argument("--slots", type=int, default=1 << 22)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game, rng = Migration(args.n), random.Random(args.seed)
    done = 0
    while done < args.count:
        state = random_position(game, rng, rng.randint(*args.plies))
        if state is None:
            continue
        done += 1
        started = time.process_time()
        wins, positions = and_or(game, state, args.slots, args.seconds)
        middle = time.process_time()
        proved, expansions = dfpn(game, state, args.slots, 4 * max(positions, 1))
        ended = time.process_time()
        assert None in (wins, proved) or wins == proved, (state, wins, proved)
        first, second = ("-" if v is None else str(v) for v in (wins, proved))
        print(
            f"and/or {positions:>12,} {middle - started:6.2f} s {first:>5}"
            f"   df-pn {expansions:>12,} {ended - middle:6.2f} s {second:>5}",
            flush=True,
        )


if __name__ == "__main__":
    main()
