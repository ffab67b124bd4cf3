"""The compiled rules of the "claim" family: tic-tac-toe and Pick.

A move claims a free item (a cell, a number); holding a whole winning set wins; when
every item is taken without one, the game is a draw. Bit ``x`` of a mask is item ``x``
and the move code of claiming it is ``x`` itself. The heuristic counts the sets still
open to each player, weighted ``4 ** (items held in it)`` (``TicTacToe.evaluate``,
``heuristic.pick_open_sets``), squashed with the game's ``scale``.

A new game of this family (Sim, a 4x4 tic-tac-toe, ...) only builds a record with
:func:`claim_rules` from its items and winning sets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numba import njit

from ...kernels.bits import HOT, lowest, popcount
from ...kernels.rules import OPEN, Rules, compiled_rules
from ..space import MaskPermutation

if TYPE_CHECKING:
    from ...game import Game

__all__ = ["ClaimRules", "ClaimCodec", "claim_rules"]

_ONE = np.uint64(1)


@njit(**HOT)
def _moves(rules, a, b, player, out):  # type: ignore[no-untyped-def]
    free = rules.items & ~(a | b)
    count = 0
    while free:
        out[count] = lowest(free)
        free &= free - _ONE
        count += 1
    return count


@njit(**HOT)
def _play(rules, a, b, player, code):  # type: ignore[no-untyped-def]
    bit = _ONE << np.uint64(code)
    return (a | bit, b) if player == 1 else (a, b | bit)


@njit(**HOT)
def _outcome(rules, a, b, mover, code):  # type: ignore[no-untyped-def]
    held = a if mover == 1 else b
    # only the sets through the item just claimed can have been completed
    for j in range(rules.offsets[code], rules.offsets[code + 1]):
        if held & rules.through[j] == rules.through[j]:
            return 1.0
    return 0.0 if (a | b) == rules.items else OPEN


@njit(**HOT)
def _open_sets(sets, a, b):  # type: ignore[no-untyped-def]
    """Player 1's open sets less player 2's, each weighted 4 ** (items held in it)."""
    score = 0
    for j in range(sets.size):  # both players in one pass over the sets
        m = sets[j]
        if not m & b:
            score += 1 << (2 * popcount(m & a))
        if not m & a:
            score -= 1 << (2 * popcount(m & b))
    return score


@njit(**HOT)
def _evaluate(rules, a, b, to_move, player):  # type: ignore[no-untyped-def]
    raw = _open_sets(rules.sets, a, b)
    value = raw / (abs(raw) + rules.scale)
    return value if player == 1 else -value


@njit(**HOT)
def _image(rules, t, x):  # type: ignore[no-untyped-def]
    """The items ``x`` mapped by symmetry ``t``, a byte at a time (a table per byte)."""
    out = np.uint64(0)
    for j in range(rules.byte_images.shape[1]):
        out |= rules.byte_images[t, j, (x >> np.uint64(8 * j)) & np.uint64(255)]
    return out


@njit(**HOT)
def _canonical(rules, a, b, player):  # type: ignore[no-untyped-def]
    """The smallest image of the holdings ``(a, b)`` under the game's symmetries."""
    best_a, best_b, best_t = a, b, 0
    for t in range(1, rules.byte_images.shape[0]):
        ia = _image(rules, t, a)
        if ia < best_a:
            best_a, best_b, best_t = ia, _image(rules, t, b), t
        elif ia == best_a:
            ib = _image(rules, t, b)
            if ib < best_b:
                best_b, best_t = ib, t
    return best_a, best_b, best_t


@njit(**HOT)
def _canonical_move(rules, code, t):  # type: ignore[no-untyped-def]
    return rules.move_maps[0, t, code]


@njit(**HOT)
def _original_move(rules, code, t):  # type: ignore[no-untyped-def]
    return rules.move_maps[1, t, code]


@compiled_rules(moves=_moves, play=_play, outcome=_outcome, evaluate=_evaluate,
                canonical=_canonical, canonical_move=_canonical_move,
                original_move=_original_move)  # fmt: skip
class ClaimRules(NamedTuple):
    """A claim game's record: the items, the winning sets, for each item ``x`` the sets
    through it at ``through[offsets[x]:offsets[x + 1]]`` (a flat array: numba has no
    ragged lists that cost nothing to read), and the game's symmetries (permutations of
    the items that map winning sets onto winning sets; the identity first): each one's
    image of every item and back, and its image of every byte of a mask. (Few arrays: the
    search passes the record to every recursive call, an array as several words.)"""

    items: np.uint64
    sets: np.ndarray  # uint64, every winning set
    through: np.ndarray  # uint64
    offsets: np.ndarray  # int64, one more than the highest item
    scale: float
    move_maps: np.ndarray  # int64 [0: image, 1: preimage; symmetry; item]
    byte_images: np.ndarray  # uint64 [symmetry, byte of a mask, byte value]


def claim_rules(
    items: list[int], sets: list[int], scale: float, symmetries: list[list[int]] | None = None
) -> ClaimRules:
    """The record of a claim game whose ``items`` (bit indices below 64) are claimed and
    whose winning ``sets`` are masks; ``scale`` is the heuristic's squash scale;
    ``symmetries`` (each the image of every bit from 0 to the highest item, the identity
    first) are the permutations of the items that map winning sets onto winning sets."""
    top = max(items) + 1
    per_item = [[m for m in sets if m >> x & 1] for x in range(top)]
    offsets = np.cumsum([0] + [len(s) for s in per_item]).astype(np.int64)
    images = symmetries or [list(range(top))]
    permutations = [MaskPermutation(image) for image in images]
    for image, permutation in zip(images, permutations, strict=True):
        mapped = sorted(permutation(m) for m in sets)
        if sorted(image) != list(range(top)) or mapped != sorted(sets):
            raise ValueError(f"{image} is not a symmetry of the winning sets")
    preimages = [[image.index(x) for x in range(top)] for image in images]
    return ClaimRules(
        np.uint64(sum(1 << x for x in items)),
        np.array(sets, dtype=np.uint64),
        np.array([m for s in per_item for m in s], dtype=np.uint64),
        offsets,
        float(scale),
        np.array([images, preimages], dtype=np.int64),
        np.array([permutation.tables for permutation in permutations], dtype=np.uint64),
    )


class ClaimCodec(Rules):
    """A claim game's states ``(held1, held2, winner)`` and actions (the items)."""

    def __init__(self, game: Game, record: ClaimRules) -> None:
        super().__init__(game)
        self.record = record
        self.most_moves = int(record.items).bit_count()

    def unpack(self, state: Any) -> tuple[int, int, int]:
        a, b, _ = state
        return a, b, 1 if a.bit_count() == b.bit_count() else 2

    def action(self, code: int, player: int) -> Any:
        return code

    def code(self, action: Any, player: int) -> int:
        return int(action)
