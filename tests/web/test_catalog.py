"""What the page offers: the registered games, and the presets that build here."""

from __future__ import annotations

import pytest

import zerosum as zs
from zerosum.web.catalog import PRESETS, catalog_games, offered_presets, presets


def test_presets_are_the_listed_ones_that_build_in_their_order() -> None:
    listed = presets()
    assert [p["spec"] for p in listed] == [spec for _, spec in PRESETS]
    assert listed[0] == {"label": "random", "spec": "random"}


def test_perfect_is_offered_only_where_it_answers_at_once() -> None:
    every = presets()
    assert offered_presets(zs.games.TicTacToe(), every) == every
    slow = offered_presets(zs.games.load_game("pick:n=4"), every)
    assert [p["spec"] for p in slow] == [
        p["spec"] for p in every if p["spec"] not in ("perfect", "minimax", "alphazero")
    ]


@pytest.mark.parametrize(("spec", "shipped"), [("tictactoe", True), ("connect4", True),
                                               ("connect4:width=6,height=5", False),
                                               ("pick:n=3", False)])  # fmt: skip
def test_the_learned_agent_is_offered_where_a_model_is_shipped(spec: str, shipped: bool) -> None:
    pytest.importorskip("torch", reason="the learn extra (scripts/test.sh installs it)")
    offered = [p["spec"] for p in offered_presets(zs.load_game(spec), presets())]
    assert ("alphazero" in offered) is shipped


@pytest.mark.parametrize("spec", ["connect4", "migration", "pick", "othello"])
def test_minimax_is_not_offered_where_it_cannot_search_the_whole_game(spec: str) -> None:
    offered = [p["spec"] for p in offered_presets(zs.load_game(spec), presets())]
    assert "minimax" not in offered and "alphabeta:depth=4" in offered


def test_the_catalog_lists_each_registered_game_with_its_parameters_and_rules() -> None:
    games = {g["name"]: g for g in catalog_games()}
    assert {"connect4", "migration", "othello", "pick", "tictactoe"} <= set(games)
    assert {"name": "n", "label": "size", "type": "int", "default": 4} in games["pick"]["params"]
    assert games["tictactoe"]["rules"].endswith(".") and games["tictactoe"]["summary"]
