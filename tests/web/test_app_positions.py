"""The JSON API for playing as players use such sites: two people on one screen, a game
started from a position or rebuilt from its moves, the history stepped through and played
on from any point, and hints before a move."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

import zerosum as zs
from zerosum.web.catalog import game_title


@pytest.fixture
def client(base: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base, timeout=150) as c:
        yield c


def created(client: httpx.Client, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": "tictactoe", **body})
    assert response.status_code == 201, response.text
    return response.json()


def refused(client: httpx.Client, **body: Any) -> str:
    response = client.post("/api/games", json={"game": "tictactoe", **body})
    assert response.status_code == 422, response.text
    return str(response.json()["error"])


def move(client: httpx.Client, view: dict[str, Any], action: str, **body: Any) -> httpx.Response:
    return client.post(f"/api/games/{view['id']}/moves", json={"action": action, **body})


def test_two_people_play_both_sides_and_no_computer_replies(client: httpx.Client) -> None:
    view = created(client, opponent="human")
    assert view["two_people"] is True and view["your_turn"] is True and view["to_move"] == 1
    for action in ("0", "3", "1", "4"):
        view = move(client, view, action).json()
        assert view["search"] is None and view["moves"][-1]["by"] == "you"
    assert view["to_move"] == 1 and view["your_turn"] is True
    view = move(client, view, "2").json()
    assert view["over"] is True and view["winner"] == 1 and view["outcome"] == "X wins."
    reply = client.post(f"/api/games/{view['id']}/reply")
    assert reply.status_code == 409
    assert reply.json()["error"] == "this game is between two people: no computer replies"
    undone = client.post(f"/api/games/{view['id']}/undo").json()  # the last move, either side's
    assert [m["action"] for m in undone["moves"]] == ["0", "3", "1", "4"]


def test_a_game_starts_from_a_position_given_as_text(client: httpx.Client) -> None:
    view = created(client, opponent="human", position="XO./.X./... O")
    assert view["start"] == view["position"] == "XO./.X./... O"
    assert view["to_move"] == 2 and view["moves"] == [] and "8" in view["legal"]
    view = move(client, view, "8").json()
    assert view["position"] == "XO./.X./..O X" and view["start"] == "XO./.X./... O"


def test_the_computer_moves_first_when_a_position_gives_it_the_move(client: httpx.Client) -> None:
    view = created(client, opponent="dummy", human=1, position="XO./.X./... O")
    assert [m["by"] for m in view["moves"]] == ["agent"] and view["your_turn"] is True


@pytest.mark.parametrize(
    ("game", "position", "reason"),
    [
        ("tictactoe", "XX./.../... O", "X has 2 and O 0"),
        ("tictactoe", "nonsense", "expected 3 rows, got 1"),
        ("connect4:width=5,height=4", "...../...../..X../..... O", "column 3: a disc floats"),
        ("othello:size=6", "....../....../....../....../....../...... X", "c3 is empty"),
        ("migration:n=4", "..../..../..../.... X", "row 2: X (○) has 0 stones"),
        ("pick", "1,2/3 1", "player 1 cannot be to move after 3 moves"),
    ],
)
def test_an_impossible_position_is_refused_with_the_games_reason(
    client: httpx.Client, game: str, position: str, reason: str
) -> None:
    error = refused(client, game=game, opponent="human", position=position)
    assert error.startswith(f"This is not a position of {game_title(zs.load_game(game))}: "), error
    assert ":width=" not in error and "size=" not in error  # the game's name, not its spec
    assert reason in error


def test_a_finished_position_and_bad_fields_are_refused(client: httpx.Client) -> None:
    error = refused(client, opponent="human", position="XXX/OO./... O")
    assert error == "This position is already over in Tic-tac-toe: no move is left to play."
    assert refused(client, position=3) == "'position' must be a non-empty string, not 3"
    assert refused(client, moves="0 1") == "'moves' must be a list of moves as strings, not '0 1'"
    error = refused(client, opponent="human", moves=["0", "0"])
    assert error.startswith("move 2 of 'moves': ") and "0" in error
    error = refused(client, opponent="human", moves=["0", "3", "1", "4", "2", "5"])
    assert error == "move 6 ('5') comes after the end of the game"


def test_a_game_is_rebuilt_from_its_moves(client: httpx.Client) -> None:
    view = created(client, opponent="dummy", human=2, moves=["4", "0", "8"])
    assert [(m["action"], m["by"]) for m in view["moves"]] == [
        ("4", "agent"),
        ("0", "you"),
        ("8", "agent"),
    ]
    assert view["your_turn"] is True and view["search"] is None  # no search replayed
    ended = created(client, opponent="human", moves=["0", "3", "1", "4", "2"])
    assert ended["over"] is True  # a link to a finished game shows it


def test_the_history_is_stepped_through_and_played_on_from_any_point(client: httpx.Client) -> None:
    view = created(client, opponent="human", moves=["0", "3", "1", "4"])
    early = client.get(f"/api/games/{view['id']}", params={"at": 1}).json()
    assert early["at"] == 1 and len(early["moves"]) == 4  # the whole history stays listed
    assert early["position"] == "X../.../... O" and early["to_move"] == 2
    assert early["can_undo"] is False and "4" in early["legal"]
    view = move(client, view, "8", at=1).json()  # playing on drops the moves after it
    assert [m["action"] for m in view["moves"]] == ["0", "8"] and view["at"] == 2
    start = client.get(f"/api/games/{view['id']}?at=0").json()
    assert start["position"] == ".../.../... X" and start["svg"].startswith("<svg")
    for at in ("3", "-1", "x"):
        bad = client.get(f"/api/games/{view['id']}", params={"at": at})
        assert bad.status_code == 422
        assert bad.json()["error"] == f"'at' must be a number of moves from 0 to 2, not {at!r}"
    assert move(client, view, "5", at=7).status_code == 422


def test_playing_on_where_the_computer_is_to_move_is_refused_and_keeps_the_game(
    client: httpx.Client,
) -> None:
    view = created(client, opponent="dummy", human=1)
    view = move(client, view, "4").json()
    assert len(view["moves"]) == 2
    refusal = move(client, view, "8", at=1)
    assert refusal.status_code == 409
    assert refusal.json()["error"] == "it is the computer's turn after move 1"
    illegal = move(client, view, "4", at=0)  # taken in the game, free at its start? no: legal
    assert illegal.status_code == 200
    kept = client.get(f"/api/games/{view['id']}").json()
    assert [m["action"] for m in kept["moves"]][0] == "4"


def test_an_illegal_move_on_from_an_earlier_point_keeps_the_moves_after_it(
    client: httpx.Client,
) -> None:
    view = created(client, opponent="human", moves=["0", "3", "1"])
    refusal = move(client, view, "0", at=1)
    assert refusal.status_code == 422 and "0" not in refusal.json()["legal"]
    kept = client.get(f"/api/games/{view['id']}").json()
    assert [m["action"] for m in kept["moves"]] == ["0", "3", "1"]


def test_hints_rate_each_move_of_the_player_to_move(client: httpx.Client) -> None:
    view = created(client, opponent="human", moves=["4"])
    hints = client.get(f"/api/games/{view['id']}/hints").json()
    assert hints["available"] is True
    assert hints["moves"]["0"] == "draw" and hints["moves"]["1"] == "loss in 6"
    assert set(hints["moves"]) == set(view["legal"])
    first = client.get(f"/api/games/{view['id']}/hints", params={"at": 0}).json()
    assert set(first["moves"].values()) == {"draw"} and len(first["moves"]) == 9


def test_hints_say_why_a_game_gives_none(client: httpx.Client) -> None:
    view = created(client, game="othello:size=6", opponent="human")
    hints = client.get(f"/api/games/{view['id']}/hints").json()
    assert hints == {
        "available": False,
        "reason": "Hints are not available for Othello 6x6: it does not solve at once.",
    }
    missing = client.get("/api/games/0123/hints")
    assert missing.status_code == 404
