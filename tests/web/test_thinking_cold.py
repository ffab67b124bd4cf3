"""The page's first computer move on a machine that has compiled nothing yet: the agent's
Python search answers while its compiled search compiles in the host's background, and
later moves are the compiled search's (``zerosum.hosting.standin``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

import zerosum as zs
from zerosum.agents import make_agent
from zerosum.hosting.standin import NOTE

# One pytest-xdist worker runs this module, so that its cold server compiles once:
# its module-scoped fixture is not set up again on another worker.
pytestmark = pytest.mark.xdist_group("web/test_thinking_cold")

#: The page's default game, opponent and side (the person moves first).
DEFAULT = {"game": "tictactoe", "opponent": "alphabeta:depth=4", "human": 1}
#: Seconds the background compile may take at most, on a busy machine (not a timing: a
#: test that waits longer has failed).
COMPILE_WAIT = 600


@pytest.fixture(scope="module")
def client(cold_base: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=cold_base, timeout=120) as client:
        yield client


def first_reply(client: httpx.Client) -> tuple[str, dict[str, Any]]:
    """A new game of the page's default and the computer's reply to the centre in it."""
    game = client.post("/api/games", json=DEFAULT).raise_for_status().json()
    view = client.post(f"/api/games/{game['id']}/moves", json={"action": "4"}).json()
    return game["id"], view["search"]


def test_the_first_move_is_the_python_search_saying_so(client: httpx.Client) -> None:
    game_id, search = first_reply(client)
    assert search["note"] == NOTE and not search["replaced"]  # the agent's own search
    assert search["extra"]["compiled"] is False and search["depth"] == 4
    # the move the compiled search would value the same: its value, and no move rated above
    game = zs.games.TicTacToe()
    state = game.result(game.initial_state, 4)
    compiled = make_agent("alphabeta:depth=4")
    compiled(game, state)
    assert compiled.last is not None and compiled.last.compiled
    assert search["value"] == compiled.last.value
    rated = {move: value for move, value, _ in compiled.last.rated}
    assert int(search["action"]) in rated
    assert rated[int(search["action"])] >= max(rated.values())
    # "Why this move?" meanwhile shows the Python search's tree (the compiled one would
    # wait for the compiler, and a second compiled copy of it besides)
    why = client.get(f"/api/games/{game_id}/why").raise_for_status().json()
    assert "compiled=False" in why["trace"]["agent"] and why["trace"]["move"] == search["action"]
    client.delete(f"/api/games/{game_id}")


def test_once_compiled_the_moves_are_the_compiled_search(client: httpx.Client) -> None:
    deadline = time.monotonic() + COMPILE_WAIT
    while True:
        game_id, search = first_reply(client)
        client.delete(f"/api/games/{game_id}")
        if search["extra"]["compiled"]:
            break
        assert search["note"] == NOTE  # the host still compiling: its stand-in played
        assert time.monotonic() < deadline, "the compiled search was never ready"
        time.sleep(1)
    assert search["note"] == "" and search["depth"] == 4 and search["action"] == "0"
