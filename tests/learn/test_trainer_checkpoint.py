"""A training's checkpoint keeps its positions compactly and gives them back exactly."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("torch", reason="the learn extra (scripts/test.sh installs it)")

from zerosum.learn.selfplay import Samples  # noqa: E402
from zerosum.learn.trainer import _packed, _unpacked  # noqa: E402


def samples(states: np.ndarray) -> Samples:
    """Positions whose policies use 7 of 65 action indices, as Connect Four's do."""
    rng = np.random.default_rng(1)
    policies = np.zeros((len(states), 65), dtype=np.float32)
    policies[:, 3:10] = rng.dirichlet(np.ones(7), len(states))
    outcomes = rng.choice([-1.0, 0.0, 1.0], len(states)).astype(np.float32)
    return Samples(states, policies, outcomes, games=3)


@pytest.mark.parametrize("width", [9, 85, 129])
def test_positions_of_minus_ones_zeros_and_ones_are_kept_as_bits(width: int) -> None:
    rng = np.random.default_rng(width)
    kept = samples(rng.integers(-1, 2, (500, width)).astype(np.float32))
    packed = _packed(kept)
    for plane in ("ones", "minus_ones"):
        bits = packed["states"][plane]  # type: ignore[index]
        assert bits.dtype == np.uint8 and bits.nbytes == 500 * -(-width // 8)
    back = _unpacked(packed)
    assert back.states.dtype == np.float32 and np.array_equal(back.states, kept.states)
    assert packed["policies"]["values"].shape == (500, 7)  # type: ignore[index]
    assert back.policies.dtype == np.float32 and back.policies.shape == (500, 65)
    assert np.array_equal(back.policies, kept.policies) and back.games == 3
    assert np.array_equal(back.outcomes, kept.outcomes)


def test_other_encodings_are_kept_as_they_are() -> None:
    states = np.random.default_rng(0).random((50, 12)).astype(np.float32)
    back = _unpacked(_packed(samples(states)))
    assert np.array_equal(back.states, states)


def test_a_checkpoint_written_before_packing_still_loads() -> None:
    kept = samples(np.random.default_rng(2).integers(0, 2, (20, 9)).astype(np.float32))
    earlier = {"states": kept.states, "policies": kept.policies, "outcomes": kept.outcomes,
               "games": kept.games}  # fmt: skip
    back = _unpacked(earlier)
    assert np.array_equal(back.states, kept.states)
    assert np.array_equal(back.policies, kept.policies)


def test_a_checkpoint_of_the_first_packed_format_still_loads() -> None:
    # the first packed format kept states of zeros and ones as one plane of bits
    kept = samples(np.random.default_rng(3).integers(0, 2, (20, 85)).astype(np.float32))
    first = {**_packed(kept), "states": {"bits": np.packbits(kept.states.astype(np.uint8), axis=1),
                                         "width": 85}}  # fmt: skip
    back = _unpacked(first)
    assert back.states.dtype == np.float32 and np.array_equal(back.states, kept.states)
