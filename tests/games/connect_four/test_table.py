"""The solver's transposition table entries: both bounds and the stones packed in one int64."""

from __future__ import annotations

import pytest

from zerosum.games.connect_four import table


@pytest.mark.parametrize(("lb", "ub"), [(-32, 31), (-18, 18), (0, 0), (5, -3)])
@pytest.mark.parametrize("stones", [0, 41, 63])
def test_entry_fields_round_trip(lb: int, ub: int, stones: int) -> None:
    tag = 0b1011 << table._META
    e = table._entry(tag, lb, ub, stones)
    assert (table.lower_bound(e), table.upper_bound(e), table._stones(e)) == (lb, ub, stones)
    assert e & ~((1 << table._META) - 1) == tag
