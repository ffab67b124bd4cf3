from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import zerosum as zs
from arena_agents import BlobNim
from zerosum.records.codec import Opaque, decode, encode, record_from_dict, record_to_dict

scalars = (
    st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.floats(allow_nan=False)
)
hashables = st.recursive(scalars, lambda inner: st.tuples(inner, inner), max_leaves=6)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=4).map(tuple)
        | st.frozensets(hashables, max_size=4)
        | st.dictionaries(hashables, inner, max_size=4)
    ),
    max_leaves=20,
)


@given(values)
def test_values_survive_json(value: Any) -> None:
    back = decode(json.loads(json.dumps(encode(value))))
    assert back == value and type(back) is type(value)


def test_huge_ints_of_bitboards_survive() -> None:
    board = (1 << 271) | 5
    assert decode(json.loads(json.dumps(encode((board, 0, 3, 1))))) == (board, 0, 3, 1)


def test_an_object_without_json_form_comes_back_as_its_repr() -> None:
    class Thing:
        def __repr__(self) -> str:
            return "Thing()"

    back = decode(json.loads(json.dumps(encode([Thing(), 1]))))
    assert back == [Opaque("Thing()"), 1] and repr(back[0]) == "Thing()"


def test_a_dict_that_is_not_an_encoded_value_is_refused() -> None:
    try:
        decode({"x": 1})
    except ValueError as exc:
        assert "not an encoded value" in str(exc)
    else:
        raise AssertionError("decode accepted a plain dict")


def test_records_of_every_builtin_game_round_trip(game: Any) -> None:
    record = zs.play(game, zs.agents.Random(), zs.agents.Minimax(depth=1), seed=3)
    back = record_from_dict(json.loads(json.dumps(record_to_dict(record))))
    assert back == record
    assert game.is_terminal(back.final_state)  # a real state again, not text


def test_a_user_game_with_object_states_keeps_what_summaries_need() -> None:
    record = zs.play(BlobNim(), zs.agents.Dummy(), zs.agents.Dummy())
    back = record_from_dict(json.loads(json.dumps(record_to_dict(record))))
    assert back.final_state == Opaque("Blob(0, 2)")  # five single sticks: player 1 took the last
    assert (back.winner, back.utilities, back.actions) == (1, {1: 1, 2: -1}, record.actions)
