"""The page plays the operator's own code: ``zerosum serve --game FILE --agent FILE``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from processes import Command

GAME = '''
class Nim:
    """Take one or two from a pile of five; who takes the last one wins."""

    rules = "Take 1 or 2 stones; whoever takes the last stone wins."

    @property
    def initial_state(self):
        return (5, 1)

    def player(self, state):
        return state[1]

    def actions(self, state):
        return [n for n in (1, 2) if n <= state[0]]

    def result(self, state, action):
        return (state[0] - action, 3 - state[1])

    def is_terminal(self, state):
        return state[0] == 0

    def utility(self, state, player):
        return 1 if state[1] != player else -1  # the one who just moved took the last

    def print_state(self, state):
        print("stones:", state[0])
'''

AGENT = '''
def greedy(game, state):
    """Takes as many as it may."""
    return max(game.actions(state))
'''


@pytest.fixture
def code(tmp_path: Path) -> tuple[str, str]:
    (tmp_path / "nim.py").write_text(GAME)
    (tmp_path / "bot.py").write_text(AGENT)
    (tmp_path / "other.py").write_text(AGENT)
    return f"{tmp_path / 'nim.py'}:Nim", f"{tmp_path / 'bot.py'}:greedy"


def test_the_page_lists_and_plays_the_operators_game_and_agent(
    serve: Callable[..., Any], code: tuple[str, str]
) -> None:
    game, agent = code
    with (
        serve(games=[game], agents=[agent]) as url,
        httpx.Client(base_url=url, timeout=30) as client,
    ):
        catalog = client.get("/api/catalog").json()
        mine = [g for g in catalog["games"] if g["name"] == game]
        assert mine and mine[0]["summary"].startswith("Take one or two")
        assert {"label": f"yours: {agent}", "spec": agent} in catalog["presets"]
        made = client.post("/api/games", json={"game": game, "opponent": agent, "human": 1})
        assert made.status_code == 201, made.text
        view = made.json()
        # no to_svg: the page shows the text and a button per legal move
        assert view["svg"] is None and view["text"] == "stones: 5" and view["legal"] == ["1", "2"]
        after = client.post(f"/api/games/{view['id']}/moves", json={"action": "2"}).json()
        assert after["search"]["note"] == "", after["search"]
        assert after["text"] == "stones: 1"  # the person took 2, the greedy agent 2
        assert [m["by"] for m in after["moves"]] == ["you", "agent"]


def test_a_request_names_no_other_code(
    serve: Callable[..., Any], code: tuple[str, str], tmp_path: Path
) -> None:
    game, agent = code
    other = f"{tmp_path / 'other.py'}:greedy"
    with (
        serve(games=[game], agents=[agent]) as url,
        httpx.Client(base_url=url, timeout=30) as client,
    ):
        refused = client.post("/api/games", json={"game": "tictactoe", "opponent": other})
        assert refused.status_code == 422
        assert "names code the server was not started with" in refused.json()["error"]
        setup = client.get("/api/setup", params={"game": f"{tmp_path / 'other.py'}"})
        assert setup.status_code == 422
        assert client.get("/api/setup", params={"game": game}).status_code == 200


def test_serve_refuses_code_that_does_not_load(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("def agent(game, state):\n    return (\n")
    run = Command("serve", "--port", "8971", "--agent", f"{broken}:agent")
    code = run.wait(30)
    _, err = run.output()
    assert code == 2 and "broken.py" in err and "line 2" in err
    assert len(err.strip().splitlines()) == 1


def broken_nim(tmp_path: Path, actions_body: str) -> str:
    """The spec of a copy of the served Nim, ``Broken``, whose ``actions`` body is
    ``actions_body``, written to ``tmp_path``."""
    broken = tmp_path / "broken.py"
    broken.write_text(
        GAME.replace("class Nim:", "class Broken:").replace(
            "        return [n for n in (1, 2) if n <= state[0]]", actions_body
        )
    )
    return f"{broken}:Broken"


def test_a_served_game_whose_actions_raise_is_422_naming_the_game(
    serve: Callable[..., Any], tmp_path: Path
) -> None:
    spec = broken_nim(
        tmp_path,
        "        if state[0] < 5:\n            raise ValueError('no moves today')\n"
        "        return [n for n in (1, 2) if n <= state[0]]",
    )
    with serve(games=[spec]) as url, httpx.Client(base_url=url, timeout=30) as client:
        made = client.post("/api/games", json={"game": spec, "opponent": "random"})
        assert made.status_code == 201, made.text  # five stones: its actions answer
        moved = client.post(f"/api/games/{made.json()['id']}/moves", json={"action": "1"})
        assert moved.status_code == 422, moved.text
        message = moved.json()["error"]
        assert message.startswith(f"the game {spec} failed: ")
        assert "no moves today" in message and "broken.py, line" in message
        assert client.get(f"/api/games/{made.json()['id']}").status_code == 422
        assert client.get("/api/catalog").status_code == 200  # the server lives on


def test_the_setup_of_a_served_game_that_raises_at_its_start_is_422_naming_it(
    serve: Callable[..., Any], tmp_path: Path
) -> None:
    spec = broken_nim(tmp_path, "        raise ValueError('no moves today')")
    with serve(games=[spec]) as url, httpx.Client(base_url=url, timeout=30) as client:
        setup = client.get("/api/setup", params={"game": spec})  # it draws the start
        assert setup.status_code == 422, setup.text
        assert setup.json()["error"].startswith(f"the game {spec} failed: ")


def test_serve_takes_the_operators_files_named_from_their_folder(tmp_path: Path) -> None:
    """``zerosum serve --game "my files/nim.py:Nim" --agent ...`` typed in the folder
    above: the page lists and plays them under the names typed."""
    mine = tmp_path / "my files"
    mine.mkdir()
    (mine / "nim.py").write_text(GAME)
    (mine / "bot à moi.py").write_text(AGENT)
    game, agent = "my files/nim.py:Nim", "my files/bot à moi.py:greedy"
    run = Command("serve", "--port", "8972", "--game", game, "--agent", agent, cwd=tmp_path)
    try:
        assert run.next_line(60).startswith("zerosum: serving on http://127.0.0.1:8972/")
        with httpx.Client(base_url="http://127.0.0.1:8972", timeout=30) as client:
            catalog = client.get("/api/catalog").json()
            assert game in {g["name"] for g in catalog["games"]}
            made = client.post("/api/games", json={"game": game, "opponent": agent, "human": 1})
            assert made.status_code == 201, made.text
            after = client.post(f"/api/games/{made.json()['id']}/moves", json={"action": "2"})
            assert after.json()["text"] == "stones: 1"  # its greedy reply took 2
    finally:
        run.kill()
