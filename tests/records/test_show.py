"""Records draw themselves through renderers that register for their class."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

import zerosum as zs
from zerosum.records import show
from zerosum.report.display import game_html, search_html
from zerosum.trace.html import trace_html
from zerosum.trace.text import trace_text


@dataclass
class Score:
    points: int


@dataclass
class Bonus(Score):
    pass


@dataclass
class Unseen:
    pass


def test_a_renderer_draws_its_class_and_the_subclasses() -> None:
    show.register_html(Score, lambda s: f"<b>{s.points}</b>")
    show.register_text(Score, lambda s, width=0: str(s.points).rjust(width))
    assert show.html(Bonus(3)) == "<b>3</b>"
    assert show.text(Score(4), width=3) == "  4"


def test_a_class_nothing_draws_is_named() -> None:
    with pytest.raises(LookupError, match="Unseen as HTML"):
        show.html(Unseen())
    with pytest.raises(LookupError, match="Unseen as text"):
        show.text(Unseen())


def test_import_zerosum_registers_the_drawings_of_every_record() -> None:
    game = zs.games.TicTacToe()
    record = zs.play(game, zs.agents.AlphaBeta(depth=2), zs.agents.Random(seed=1), seed=1)
    assert record._repr_html_() == game_html(record)
    info = record.searches[0]
    assert isinstance(info, zs.agents.SearchInfo)
    assert info._repr_html_() == search_html(info)
    tree = zs.trace(zs.agents.Minimax(depth=2), game, game.initial_state)
    assert tree.text(depth=1) == trace_text(tree, depth=1)
    assert str(tree) == trace_text(tree)
    assert tree._repr_html_().startswith('<div class="zs-trace"')
    assert trace_html.__module__ == "zerosum.trace.html"
