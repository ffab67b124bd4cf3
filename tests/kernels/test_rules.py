"""The compiled rules interface: its checks, and records whose names follow their source."""

from __future__ import annotations

import pickle
from typing import NamedTuple

import numpy as np
import pytest
from numba import njit

import zerosum as zs
from zerosum.games.claim.rules import ClaimRules
from zerosum.kernels import rules


def test_rules_go_on_a_named_tuple_only() -> None:
    with pytest.raises(TypeError, match="typing.NamedTuple class"):
        rules.compiled_rules(moves=len, play=len, outcome=len, evaluate=len)(dict)


def test_the_generic_functions_are_for_compiled_code() -> None:
    for function in (rules.moves, rules.play, rules.outcome, rules.evaluate):
        with pytest.raises(TypeError, match="for compiled code"):
            function(None, 0, 0, 1, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="for compiled code"):
        rules.key(None, 0, 0, 1)


def test_a_record_is_named_after_its_source_and_pickles() -> None:
    record = zs.games.TicTacToe().compiled_rules().record
    name = type(record).__name__
    prefix, _, digest = name.rpartition("_")
    assert prefix == "Rules_ClaimRules" and len(digest) == 12
    assert getattr(rules, name) is type(record) and issubclass(type(record), ClaimRules)
    clone = pickle.loads(pickle.dumps(record))
    assert type(clone) is type(record) and clone.items == record.items


def test_an_unknown_record_still_resolves_so_numbas_cache_index_loads() -> None:
    # an older version of a game's rules, or a game this process never imported
    older = rules.Rules_Gone_000000000000  # type: ignore[attr-defined]
    assert issubclass(older, tuple) and older is rules.Rules_Gone_000000000000  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        rules.Nothing  # type: ignore[attr-defined]  # noqa: B018


def test_a_record_class_is_checked_when_a_kernel_needs_its_rules() -> None:
    class Bare(NamedTuple):
        x: int

    @njit
    def count_moves(record):  # type: ignore[no-untyped-def]
        return rules.moves(record, np.uint64(0), np.uint64(0), 1, np.empty(9, np.int64))

    with pytest.raises(TypeError, match="not a compiled rules record"):
        count_moves(Bare(1))


def test_a_game_without_symmetries_or_key_gets_the_identity_ones() -> None:
    @njit
    def defaults(record, a, b):  # type: ignore[no-untyped-def]
        return (rules.key(record, a, b, 1), rules.canonical(record, a, b, 1),
                rules.canonical_move(record, 5, 1), rules.original_move(record, 5, 1))  # fmt: skip

    record = zs.load_game("migration:n=4").compiled_rules().record
    a, b = np.uint64(6), np.uint64(40)
    assert defaults(record, a, b) == ((6, 40), (6, 40, 0), 5, 5)


def test_each_record_calls_its_own_rules() -> None:
    @njit
    def evaluate_for_first(record, a, b, to_move):  # type: ignore[no-untyped-def]
        return rules.evaluate(record, a, b, to_move, 1)

    for spec in ("tictactoe", "connect4", "migration:n=4"):
        game = zs.load_game(spec)
        state = game.initial_state
        while game.evaluate(state, 1) == 0:  # a position the heuristic tells apart
            state = game.result(state, game.actions(state)[-1])
        codec = game.compiled_rules()
        a, b, to_move = codec.unpack(state)
        value = evaluate_for_first(codec.record, np.uint64(a), np.uint64(b), to_move)
        assert value == pytest.approx(game.evaluate(state, 1)) and value != 0
