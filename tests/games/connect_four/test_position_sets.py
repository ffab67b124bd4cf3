"""The shipped Connect Four position sets agree with the solver."""

import pytest

from zerosum.game import ZerosumError
from zerosum.games.connect_four.position_sets import (
    VALUE_WORDS,
    column_values,
    known_sets,
    load_set,
)


def test_course_is_shipped_with_every_kind_of_position():
    assert "course" in known_sets()
    positions = load_set("course")
    assert 20 <= len(positions) <= 40
    kinds = {p.name.rsplit("-", 1)[0] for p in positions}
    for kind in (
        "win-vertical",
        "win-horizontal",
        "win-diagonal",
        "block-vertical",
        "block-horizontal",
        "block-diagonal",
        "under",
        "double",
        "forced",
        "only",
    ):
        assert kind in kinds
    assert len({p.name for p in positions}) == len(positions)


def test_course_values_and_best_moves_agree_with_the_solver():
    for p in load_set("course"):
        values = column_values(p.moves)
        assert tuple(values) == p.columns, p.name
        top = max(v for v in values if v is not None)
        assert p.best == tuple(c + 1 for c, v in enumerate(values) if v == top), p.name
        assert p.value == VALUE_WORDS[top], p.name
        assert p.to_move == ("first" if len(p.moves) % 2 == 0 else "second")


def test_an_unknown_set_is_refused_naming_the_known_ones():
    with pytest.raises(ZerosumError, match="no Connect Four position set 'nope'; known: course"):
        load_set("nope")
