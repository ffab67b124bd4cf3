"""The JSON API against a real server: every route, every error, the limits."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

import zerosum as zs
from zerosum.cli import main

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def client(base: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base, timeout=30) as c:
        yield c


def new_game(client: httpx.Client, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": "tictactoe", "opponent": "dummy", **body})
    assert response.status_code == 201, response.text
    return response.json()


def test_the_page_and_its_files_are_served(client: httpx.Client) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<script src="/static/app.js">' in page.text
    assert '<script src="/static/why.js">' in page.text
    for name in ("app.js", "why.js", "style.css", "favicon.svg"):
        assert client.get(f"/static/{name}").status_code == 200


def test_catalog_lists_games_parameters_and_only_registered_presets(client: httpx.Client) -> None:
    catalog = client.get("/api/catalog").json()
    games = {g["name"]: g for g in catalog["games"]}
    assert set(games) == {"connect4", "migration", "openspiel", "othello", "pick", "tictactoe"}
    width = {"name": "width", "label": "columns", "type": "int", "default": 7}
    assert width in games["connect4"]["params"] and games["connect4"]["title"] == "Connect Four"
    specs = [p["spec"] for p in catalog["presets"]]
    assert "random" in specs and "human" not in specs
    for spec in specs:
        assert spec.split(":")[0] in zs.agents.AGENTS
    assert catalog["move_seconds"] == 2.0


def test_catalog_states_the_rules_and_the_openspiel_games_it_can_load(
    client: httpx.Client,
) -> None:
    games = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    for name in ("connect4", "migration", "pick", "tictactoe"):
        assert games[name]["rules"].endswith(".")
    assert "cannot move" in games["migration"]["rules"]
    if "openspiel" in games:  # only when open_spiel is installed
        (name,) = games["openspiel"]["params"][:1]
        assert "tic_tac_toe" in name["choices"] and name["default"] == "tic_tac_toe"


def test_setup_checks_a_game_and_says_which_presets_it_offers(client: httpx.Client) -> None:
    def offered(spec: str) -> list[str]:
        answer = client.get("/api/setup", params={"game": spec})
        assert answer.status_code == 200, answer.text
        return list(answer.json()["presets"])

    assert "perfect" in offered("tictactoe") and "perfect" in offered("connect4:width=5,height=4")
    assert "perfect" in offered("connect4")  # 7x6: its opening from the book
    assert "perfect" not in offered("connect4:width=6,height=5")
    assert "perfect" not in offered("pick:n=4")
    assert "random" in offered("connect4")
    answer = client.get("/api/setup", params={"game": "pick:n=3"}).json()
    assert answer["game"] == "pick:n=3" and "3 numbers that add up to 15" in answer["rules"]
    bad = client.get("/api/setup", params={"game": "connect4:width=100"})
    assert bad.status_code == 422 and "width must be an integer from 1 to 16" in bad.json()["error"]
    assert client.get("/api/setup").status_code == 422
    if "openspiel" in zs.games.GAMES:
        empty = client.get("/api/setup", params={"game": "openspiel"})
        assert empty.status_code == 422 and "which OpenSpiel game?" in empty.json()["error"]


def test_perfect_can_still_be_asked_for_anywhere(client: httpx.Client) -> None:
    view = new_game(client, game="pick:n=4", opponent="perfect")  # not offered, still allowed
    assert view["opponent"] == "perfect" and view["your_turn"]


def test_the_search_is_summed_up_in_plain_words(client: httpx.Client) -> None:
    view = new_game(client, opponent="perfect")
    for action in ("1", "2"):  # it answers 0, then 3 wins
        view = client.post(f"/api/games/{view['id']}/moves", json={"action": action}).json()
    search = view["search"]
    assert search["summary"]["verdict"] == (
        "The computer wins within 2 more of its moves, however you play."
    )
    assert search["summary"]["moves"]["3"] == "win in 5" and search["summary"]["lean"] == 1
    assert search["board"].count('data-action="') == 6  # the position it moved from
    assert search["extra"]["solve"]["action_plies"]["3"] == 5  # the raw result, as data


def test_a_new_game_has_a_128_bit_id_and_its_view(client: httpx.Client) -> None:
    first, second = new_game(client), new_game(client)
    assert re.fullmatch(r"[0-9a-f]{32}", first["id"]) and first["id"] != second["id"]
    assert first["your_turn"] and not first["over"] and first["moves"] == []
    assert first["legal"] == [str(c) for c in range(9)]
    assert first["svg"].startswith("<svg") and first["svg"].count('data-action="') == 9
    assert client.get(f"/api/games/{first['id']}").json() == first


def test_the_computer_moves_first_when_the_person_plays_second(client: httpx.Client) -> None:
    view = new_game(client, opponent="minimax:depth=2", human=2)
    [move] = view["moves"]
    assert (
        move["player"] == 1 and move["by"] == "agent" and view["search"]["action"] == move["action"]
    )
    assert view["your_turn"] and view["to_move"] == 2
    assert view["search"]["depth"] == 2 and view["search"]["nodes"] > 9


def test_a_move_gets_the_answer_and_the_drawing_follows(client: httpx.Client) -> None:
    game_id = new_game(client)["id"]
    view = client.post(f"/api/games/{game_id}/moves", json={"action": "4"}).json()
    assert [(m["by"], m["action"]) for m in view["moves"]] == [("you", "4"), ("agent", "0")]
    assert view["legal"] == ["1", "2", "3", "5", "6", "7", "8"]
    assert view["svg"].count('data-action="') == 7 and 'class="zs-last"' in view["svg"]
    seconds = view["search"]["seconds"]
    assert view["search"] == {"action": "0", "seconds": seconds, "note": "", "replaced": False}


def test_a_game_played_to_the_end_is_announced_with_the_winning_line(
    client: httpx.Client,
) -> None:
    game_id = new_game(client)["id"]  # dummy answers 0, 1, 2...; X takes 3 4 5
    for cell in ("4", "3"):
        client.post(f"/api/games/{game_id}/moves", json={"action": cell})
    view = client.post(f"/api/games/{game_id}/moves", json={"action": "5"}).json()
    assert view["over"] and view["winner"] == 1 and view["outcome"] == "You win!"
    assert 'class="zs-win"' in view["svg"] and view["legal"] == []
    late = client.post(f"/api/games/{game_id}/moves", json={"action": "8"})
    assert late.status_code == 422 and "the game is over" in late.json()["error"]


@pytest.mark.parametrize(
    "action, reason",
    [
        ("4", "player 1 cannot play 4 in tictactoe; legal: 1 2 3 5 6 7 8"),
        ("9", "player 1 cannot play 9"),
        ("x", "expected a cell number 0..8, got 'x'"),
        ("__import__('os')", "expected a cell number"),
    ],
)
def test_an_illegal_or_malformed_move_is_422_and_changes_nothing(
    client: httpx.Client, action: str, reason: str
) -> None:
    game_id = new_game(client)["id"]
    before = client.post(f"/api/games/{game_id}/moves", json={"action": "4"}).json()
    response = client.post(f"/api/games/{game_id}/moves", json={"action": action})
    assert response.status_code == 422
    assert reason in response.json()["error"]
    assert response.json()["legal"] == ["1", "2", "3", "5", "6", "7", "8"]
    assert client.get(f"/api/games/{game_id}").json() == before


@pytest.mark.parametrize(
    "body, status, message",
    [
        ({"action": 4}, 422, "'action' must be a non-empty string"),
        ({}, 422, "'action' must be a non-empty string"),
        ({"action": "4", "reply": "yes"}, 422, "'reply' must be true or false"),
    ],
)
def test_a_bad_move_body_is_rejected(
    client: httpx.Client, body: dict[str, Any], status: int, message: str
) -> None:
    game_id = new_game(client)["id"]
    response = client.post(f"/api/games/{game_id}/moves", json=body)
    assert response.status_code == status and message in response.json()["error"]


def test_bodies_that_are_not_json_objects_are_400(client: httpx.Client) -> None:
    for content in (b"{not json", b"[1, 2]"):
        response = client.post("/api/games", content=content, headers=JSON)
        assert response.status_code == 400 and "JSON" in response.json()["error"]


@pytest.mark.parametrize(
    "body, message",
    [
        (
            {"game": "chess"},
            "unknown game 'chess'; known: connect4, migration, openspiel, othello, pick",
        ),
        ({"game": "connect4:width=-1"}, "width must be an integer from 1 to 16"),
        ({"game": "pick:n=x"}, "bad value 'x' for n"),
        ({"game": "tictactoe", "opponent": "minimax:depth=zero"}, "bad value 'zero' for depth"),
        ({"game": "tictactoe", "opponent": "oracle"}, "unknown agent 'oracle'; known:"),
        ({"game": "tictactoe", "human": 3}, "'human' must be 1 or 2"),
        ({"game": "tictactoe", "human": True}, "'human' must be 1 or 2"),
        ({"game": "tictactoe", "human": 1.0}, "'human' must be 1 or 2"),
        ({"opponent": "random"}, "'game' must be a non-empty string"),
        ({"game": "x" * 201}, "longer than 200 characters"),
    ],
)
def test_bad_specs_are_422_with_the_command_line_message(
    client: httpx.Client, body: dict[str, Any], message: str
) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 422
    assert message in response.json()["error"]


def test_the_api_and_the_command_line_give_the_same_message(
    client: httpx.Client, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "migration:n=99"]) == 2
    cli = capsys.readouterr().err.removeprefix("zerosum: error: ").strip()
    assert client.post("/api/games", json={"game": "migration:n=99"}).json()["error"] == cli


def test_unknown_games_are_404_on_every_route(client: httpx.Client) -> None:
    unknown = "0" * 32
    for method, path in [
        ("GET", ""),
        ("DELETE", ""),
        ("POST", "/moves"),
        ("POST", "/reply"),
        ("POST", "/undo"),
    ]:
        response = client.request(method, f"/api/games/{unknown}{path}", json={"action": "1"})
        assert response.status_code == 404, (method, path)
        assert "no such game" in response.json()["error"]
    assert client.get("/api/nothing").status_code == 404


def test_delete_forgets_a_game(client: httpx.Client) -> None:
    game_id = new_game(client)["id"]
    assert client.delete(f"/api/games/{game_id}").status_code == 204
    assert client.get(f"/api/games/{game_id}").status_code == 404


def test_a_move_without_reply_then_the_reply_route(client: httpx.Client) -> None:
    game_id = new_game(client)["id"]
    view = client.post(f"/api/games/{game_id}/moves", json={"action": "4", "reply": False}).json()
    assert not view["your_turn"] and view["to_move"] == 2 and len(view["moves"]) == 1
    early = client.post(f"/api/games/{game_id}/moves", json={"action": "0"})
    assert early.status_code == 409 and "computer's turn" in early.json()["error"]
    view = client.post(f"/api/games/{game_id}/reply").json()
    assert view["your_turn"] and view["moves"][-1] == {"player": 2, "by": "agent", "action": "0"}
    again = client.post(f"/api/games/{game_id}/reply")
    assert again.status_code == 409 and "it is your turn" in again.json()["error"]


def test_undo_takes_back_the_move_and_the_answer(client: httpx.Client) -> None:
    start = new_game(client)
    game_id = start["id"]
    undo = client.post(f"/api/games/{game_id}/undo")
    assert undo.status_code == 409 and "no move of yours" in undo.json()["error"]
    after_one = client.post(f"/api/games/{game_id}/moves", json={"action": "4"}).json()
    client.post(f"/api/games/{game_id}/moves", json={"action": "8"})
    assert client.post(f"/api/games/{game_id}/undo").json() == after_one
    view = client.post(f"/api/games/{game_id}/undo").json()
    assert view == {**start, "can_undo": False}


def test_bodies_over_the_limit_are_413(serve: Callable[..., Any]) -> None:
    with serve(max_body=100) as url, httpx.Client(base_url=url) as client:
        big = {"game": "tictactoe", "opponent": "random" + " " * 200}
        assert client.post("/api/games", json=big).status_code == 413

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams
            yield b'{"game": "tictactoe", '
            yield b'"opponent": "' + b" " * 200 + b'random"}'

        response = client.post("/api/games", content=chunks(), headers=JSON)
        assert response.status_code == 413 and "100 bytes" in response.json()["error"]


def test_live_games_are_capped_with_503(serve: Callable[..., Any]) -> None:
    with serve(max_games=2) as url, httpx.Client(base_url=url) as client:
        first = new_game(client)
        new_game(client)
        full = client.post("/api/games", json={"game": "tictactoe"})
        assert full.status_code == 503 and "2 live games" in full.json()["error"]
        client.delete(f"/api/games/{first['id']}")
        new_game(client)


def test_idle_and_finished_games_are_dropped(serve: Callable[..., Any]) -> None:
    # idle_seconds leaves room for the three moves (agents answer from their processes)
    with serve(idle_seconds=2.0, finished_seconds=0.2) as url, httpx.Client(base_url=url) as c:
        idle, finished = new_game(c)["id"], new_game(c)["id"]
        for cell in ("4", "3", "5"):
            c.post(f"/api/games/{finished}/moves", json={"action": cell})
        time.sleep(0.3)
        assert c.get(f"/api/games/{finished}").status_code == 404
        assert c.get(f"/api/games/{idle}").status_code == 200  # touched: kept alive
        time.sleep(2.1)
        assert c.get(f"/api/games/{idle}").status_code == 404


@pytest.mark.alone
def test_a_slow_agent_is_capped_stopped_and_blocks_nobody(serve: Callable[..., Any]) -> None:
    with serve(move_seconds=1.0) as url, httpx.Client(base_url=url, timeout=30) as client:
        slow = new_game(client, game="connect4", opponent="minimax")["id"]
        other = new_game(client)["id"]
        with ThreadPoolExecutor(1) as pool:
            begin = time.monotonic()
            thinking = pool.submit(client.post, f"/api/games/{slow}/moves", json={"action": "4"})
            time.sleep(0.2)
            busy = client.post(f"/api/games/{slow}/moves", json={"action": "4"})
            assert busy.status_code == 409 and "already being played" in busy.json()["error"]
            quick = time.monotonic()
            assert client.get("/api/catalog").is_success
            assert time.monotonic() - quick < 0.5  # the event loop was free meanwhile
            # and another game is played meanwhile, by another agent process
            assert client.post(f"/api/games/{other}/moves", json={"action": "4"}).is_success
            view = thinking.result().json()
        assert 1.0 <= time.monotonic() - begin < 5.0  # the cap, the margin, a new process
        note = view["search"]["note"]
        assert "did not answer within the 1 s cap" in note and "random legal move" in note
        assert len(view["moves"]) == 2 and view["your_turn"]


def test_expired_games_make_room_under_the_cap(serve: Callable[..., Any]) -> None:
    with serve(max_games=1, idle_seconds=0.2) as url, httpx.Client(base_url=url) as client:
        first = new_game(client)["id"]
        assert client.post("/api/games", json={"game": "tictactoe"}).status_code == 503
        time.sleep(0.3)
        new_game(client)
        assert client.get(f"/api/games/{first}").status_code == 404
