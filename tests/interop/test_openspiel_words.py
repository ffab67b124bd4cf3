"""OpenSpiel's games in a person's words: the names of their sides, a chess board as a grid."""

from __future__ import annotations

import pytest

from zerosum.interop.openspiel_words import readable_board, side_names


def test_chess_names_openspiels_player_0_black_and_draws_its_fen_as_a_grid() -> None:
    assert side_names("chess") == ("Black", "White") and side_names("nim") is None
    grid = readable_board("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    assert grid.splitlines()[4] == "4 . . . . P . . ." and grid.endswith("Black to move")
    assert readable_board("go", "19 +++") == "19 +++"  # already a grid: as it is


def test_the_first_player_of_openspiel_chess_is_white() -> None:
    pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    from zerosum.game import side_name
    from zerosum.interop import openspiel

    game = openspiel.load("chess")
    first = game.player(game.initial_state)
    assert side_name(game, first) == "White" and first == 2
    assert game.render(game.initial_state).splitlines()[0] == "8 r n b q k b n r"
