"""The notebook's tree as HTML: one self-contained fragment per trace, its data (parents,
facts, boards, steps) embedded as JSON, nothing fetched. The browser test clicks it."""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

import pytest

import zerosum as zs
from zerosum.trace import Recorder, Trace, html
from zerosum.trace.steps import steps
from zerosum.trace.text import node_facts


class Drawn:
    """A game that only draws: its states are text, drawn as SVG."""

    def to_svg(self, state: str) -> str:
        return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{escape(state)}</text></svg>'


def data_of(fragment: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" class="zs-data">(.*?)</script>', fragment)
    assert found is not None
    return dict(json.loads(found[1]))


def test_the_fragment_carries_the_tree_its_facts_and_its_steps(classic: Trace) -> None:
    fragment = classic._repr_html_()
    data = data_of(fragment)
    assert data["parent"] == [node.parent for node in classic.nodes]
    titles = dict(re.findall(r'data-id="(\d+)" title="([^"]*)"', fragment))
    assert titles["7"] == "c2&#10;pruned: 2 &lt;= alpha 3"  # hover: the node's facts
    assert titles["5"] == "&#10;".join(["a2", *node_facts(classic.nodes[5])])
    assert data["steps"] == json.loads(json.dumps(steps(classic)))
    assert len(re.findall(r'<li class="[^"]*zs-pv[^"]*"', fragment)) == 3  # root, a1, b1
    assert len(re.findall(r'<li class="[^"]*zs-pruned[^"]*"', fragment)) == 2
    assert "c2</span> pruned: 2 &lt;= alpha 3" in fragment
    assert 'data-act="next"' in fragment and "all 11 positions" in fragment


def test_each_drawing_stands_alone_and_fetches_nothing(classic: Trace) -> None:
    one, two = classic._repr_html_(), classic._repr_html_()
    ids = [re.search(r'class="zs-trace" id="([^"]+)"', f)[1] for f in (one, two)]  # type: ignore[index]
    assert ids[0] != ids[1] and f'zerosumTrace.start("{ids[0]}", document.currentScript)' in one
    assert "<style>" in one and "window.zerosumTrace" in one
    assert not re.search(r"(src|href)=|@import|<link|https?://(?!www\.w3\.org)", one)


def test_boards_are_drawn_with_the_game_and_shared_when_equal(classic: Trace) -> None:
    assert data_of(classic._repr_html_())["boards"] == []  # made without its game
    classic.game_object = Drawn()
    classic.nodes[3].state = classic.nodes[2].state  # the same position twice
    data = data_of(classic._repr_html_())
    assert len(data["boards"]) == len(classic.nodes) - 1
    assert data["board"][3] == data["board"][2] >= 0
    assert "<text>a2 c1</text>" in data["boards"][data["board"][6]]
    assert data_of(html.trace_html(classic, Drawn()))["boards"] == data["boards"]


def test_boards_stop_at_the_budget_principal_variation_first(
    classic: Trace, monkeypatch: pytest.MonkeyPatch
) -> None:
    classic.game_object = Drawn()
    size = len(Drawn().to_svg("a1 b1"))
    monkeypatch.setattr(html, "BOARD_BYTES", 3 * size)
    data = data_of(classic._repr_html_())
    assert [i for i, b in enumerate(data["board"]) if b >= 0] == [0, 1, 2]  # the PV
    assert "first 0 kB" in data["why"]


def test_a_big_trace_has_no_step_through(classic: Trace, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(html, "STEP_NODES", len(classic.nodes) - 1)
    fragment = classic._repr_html_()
    assert data_of(fragment)["steps"] == [] and 'data-act="next"' not in fragment


def test_only_depth_first_searches_step(classic: Trace) -> None:
    classic.algorithm = "mcts"
    fragment = classic._repr_html_()
    assert data_of(fragment)["steps"] == [] and 'data-act="next"' not in fragment


def test_nothing_a_game_writes_can_end_the_script() -> None:
    rec = Recorder(cap=5)
    root = rec.enter(None, "", True)
    rec.enter(root, "</script><b>", False, kind="terminal", value=1.0, state="<!--")
    trace = rec.trace("minimax", "minimax", "toy", move="</script>")
    trace.game_object = Drawn()
    fragment = trace._repr_html_()
    assert fragment.count("</script>") == 2  # the data's and the code's own
    assert data_of(fragment)["move"][1] == "</script><b>"


def test_a_real_search_draws_its_boards() -> None:
    game = zs.games.TicTacToe()
    found = zs.trace(zs.agents.AlphaBeta(depth=2), game, cap=60)
    data = data_of(found._repr_html_())
    assert data["boards"] and data["board"][0] >= 0
    assert data["boards"][data["board"][0]].lstrip().startswith("<svg")
