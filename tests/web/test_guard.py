"""The server's defences: bodies only as JSON, other origins and hosts refused, deep nesting
refused, per-client and overall caps, quick expiry of unplayed games, a move in a deleted
game, and agents that forget their search between moves."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from zerosum.agents import make_agent
from zerosum.games import TicTacToe
from zerosum.limits import LimitError
from zerosum.web import create_app
from zerosum.web.guard import json_depth
from zerosum.web.sessions import Sessions, TooManyForClient, TooManyGames

GAME = {"game": "tictactoe", "opponent": "dummy"}


@pytest.fixture
def client(base: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base, timeout=60) as c:  # the first move starts the hosts
        yield c


def error(response: httpx.Response) -> str:
    return str(response.json()["error"])


@pytest.mark.parametrize(
    "content_type", [None, "text/plain", "application/x-www-form-urlencoded", "text/json"]
)
def test_bodies_that_are_not_declared_json_are_415(
    client: httpx.Client, content_type: str | None
) -> None:
    headers = {} if content_type is None else {"Content-Type": content_type}
    response = client.post("/api/games", content=b'{"game": "tictactoe"}', headers=headers)
    assert response.status_code == 415
    assert "must be application/json" in error(response)


def test_an_empty_json_route_without_a_type_is_415_and_a_charset_is_fine(
    client: httpx.Client,
) -> None:
    assert client.post("/api/games").status_code == 415
    typed = {"Content-Type": "application/json; charset=utf-8"}
    created = client.post("/api/games", content=b'{"game": "tictactoe"}', headers=typed)
    assert created.status_code == 201
    moved = client.post(
        f"/api/games/{created.json()['id']}/moves", content=b'{"action": "4"}', headers=typed
    )
    assert moved.status_code == 200 and len(moved.json()["moves"]) == 2


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://127.0.0.1:1"},  # another port of this machine is another origin
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ],
)
def test_requests_from_other_origins_are_403_and_start_nothing(
    serve: Callable[..., Any], headers: dict[str, str]
) -> None:
    with serve(max_games=1) as url, httpx.Client(base_url=url) as client:
        refused = client.post("/api/games", json=GAME, headers=headers)
        assert refused.status_code == 403 and "other" in error(refused)
        assert client.get("/api/catalog", headers=headers).status_code == 403
        # the refused request took no game: the only slot is still free
        assert client.post("/api/games", json=GAME).status_code == 201


def test_the_page_own_origin_is_accepted(base: str, client: httpx.Client) -> None:
    same = {"Origin": base, "Sec-Fetch-Site": "same-origin"}
    assert client.post("/api/games", json=GAME, headers=same).status_code == 201


def test_a_host_that_is_not_a_loopback_name_is_400(
    base: str, client: httpx.Client, serve: Callable[..., Any]
) -> None:
    port = base.rsplit(":", 1)[1]
    rebound = client.get("/api/catalog", headers={"Host": f"evil.example:{port}"})
    assert rebound.status_code == 400 and "'evil.example:" in error(rebound)
    assert client.get("/", headers={"Host": f"evil.example:{port}"}).status_code == 400
    for name in ("localhost", "127.0.0.1", "[::1]"):
        assert client.get("/api/catalog", headers={"Host": f"{name}:{port}"}).status_code == 200
    with serve(allowed_hosts=None) as url, httpx.Client(base_url=url) as anyhost:
        assert anyhost.get("/api/catalog", headers={"Host": "box.lan"}).status_code == 200


def test_deeply_nested_bodies_are_400_before_parsing(client: httpx.Client) -> None:
    deep = b'{"game": ' + b"[" * 2000 + b"]" * 2000 + b"}"
    response = client.post("/api/games", content=deep, headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and "deeper than 8 levels" in error(response)
    # brackets inside strings are text, not nesting: this is an ordinary bad spec
    quoted = client.post("/api/games", json={"game": "[" * 100 + "{"})
    assert quoted.status_code == 422


def test_json_depth_ignores_brackets_in_strings_and_escapes() -> None:
    assert json_depth(b"{}") == 1
    assert json_depth(b'{"a": [[1], {"b": []}]}') == 4
    assert json_depth(b'{"a": "[[[\\"[[{{"}') == 1
    assert json_depth(b"[" * 50) == 50


def test_each_client_has_its_own_cap_and_cannot_lock_out_the_others() -> None:
    game = TicTacToe()
    sessions = Sessions(max_games=5, max_per_client=2)
    mine = [sessions.create(game, None, "dummy", 1, "10.0.0.1") for _ in range(2)]
    with pytest.raises(TooManyForClient, match=r"limit per client \(2\)"):
        sessions.create(game, None, "dummy", 1, "10.0.0.1")
    for other in ("10.0.0.2", "10.0.0.2", "10.0.0.3"):
        sessions.create(game, None, "dummy", 1, other)
    with pytest.raises(TooManyGames, match="5 live games, its limit"):
        sessions.create(game, None, "dummy", 1, "10.0.0.4")
    sessions.remove(mine[0].id)
    sessions.create(game, None, "dummy", 1, "10.0.0.1")


def test_the_per_client_cap_is_429_on_the_api(serve: Callable[..., Any]) -> None:
    with serve(max_per_client=2) as url, httpx.Client(base_url=url) as client:
        first = client.post("/api/games", json=GAME).json()["id"]
        assert client.post("/api/games", json=GAME).status_code == 201
        full = client.post("/api/games", json=GAME)
        assert full.status_code == 429 and "limit per client (2)" in error(full)
        client.delete(f"/api/games/{first}")
        assert client.post("/api/games", json=GAME).status_code == 201


def test_games_never_played_expire_quickly(serve: Callable[..., Any]) -> None:
    with serve(unplayed_seconds=0.3, idle_seconds=60) as url, httpx.Client(base_url=url) as c:
        unplayed = c.post("/api/games", json=GAME).json()["id"]
        # the computer opening does not count as playing: only the person's move does
        opened = c.post("/api/games", json={**GAME, "human": 2}).json()["id"]
        played = c.post("/api/games", json=GAME).json()["id"]
        assert c.post(f"/api/games/{played}/moves", json={"action": "4"}).status_code == 200
        time.sleep(0.5)
        assert c.get(f"/api/games/{unplayed}").status_code == 404
        assert c.get(f"/api/games/{opened}").status_code == 404
        assert c.get(f"/api/games/{played}").status_code == 200


def test_a_move_in_a_game_deleted_while_the_agent_thinks_is_404(
    serve: Callable[..., Any],
) -> None:
    with serve(move_seconds=1.0) as url, httpx.Client(base_url=url, timeout=30) as client:
        game = client.post("/api/games", json={"game": "connect4", "opponent": "minimax"})
        game_id = game.json()["id"]
        with ThreadPoolExecutor(1) as pool:
            thinking = pool.submit(client.post, f"/api/games/{game_id}/moves", json={"action": "4"})
            time.sleep(0.3)
            assert client.delete(f"/api/games/{game_id}").status_code == 204
            answer = thinking.result()
        assert answer.status_code == 404 and "deleted" in error(answer)
        assert client.get(f"/api/games/{game_id}").status_code == 404


def test_agents_forget_their_search_after_each_move(client: httpx.Client) -> None:
    spec, game = "mcts:iterations=300,seed=1", TicTacToe()
    make_agent(spec)(game, game.initial_state)  # compiles the playouts, off the clock
    body = {"game": "tictactoe", "opponent": spec, "human": 2}
    first = client.post("/api/games", json=body).json()
    assert first["search"]["note"] == ""  # its own move, so the same agent plays on
    mine = first["legal"][0]
    view = client.post(f"/api/games/{first['id']}/moves", json={"action": mine}).json()
    assert int(view["search"]["extra"]["iterations"]) == 300
    assert int(view["search"]["extra"]["reused"]) == 0  # (small ints read as actions)

    # the same agent outside the server keeps its tree and reuses it in that position
    agent, state = make_agent(spec), game.initial_state
    for action in (agent(game, state), int(mine)):
        state = game.result(state, action)
    agent(game, state)
    assert agent.last is not None and agent.last.reused > 0


@pytest.mark.parametrize("seconds", [math.nan, math.inf, -1.0, 0.0, 1e9])
def test_a_bad_move_cap_is_refused_when_the_app_is_built(seconds: float) -> None:
    with pytest.raises(LimitError, match="MAX_MOVE_SECONDS"):
        create_app(move_seconds=seconds)


def test_size_limits_are_422_naming_the_limit(client: httpx.Client) -> None:
    body = {"game": "tictactoe", "opponent": "alphabeta:table_size=100000000"}
    response = client.post("/api/games", json=body)
    assert response.status_code == 422 and "MAX_TABLE_SIZE" in error(response)
    response = client.post("/api/games", json={"game": "connect4:width=10000"})
    assert response.status_code == 422 and "from 1 to 16" in error(response)


@pytest.mark.parametrize("game", ["tictactoe", "pick"])
def test_text_that_is_not_unicode_is_422(client: httpx.Client, game: str) -> None:
    """A lone surrogate parses as JSON but is no text: it cannot even be written back."""
    typed = {"Content-Type": "application/json"}
    created = client.post("/api/games", json={"game": game, "opponent": "dummy"}).json()
    moved = client.post(
        f"/api/games/{created['id']}/moves", content=b'{"action": "\\ud800"}', headers=typed
    )
    assert moved.status_code == 422 and "'action' is not text" in error(moved)
    named = client.post("/api/games", content=b'{"game": "tic\\udfff"}', headers=typed)
    assert named.status_code == 422 and "'game' is not text" in error(named)


def test_an_origin_that_is_no_url_is_403(client: httpx.Client) -> None:
    refused = client.get("/api/catalog", headers={"Origin": "http://[::1"})
    assert refused.status_code == 403 and "'http://[::1'" in error(refused)


def test_the_per_client_cap_counts_the_connection_not_x_forwarded_for(
    serve: Callable[..., Any],
) -> None:
    def forwarded(i: int) -> dict[str, str]:
        return {"X-Forwarded-For": f"10.0.0.{i}"}

    with serve(max_per_client=2) as url, httpx.Client(base_url=url) as client:
        answers = [client.post("/api/games", json=GAME, headers=forwarded(i)) for i in range(3)]
        assert [a.status_code for a in answers] == [201, 201, 429]
    # told to trust the proxy at 127.0.0.1, the server counts the address it forwards
    with (
        serve(max_per_client=2, trusted_proxy="127.0.0.1") as url,
        httpx.Client(base_url=url) as client,
    ):
        answers = [client.post("/api/games", json=GAME, headers=forwarded(i)) for i in range(3)]
        assert [a.status_code for a in answers] == [201, 201, 201]
