"""The trace as an indented text tree: the same facts as the notebook's tree, each pruned
branch marked, the principal variation starred, what the cap left out on the last line."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from zerosum.trace import Recorder, Trace
from zerosum.trace.text import node_facts, number, trace_text


def test_the_classic_tree_line_by_line(classic: Trace) -> None:
    assert str(classic).splitlines() == [
        "alpha-beta search on classic: it plays a1, value 3",
        "* root  MAX  window (−∞, +∞)  value 3",
        "  ├─* a1  MIN  window (−∞, +∞)  value 3",
        "  │  ├─* b1  MAX  window (−∞, +∞)  end of game  value 3",
        "  │  ├── b2  MAX  window (−∞, 3)  end of game  value 12",
        "  │  └── b3  MAX  window (−∞, 3)  end of game  value 8",
        "  ├── a2  MIN  window (3, +∞)  value 2",
        "  │  ├── c1  MAX  window (3, +∞)  end of game  value 2  cut-off: 2 <= alpha 3",
        "  │  ├── c2  pruned: 2 <= alpha 3",
        "  │  └── c3  pruned: 2 <= alpha 3",
        "  └── a3  MIN  window (3, +∞)  value 2",
        "     ├── d1  MAX  window (3, +∞)  end of game  value 14",
        "     ├── d2  MAX  window (3, 14)  end of game  value 5",
        "     └── d3  MAX  window (3, 5)  end of game  value 2",
        "(* the principal variation) all 11 positions the search looked at are in the tree",
    ]
    assert classic.text() == str(classic) == trace_text(classic)


def test_a_depth_limit_counts_what_it_hides(classic: Trace) -> None:
    lines = classic.text(depth=1).splitlines()
    assert len(lines) == 2 + 3 * 2 + 1
    assert lines[3] == "  │  └── ... 3 nodes below, past depth 1"
    assert classic.text(depth=0).splitlines()[2] == "  └── ... 12 nodes below, past depth 0"
    rec = Recorder(cap=3)
    rec.enter(rec.enter(rec.enter(None, "", True), "a", False), "b", True)
    assert rec.trace("minimax", "m", "g").text(depth=1).splitlines()[3] == (
        "     └── ... 1 node below, past depth 1"
    )
    with pytest.raises(ValueError, match="at least 0"):
        classic.text(depth=-1)


def test_the_last_line_says_what_the_cap_left_out(make_classic: Callable[..., Trace]) -> None:
    small = make_classic(cap=6)
    assert len(small.nodes) == 6
    assert small.text().splitlines()[-1] == (
        "(* the principal variation) the cap of 6 nodes left out 5 of the "
        "11 positions the search looked at"
    )


def test_every_fact_a_node_can_carry_is_said() -> None:
    rec = Recorder(cap=10)
    root = rec.enter(None, "", True, visits=100, mean=0.25, value=0.25)
    rec.enter(root, "e4", False, kind="cutoff", heuristic=0.5, value=0.5, alpha=0.0, beta=1.0)
    rec.enter(root, "d4", False, kind="table", table="hit", value=-1.0)
    rec.enter(root, "c4", False, visits=40, mean=0.125, score=1.4142)
    rec.enter(root, "f4", False, playouts=30, mean=-0.5)
    nodes = rec.trace("mcts", "mcts", "toy").nodes
    assert node_facts(nodes[0]) == ["MAX", "value 0.25", "visits 100", "mean 0.25"]
    assert node_facts(nodes[1]) == [
        "MIN",
        "window (0, 1)",
        "depth limit",
        "heuristic 0.5",
        "value 0.5",
    ]
    assert node_facts(nodes[2]) == ["MIN", "from the table", "value -1"]
    assert node_facts(nodes[3]) == ["MIN", "visits 40", "mean 0.125", "score 1.41"]
    assert node_facts(nodes[4]) == ["MIN", "playouts 30", "mean -0.5"]
    text = rec.trace("mcts", "mcts", "toy").text()
    assert "(* the principal variation)" not in text  # no principal variation to mark
    assert text.splitlines()[1].startswith("  root  MAX")


def test_numbers_as_a_textbook_writes_them() -> None:
    assert [number(v) for v in (3.0, -0.0, 0.25, 1 / 3, math.inf, -math.inf, None)] == [
        "3", "0", "0.25", "0.333", "+∞", "−∞", "?",
    ]  # fmt: skip


def test_a_note_says_where_the_trace_came_from(classic: Trace) -> None:
    classic.note = "re-run on the Python path with the same switches"
    assert classic.text().splitlines()[1] == classic.note
