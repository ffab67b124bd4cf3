"""Games and agents from the user's files and modules: the spec syntax, loading, every failure."""

from __future__ import annotations

import pickle
import textwrap
from pathlib import Path

import pytest

import zerosum as zs
from zerosum.spec import CodeSpec, parse_code_spec

NIM = '''
class Nim:
    """Take 1-3 sticks; whoever takes the last one wins."""

    def __init__(self, sticks=7):
        self.sticks = sticks

    @property
    def initial_state(self):
        return (self.sticks, 1)

    def player(self, state):
        return state[1]

    def actions(self, state):
        return [n for n in (1, 2, 3) if n <= state[0]]

    def result(self, state, action):
        return (state[0] - action, 3 - state[1])

    def is_terminal(self, state):
        return state[0] == 0

    def utility(self, state, player):
        return -1 if state[1] == player else 1

    def print_state(self, state):
        print("|" * state[0])
'''

AGENTS = """
import random

def first(game, state):
    return game.actions(state)[0]

class Last:
    def __init__(self, offset: int = 0, label=None):
        self.offset, self.label = offset, label

    def __call__(self, game, state):
        return game.actions(state)[-1 - self.offset]

class Broken:
    def __init__(self):
        raise ValueError("no table file")

LIMIT = 3
"""


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(textwrap.dedent(text))
    return str(path)


@pytest.mark.parametrize(
    ("spec", "parsed"),
    [
        ("my.py", CodeSpec("my.py", True, None, {})),
        ("bots/my.py:Deep", CodeSpec("bots/my.py", True, "Deep", {})),
        ("bots/my.py:Deep,depth=3", CodeSpec("bots/my.py", True, "Deep", {"depth": "3"})),
        ("my.py:depth=3", CodeSpec("my.py", True, None, {"depth": "3"})),
        ("course.agents:Deep,depth=3", CodeSpec("course.agents", False, "Deep", {"depth": "3"})),
        ("C:\\bots\\my.py:first", CodeSpec("C:\\bots\\my.py", True, "first", {})),
    ],
)
def test_code_specs_parse_to_source_attribute_and_parameters(spec: str, parsed: CodeSpec) -> None:
    assert parse_code_spec(spec) == parsed


@pytest.mark.parametrize(
    "spec", ["connect4:width=5", "alphabeta:depth=3", "mcts:time_limit=0.5", "connectx:sub.py"]
)
def test_registered_specs_are_not_code(spec: str) -> None:
    assert parse_code_spec(spec) is None


