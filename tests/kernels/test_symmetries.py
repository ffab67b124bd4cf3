"""The games' symmetries in their compiled rules: they agree with the rules on random
games, and solving searches share table entries between symmetric positions."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zerosum as zs
from zerosum.agents.solve import _by_compiled_search
from zerosum.fast_paths import FastPaths, register_fast_paths
from zerosum.games.claim.rules import claim_rules
from zerosum.kernels.check import compare

SYMMETRIC = ["tictactoe", "pick:n=3", "pick:n=4", "connect4:width=5,height=4", "connect4",
             "othello:size=4", "othello:size=6", "othello:size=8"]  # fmt: skip


@settings(max_examples=25, deadline=None)
@given(spec=st.sampled_from(SYMMETRIC), data=st.data())
def test_the_symmetries_agree_with_the_rules_along_random_games(
    spec: str, data: st.DataObject
) -> None:
    game = zs.load_game(spec)
    state = game.initial_state
    while not game.is_terminal(state):
        compare(game, state)  # the rules and, with them, the symmetries
        state = game.result(state, data.draw(st.sampled_from(game.actions(state))))


class Plain(zs.games.TicTacToe):
    """Tic-tac-toe without symmetries in its compiled rules."""

    def _build_rules(self) -> Any:
        from zerosum.games.claim.rules import ClaimCodec
        from zerosum.games.claim.tictactoe import LINES, SCALE

        return ClaimCodec(self, claim_rules(list(range(9)), list(LINES), SCALE))


# a twin of its own: registered, as a subclass's fast paths are
register_fast_paths(Plain, FastPaths(compiled_rules=Plain.compiled_rules))


@pytest.mark.parametrize("weak", [False, True])
def test_a_solve_shares_entries_between_symmetric_positions(weak: bool) -> None:
    game, plain = zs.games.TicTacToe(), Plain()
    scores, nodes = _by_compiled_search(game, game.initial_state, weak)  # type: ignore[misc]
    plain_scores, plain_nodes = _by_compiled_search(plain, plain.initial_state, weak)  # type: ignore[misc]
    assert scores == plain_scores  # the same values (and distances)
    assert nodes < plain_nodes / 3  # 8 symmetries: a fraction of the positions


def test_a_permutation_that_breaks_a_winning_set_is_refused() -> None:
    from zerosum.games.claim.tictactoe import LINES

    swap_two = [1, 0, 2, 3, 4, 5, 6, 7, 8]  # maps the line 0-4-8 onto 1-4-8
    with pytest.raises(ValueError, match="not a symmetry"):
        claim_rules(list(range(9)), list(LINES), 16.0, [list(range(9)), swap_two])


def _without_symmetries() -> type:
    """Othello's record type with its rules but no symmetries."""
    from typing import NamedTuple

    from zerosum.games.othello import rules
    from zerosum.kernels.rules import compiled_rules

    fields = [(name, Any) for name in rules.OthelloRules._fields]
    record = NamedTuple("AsymmetricOthelloRules", fields)  # type: ignore[misc]
    attach = compiled_rules(moves=rules._moves, play=rules._play, outcome=rules._outcome,
                            evaluate=rules._evaluate, key=rules._key)  # fmt: skip
    return attach(record)


class AsymmetricOthello(zs.games.Othello):
    """Othello whose compiled rules have no symmetries."""

    def compiled_rules(self) -> Any:
        from zerosum.games.othello.rules import OthelloCodec

        codec = self.__dict__.get("_codec")
        if codec is None:
            codec = self.__dict__["_codec"] = OthelloCodec(self)
            codec.record = _without_symmetries()(*codec.record)
        return codec


register_fast_paths(AsymmetricOthello, FastPaths(compiled_rules=AsymmetricOthello.compiled_rules))


def test_othello_solved_from_the_start_shares_entries_between_symmetric_positions() -> None:
    game, plain = zs.games.Othello(4), AsymmetricOthello(4)
    scores, nodes = _by_compiled_search(game, game.initial_state, False)  # type: ignore[misc]
    plain_scores, plain_nodes = _by_compiled_search(plain, plain.initial_state, False)  # type: ignore[misc]
    assert scores == plain_scores  # the same values and distances
    assert nodes < plain_nodes / 2  # the start's four symmetries


def test_the_line_after_a_symmetric_solve_reaches_the_end() -> None:
    from zerosum.agents import AlphaBeta
    from zerosum.games.heuristics import zero

    game = zs.games.TicTacToe()
    agent = AlphaBeta(evaluate=zero)
    agent(game, game.initial_state)
    assert agent.last is not None
    state = game.initial_state
    for action in agent.last.pv:  # the table's moves, read through the canonical keys
        state = game.result(state, action)
    assert len(agent.last.pv) == 9 and game.is_terminal(state)
