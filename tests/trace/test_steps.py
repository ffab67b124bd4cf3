"""The step-through of alpha-beta: enter a node with its window, leave it with its value,
prune siblings with the reason, and the window of every open node after each step."""

from __future__ import annotations

import json
from typing import Any

from zerosum.trace import Recorder, Trace
from zerosum.trace.steps import json_number, steps

INF, NEG = "Infinity", "-Infinity"


def windows(step: dict[str, Any]) -> list[tuple[int, Any, Any, Any]]:
    return [(o["node"], o["alpha"], o["beta"], o["value"]) for o in step["open"]]


def test_the_classic_tree_step_by_step(classic: Trace) -> None:
    found = steps(classic)
    assert [(s["event"], s["node"]) for s in found] == [
        ("enter", 0), ("enter", 1), ("leaf", 2), ("leaf", 3), ("leaf", 4), ("leave", 1),
        ("enter", 5), ("leaf", 6), ("prune", 5), ("leave", 5),
        ("enter", 9), ("leaf", 10), ("leaf", 11), ("leaf", 12), ("leave", 9), ("leave", 0),
    ]  # fmt: skip
    assert [s["value"] for s in found if s["event"] in ("leaf", "leave")] == [
        3, 12, 8, 3, 2, 2, 14, 5, 2, 2, 3,
    ]  # fmt: skip
    prune = found[8]
    assert prune["pruned"] == [7, 8] and prune["reason"] == "2 <= alpha 3"
    assert prune["text"] == "prune c2, c3 under a2 (MIN): 2 <= alpha 3"
    assert found[6]["alpha"] == 3 and found[6]["beta"] == INF
    assert found[6]["text"] == "enter a2 (MIN) with window (3, +∞)"


def test_the_windows_move_as_children_return(classic: Trace) -> None:
    found = steps(classic)
    assert windows(found[0]) == [(0, NEG, INF, None)]
    assert windows(found[2]) == [(0, NEG, INF, None), (1, NEG, 3, 3)]  # b1 = 3: beta 3
    assert windows(found[3]) == [(0, NEG, INF, None), (1, NEG, 3, 3)]  # 12 changes nothing
    assert windows(found[5]) == [(0, 3, INF, 3)]  # a1 returns 3: the root's alpha is 3
    assert windows(found[7]) == [(0, 3, INF, 3), (5, 3, 2, 2)]  # c1 = 2: beta 2 <= alpha 3
    assert windows(found[12]) == [(0, 3, INF, 3), (9, 3, 5, 5)]
    assert windows(found[-1]) == []


def test_steps_are_json_and_say_what_happens(classic: Trace) -> None:
    found = steps(classic)
    assert json.loads(json.dumps(found, allow_nan=False)) == found
    assert found[2]["text"] == "b1 (MAX) with window (−∞, +∞): end of game, value 3"
    assert found[-1]["text"] == "leave root (MAX) with value 3"


def test_minimax_has_no_window_and_a_cut_without_a_reason_gets_the_textbooks() -> None:
    rec = Recorder(cap=10)
    root = rec.enter(None, "", True)
    rec.enter(root, "x", False, kind="cutoff", heuristic=0.5, value=0.5)
    rec.set(root, value=0.5)
    found = steps(rec.trace("minimax", "minimax", "toy"))
    assert windows(found[1]) == [(0, None, None, 0.5)]
    assert found[0]["text"] == "enter root (MAX)"
    assert found[1]["text"] == "x (MIN): heuristic, value 0.5"

    rec = Recorder(cap=10)
    root = rec.enter(None, "", False, alpha=0.0, beta=1.0)
    rec.enter(root, "x", True, kind="terminal", value=-1.0, alpha=0.0, beta=1.0)
    rec.enter(root, "y", True, kind="pruned")
    found = steps(rec.trace("alphabeta", "alphabeta", "toy"))
    assert found[2]["reason"] == "alpha 0 >= beta -1"


def test_a_node_whose_children_the_cap_left_out_is_a_leaf(make_classic: Any) -> None:
    found = steps(make_classic(cap=6))
    assert found[-2]["event"] == "leaf" and found[-2]["node"] == 5
    assert "children not recorded (the cap)" in found[-2]["text"]
    assert steps(Trace("minimax", "m", "g", [], 0, 1)) == []


def test_json_numbers() -> None:
    assert [json_number(v) for v in (float("inf"), -float("inf"), 0.5, None)] == [
        INF, NEG, 0.5, None,
    ]  # fmt: skip