def test_a_function_is_an_agent_and_a_class_is_built_with_the_parameters(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.py", AGENTS)
    game = zs.games.TicTacToe()
    first = zs.make_agent(f"{path}:first")
    assert first(game, game.initial_state) == game.actions(game.initial_state)[0]
    last = zs.make_agent(f"{path}:Last,offset=2,label=x")
    assert (last.offset, last.label) == (2, "x")
    assert last(game, game.initial_state) == game.actions(game.initial_state)[-3]
    assert last.spec == f"{path}:Last,offset=2,label=x"


def test_a_game_is_recognised_by_its_seven_members(tmp_path: Path) -> None:
    path = write(tmp_path, "nim.py", NIM)
    game = zs.load_game(f"{path}:sticks=5")  # the file's only game, its parameter set
    assert game.initial_state == (5, 1) and game.spec == f"{path}:sticks=5"
    record = zs.play(game, zs.make_agent("perfect"), zs.make_agent("random:seed=1"))
    assert record.winner == 1  # 5 sticks: the first player wins


def test_a_module_spec_imports_by_dotted_name() -> None:
    assert isinstance(zs.load_game("zerosum.games:TicTacToe"), zs.games.TicTacToe)
    assert zs.make_agent("zerosum.agents:Random,seed=4").seed == 4


def test_objects_from_a_file_pickle_where_the_file_is_loaded(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.py", AGENTS)
    last = zs.make_agent(f"{path}:Last,offset=1")
    assert pickle.loads(pickle.dumps(last)).offset == 1


def failure(spec: str, kind: str = "agent") -> str:
    load = zs.make_agent if kind == "agent" else zs.load_game
    with pytest.raises(zs.SpecError) as caught:
        load(spec)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_a_syntax_error_names_the_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.py", "import os\n\ndef agent(game, state)\n    return 0\n")
    message = failure(path)
    assert f"cannot load agent '{path}'" in message
    assert "bad.py, line 3 (def agent(game, state)): SyntaxError" in message


def test_an_import_of_a_missing_module_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "needs.py", "x = 1\nimport numpyy\n")
    message = failure(f"{path}:agent")
    assert "needs.py, line 2 (import numpyy): ModuleNotFoundError: No module named 'numpyy'" in (
        message
    )


def test_an_error_deeper_in_the_user_s_code_names_the_file_s_line(tmp_path: Path) -> None:
    write(tmp_path, "helper.py", "def setup():\n    return 1 / 0\n")
    path = write(tmp_path, "uses.py", "import helper\nTABLE = helper.setup()\n")
    message = failure(path)
    assert "uses.py, line 2 (TABLE = helper.setup()): ZeroDivisionError" in message


def test_a_missing_name_lists_what_the_file_defines(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.py", AGENTS)
    message = failure(f"{path}:Frist")
    assert message.endswith("mine.py has no 'Frist'; it defines first, Last, Broken")


def test_a_name_that_is_not_an_agent_or_not_a_game_is_refused(tmp_path: Path) -> None:
    agents, nim = write(tmp_path, "mine.py", AGENTS), write(tmp_path, "nim.py", NIM)
    assert "LIMIT is a int, not an agent; expected a function agent(game, state)" in failure(
        f"{agents}:LIMIT"
    )
    assert "an instance of Nim is a game, not an agent" in failure(f"{nim}:Nim")
    assert "first is not a game: it lacks initial_state, player, actions" in failure(
        f"{agents}:first", "game"
    )
    assert "defines no class with the seven members of a game" in failure(agents, "game")


def test_bad_parameters_and_failing_constructors_are_one_line(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.py", AGENTS)
    assert "first is a function, not a class, so it takes no parameters (depth given)" in (
        failure(f"{path}:first,depth=2")
    )
    assert "agent 'Last' has no parameter 'depth'" in failure(f"{path}:Last,depth=2")
    assert "bad value 'x' for offset" in failure(f"{path}:Last,offset=x")
    assert 'mine.py, line 16 (raise ValueError("no table file")): ValueError: no table' in (
        failure(f"{path}:Broken")
    )


def test_missing_files_and_modules_are_named() -> None:
    assert failure("nowhere/mine.py:first").endswith("no file nowhere/mine.py")
    assert "ModuleNotFoundError: No module named 'course'" in failure("course.agents:Deep")


def test_an_unknown_name_hints_at_the_code_syntax() -> None:
    assert failure("myagent:first").endswith(
        "; or your own code: FILE.py[:NAME] or package.module[:NAME]"
    )


def test_code_can_be_refused_where_specs_come_from_strangers(tmp_path: Path) -> None:
    path = write(tmp_path, "mine.py", AGENTS)
    with pytest.raises(zs.SpecError, match="names code in a file or module, which is not allowed"):
        zs.make_agent(f"{path}:first", code=False)
    with pytest.raises(zs.SpecError, match="not allowed here; expected a built-in game"):
        zs.load_game("os.path:join", code=False)


def test_the_web_api_never_imports_code_named_in_a_request(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from zerosum.web.app import create_app

    marker = tmp_path / "imported"
    path = write(tmp_path, "evil.py", f"open({str(marker)!r}, 'w').close()\nagent = print\n")
    client = TestClient(create_app(thinkers=1, allowed_hosts=None))
    for body in ({"game": path}, {"game": "tictactoe", "opponent": path}):
        response = client.post("/api/games", json=body)
        assert response.status_code == 422
        assert "names code the server was not started with" in response.json()["error"]
    assert not marker.exists()


def test_a_required_constructor_parameter_must_be_given(tmp_path: Path) -> None:
    text = "class Deep:\n    def __init__(self, depth):\n        self.depth = depth\n"
    text += "    def __call__(self, game, state):\n        return 0\n"
    path = write(tmp_path, "req.py", text)
    assert "Deep: missing a required argument: 'depth'" in failure(f"{path}:Deep")
    assert zs.make_agent(f"{path}:Deep,depth=3").depth == 3  # untyped: read as a literal
