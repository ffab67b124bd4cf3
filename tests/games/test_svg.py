"""Every built-in game draws itself as SVG whose clickable parts are exactly its legal moves."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import zerosum as zs
from zerosum.game import format_action

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg" and int(root.get("width", "0")) > 0
    return root


def actions_in(root: ET.Element) -> list[str]:
    return [g.get("data-action", "") for g in root.iter() if g.get("data-action") is not None]


def classes(root: ET.Element) -> set[str]:
    return {e.get("class", "") for e in root.iter()}


def test_clickable_parts_are_the_legal_moves_along_random_games(game: Any) -> None:
    rng = random.Random(6)
    state, last = game.initial_state, None
    while True:
        root = parse(game.to_svg(state, last=last))
        legal = [format_action(game, a) for a in game.actions(state)]
        assert sorted(actions_in(root)) == sorted(legal)
        assert ("zs-last" in classes(root)) == (last is not None)
        if game.is_terminal(state):
            break
        last = rng.choice(game.actions(state))
        state = game.result(state, last)


@pytest.mark.parametrize(
    "spec, moves",
    [
        ("tictactoe", ["4", "0", "3", "1", "5"]),
        ("connect4", ["1", "2", "1", "2", "1", "2", "1"]),
        ("connect4:width=5,height=4", ["1", "1", "2", "2", "3", "3", "4"]),
        ("pick:n=3", ["2", "1", "7", "3", "6"]),
    ],
)
def test_a_win_is_marked(spec: str, moves: list[str]) -> None:
    game = zs.load_game(spec)
    state = zs.game.replay(game, moves)
    assert game.is_terminal(state) and game.utility(state, 1) == 1
    assert "zs-win" in classes(parse(game.to_svg(state)))
    before = zs.game.replay(game, moves[:-1])
    assert "zs-win" not in classes(parse(game.to_svg(before)))


def test_a_migration_stone_and_its_destination_form_one_move() -> None:
    game = zs.games.Migration(n=5)
    root = parse(game.to_svg(game.initial_state))
    group = next(g for g in root.iter(f"{NS}g") if g.get("data-action") == "1,0>1,1")
    assert (group.get("data-from"), group.get("data-to")) == ("1,0", "1,1")
    assert len(group.findall(f"{NS}rect")) == 2  # the stone's cell and the one it steps into


def test_text_in_drawings_is_escaped() -> None:
    assert zs.games.svg.element("text", "<b>&", fill='"x"') == (
        '<text fill="&quot;x&quot;">&lt;b&gt;&amp;</text>'
    )


def test_a_position_draws_itself_in_notebooks() -> None:
    game = zs.games.ConnectFour(width=5, height=4)
    state = game.result(game.initial_state, 2)
    position = zs.show(game, state, last=2)
    assert repr(position) == "Position(ConnectFour(width=5, height=4, k=4), last=3)"
    assert "zs-last" in classes(parse(position._repr_svg_() or ""))
    assert str(position) == game.render(state)
    assert zs.show(game).state == game.initial_state


def test_a_game_without_a_drawing_has_no_svg() -> None:
    class Bare:
        initial_state = 0

        def render(self, state: int) -> str:
            return f"count {state}"

    position = zs.show(Bare())
    assert position._repr_svg_() is None and str(position) == "count 0"
