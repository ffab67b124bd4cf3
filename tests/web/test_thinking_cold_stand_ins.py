"""The page's first computer move on a machine that has compiled nothing yet, against the
opponents whose compiled code takes longest to compile (issue #39): each answers within
the cap through its Python path while that code compiles in the host's background, saying
so (``zerosum.hosting.standin``), and a perfect player on tic-tac-toe needs no compiled
code at all. (Alpha-beta's own: ``test_thinking_cold.py``.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from zerosum.hosting.standin import NOTE

# One pytest-xdist worker runs this module, so that its cold server compiles once:
# its module-scoped fixture is not set up again on another worker.
pytestmark = pytest.mark.xdist_group("web/test_thinking_cold_stand_ins")


@pytest.fixture(scope="module")
def client(cold_base: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=cold_base, timeout=120) as client:
        yield client


def first_reply(client: httpx.Client, game: str, opponent: str) -> dict[str, Any]:
    """The computer's reply to the person's first legal move in a new game, its search."""
    new = {"game": game, "opponent": opponent, "human": 1}
    view = client.post("/api/games", json=new).raise_for_status().json()
    moved = client.post(f"/api/games/{view['id']}/moves", json={"action": view["legal"][0]})
    client.delete(f"/api/games/{view['id']}")
    search: dict[str, Any] = moved.raise_for_status().json()["search"]
    assert not search["replaced"], search  # the agent's own move, not the cap's random one
    return search


def test_perfect_on_tictactoe_answers_by_its_python_solver_at_once(client: httpx.Client) -> None:
    search = first_reply(client, "tictactoe", "perfect")
    assert search["note"] == "" and "solve" in search["extra"]  # its own: nothing stood in


def test_mcts_stands_in_by_its_python_tree_and_rollouts(client: httpx.Client) -> None:
    search = first_reply(client, "pick:n=3", "mcts:time_limit=1")
    assert search["note"] == NOTE and search["extra"]["compiled"] is False


@pytest.mark.parametrize(("game", "move"), [("connect4", "4"), ("migration:n=5", None)])
def test_perfect_stands_in_by_its_python_solver_and_connect_fours_book(
    client: httpx.Client, game: str, move: str | None
) -> None:
    search = first_reply(client, game, "perfect")
    assert search["note"].startswith(NOTE), search
    if move is not None:  # Connect Four's reply to the first column, from its book
        assert search["action"] == move and search["nodes"] == 0
