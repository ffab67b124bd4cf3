"""An OpenSpiel game in the browser's API: its text and its legal moves, played by name."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")


@pytest.fixture
def client(base: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base, timeout=30) as http:
        yield http


def test_an_openspiel_game_is_played_by_its_move_names(client: httpx.Client) -> None:
    body = {"game": "openspiel:tic_tac_toe", "opponent": "dummy"}
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.text
    view = created.json()
    # no drawing: the page shows the text and one button per legal move
    assert not view["svg"] and view["text"] == "...\n...\n..."
    assert view["legal"][:2] == ["x(0,0)", "x(0,1)"]
    moved = client.post(f"/api/games/{view['id']}/moves", json={"action": "x(1,1)"}).json()
    assert moved["text"].split("\n")[1] == ".x."
    assert "x(1,1)" not in moved["legal"] and moved["legal"][0].startswith("x(")


def test_an_openspiel_game_too_big_is_422_naming_the_limit(client: httpx.Client) -> None:
    body = {"game": "openspiel:connect_four,rows=10000,columns=10000", "opponent": "random"}
    response = client.post("/api/games", json=body)
    assert response.status_code == 422 and "openspiel.MAX_SIZE" in response.json()["error"]


def test_a_spec_that_crashes_openspiel_is_422_and_the_server_lives_on(
    client: httpx.Client,
) -> None:
    """``rows=0`` is a segmentation fault inside OpenSpiel: tried in a process of its own,
    it costs that process only."""
    spec = "openspiel:connect_four,rows=0"
    for response in (
        client.post("/api/games", json={"game": spec, "opponent": "random"}),
        client.get("/api/setup", params={"game": spec}),
    ):
        assert response.status_code == 422
        assert "OpenSpiel crashed (SIGSEGV)" in response.json()["error"]
    assert client.get("/api/catalog").status_code == 200
    fine = client.post("/api/games", json={"game": "openspiel:connect_four,rows=5"})
    assert fine.status_code == 201


@pytest.mark.parametrize(
    "spec, message",
    [
        ("openspiel:go,board_size=1", "failed at its start: unsupported board size"),
        ("openspiel:hex,board_size=0", "failed at its start"),
        ("openspiel:hex,board_size=1", "no legal move in a position that is not over"),
        ("openspiel:breakthrough,columns=1", "cols_ > 1"),
        ("openspiel:gomoku,connect=-1", "failed at its start"),
        ("openspiel:dots_and_boxes,num_rows=0", "num_rows_ >= 1"),
    ],
)
def test_openspiel_values_it_cannot_play_are_422_in_setup_and_games_alike(
    client: httpx.Client, spec: str, message: str
) -> None:
    setup = client.get("/api/setup", params={"game": spec})
    created = client.post("/api/games", json={"game": spec, "opponent": "random", "human": 2})
    for response in (setup, created):
        assert response.status_code == 422 and message in response.json()["error"]


def test_an_agent_answers_in_a_game_whose_string_parameter_looks_like_a_number(
    client: httpx.Client,
) -> None:
    body = {"game": "openspiel:nim,pile_sizes=5", "opponent": "random", "human": 2}
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.text
    assert created.json()["search"]["replaced"] is False, created.json()["search"]["note"]
