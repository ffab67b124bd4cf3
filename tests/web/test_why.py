"""GET /api/games/{id}/why and /why/{node}: the tree of the computer's last move."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from zerosum.web.why import CAP


@pytest.fixture
def client(base: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base, timeout=30) as c:
        yield c


def played(client: httpx.Client, opponent: str, *actions: str) -> dict[str, Any]:
    """A tic-tac-toe game against ``opponent`` after the person's ``actions`` and its answers."""
    response = client.post("/api/games", json={"game": "tictactoe", "opponent": opponent})
    assert response.status_code == 201, response.text
    view = response.json()
    for action in actions:
        view = client.post(f"/api/games/{view['id']}/moves", json={"action": action}).json()
    return view


def test_the_tree_of_an_alpha_beta_move_with_its_steps(client: httpx.Client) -> None:
    view = played(client, "alphabeta:depth=4", "0")
    response = client.get(f"/api/games/{view['id']}/why")
    assert response.status_code == 200, response.text
    json.loads(response.text)  # plain JSON: no NaN or Infinity
    why = response.json()
    assert why["at"] == 1 and why["action"] == view["moves"][1]["action"]
    assert why["opponent"] == "alphabeta:depth=4"
    trace = why["trace"]
    assert trace["algorithm"] == "alphabeta" and trace["cap"] == CAP
    assert 0 < len(trace["nodes"]) <= CAP and trace["visited"] >= len(trace["nodes"]) - sum(
        n["kind"] == "pruned" for n in trace["nodes"]
    )
    root = trace["nodes"][0]
    assert root["parent"] is None and root["alpha"] == "-Infinity" and root["beta"] == "Infinity"
    assert len(root["children"]) == 8  # every empty square, whatever the cap
    assert why["searched"] == "alpha-beta search (depth 4)"
    assert trace["left_out"] == trace["visited"] - sum(
        n["kind"] != "pruned" for n in trace["nodes"]
    )
    assert any(n["kind"] == "pruned" and n["reason"] for n in trace["nodes"])
    assert trace["move"] == why["action"] and why["note"] == ""
    events = [step["event"] for step in why["steps"]]
    assert events[0] == "enter" and events[-1] == "leave" and "prune" in events
    assert why["steps"][0]["node"] == 0 and why["steps"][-1]["node"] == 0


@pytest.mark.alone
def test_a_second_ask_is_answered_from_the_first(client: httpx.Client) -> None:
    view = played(client, "alphabeta:depth=4", "4")
    first = client.get(f"/api/games/{view['id']}/why").json()
    begin = time.perf_counter()
    again = client.get(f"/api/games/{view['id']}/why").json()
    assert again == first and time.perf_counter() - begin < 0.5


def test_a_node_s_board_is_its_position(client: httpx.Client) -> None:
    view = played(client, "alphabeta:depth=4", "0")
    game = view["id"]
    assert client.get(f"/api/games/{game}/why/0").status_code == 409  # not asked yet
    trace = client.get(f"/api/games/{game}/why").json()["trace"]
    root = client.get(f"/api/games/{game}/why/0").json()
    assert root["node"] == 0 and root["moves"] == [] and "<svg" in root["svg"]
    assert root["text"].count("X") == 1  # the person's first move only
    child = trace["nodes"][trace["nodes"][0]["children"][0]]
    grandchild = trace["nodes"][child["children"][0]]
    below = client.get(f"/api/games/{game}/why/{grandchild['id']}").json()
    assert below["moves"] == [child["move"], grandchild["move"]]
    assert below["text"].count("X") == 2 and below["text"].count("O") == 1
    missing = client.get(f"/api/games/{game}/why/{len(trace['nodes'])}")
    assert missing.status_code == 404 and "no node" in missing.json()["error"]
    assert client.get(f"/api/games/{game}/why/x").status_code == 404


def test_an_mcts_move_has_its_tree_without_steps(client: httpx.Client) -> None:
    view = played(client, "mcts:time_limit=1", "4")
    why = client.get(f"/api/games/{view['id']}/why").json()
    assert why["trace"]["algorithm"] == "mcts" and why["steps"] is None
    assert len(why["trace"]["nodes"]) <= CAP


@pytest.mark.parametrize("opponent", ["random", "perfect"])
def test_an_agent_that_cannot_show_its_search_is_422(client: httpx.Client, opponent: str) -> None:
    view = played(client, opponent, "4")
    response = client.get(f"/api/games/{view['id']}/why")
    assert response.status_code == 422
    assert "cannot show its search" in response.json()["error"]


def test_no_tree_before_the_computer_moved_or_after_its_move_was_taken_back(
    client: httpx.Client,
) -> None:
    view = played(client, "alphabeta:depth=4")
    response = client.get(f"/api/games/{view['id']}/why")
    assert response.status_code == 409 and "not moved yet" in response.json()["error"]
    view = played(client, "alphabeta:depth=4", "0")
    assert client.get(f"/api/games/{view['id']}/why").status_code == 200
    client.post(f"/api/games/{view['id']}/undo")
    assert client.get(f"/api/games/{view['id']}/why/0").status_code == 409
    assert client.get(f"/api/games/{view['id']}/why").status_code == 409


def test_an_unknown_game_is_404(client: httpx.Client) -> None:
    assert client.get("/api/games/nope/why").status_code == 404
    assert client.get("/api/games/nope/why/0").status_code == 404


SLOW = '''
import time


def slow(game, state):
    """Answers at once; its search takes forever to show."""
    return list(game.actions(state))[0]


def _traced(game, state, cap):
    time.sleep(60)


slow.traced = _traced
'''


def test_a_trace_over_the_move_cap_is_stopped_with_503(
    serve: Callable[..., Any], tmp_path: Path
) -> None:
    (tmp_path / "slow.py").write_text(SLOW)
    agent = f"{tmp_path / 'slow.py'}:slow"
    with (
        serve(move_seconds=1.0, agents=[agent]) as url,
        httpx.Client(base_url=url, timeout=30) as client,
    ):
        view = played(client, agent, "4")
        begin = time.perf_counter()
        response = client.get(f"/api/games/{view['id']}/why")
        assert response.status_code == 503 and "1 s cap" in response.json()["error"]
        assert time.perf_counter() - begin < 5


OFFERED = [("alphabeta:depth=2", True), ("mcts:iterations=50", True), ("perfect", False),
           ("random", False)]  # fmt: skip


@pytest.mark.parametrize(("opponent", "explains"), OFFERED)
def test_the_view_says_whether_why_can_answer(
    client: httpx.Client, opponent: str, explains: bool
) -> None:
    """The page offers "Why this move?" by the view's ``explains``: true exactly where
    ``why`` answers with a tree."""
    view = played(client, opponent, "4")
    assert view["explains"] is explains
    status = client.get(f"/api/games/{view['id']}/why").status_code
    assert status == (200 if explains else 422)
