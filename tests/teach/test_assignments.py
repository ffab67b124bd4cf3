"""The assignments handed out: ``zerosum assignment list`` and ``new``, and the starters
they write (stubs that load as students' code does and raise NotImplementedError)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

import zerosum as zs
from zerosum.cli import build_parser, main
from zerosum.game import GameFault, ZerosumError
from zerosum.teach.assignments import ASSIGNMENTS, assignment, write_starter

NAMES = [a.name for a in ASSIGNMENTS]
SEVEN = ("initial_state", "player", "actions", "result", "is_terminal", "utility", "print_state")


def test_the_course_exercises_are_there_in_order() -> None:
    assert NAMES == ["game", "minimax", "alphabeta", "heuristic", "montecarlo", "agent"]


def test_list_names_each_assignment_on_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["assignment", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == NAMES
    for line, chosen in zip(lines, ASSIGNMENTS, strict=True):
        assert line.endswith(chosen.summary)


@pytest.mark.parametrize("name", NAMES)
def test_new_writes_the_stub_a_readme_and_a_notebook(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chosen = assignment(name)
    folder = tmp_path / "hw"
    assert main(["assignment", "new", name, str(folder)]) == 0
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [chosen.file, "README.md", "example.ipynb"]
    )
    assert capsys.readouterr().out.count("wrote ") == 3
    readme = (folder / "README.md").read_text()
    assert chosen.check in readme and chosen.try_it in readme
    assert chosen.check == f"zerosum autograde {name} ./{chosen.file}:{chosen.member}" + (
        f" --game {chosen.game}" if chosen.game else ""
    )
    stub = (folder / chosen.file).read_text()
    assert "NotImplementedError" in stub and chosen.member in stub


@pytest.mark.parametrize("name", [n for n in NAMES if n != "game"])
def test_a_function_stub_loads_as_an_agent_and_raises_not_implemented(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen = assignment(name)
    write_starter(name, tmp_path / "hw")
    monkeypatch.chdir(tmp_path / "hw")
    agent = zs.make_agent(chosen.spec)  # "./minimax.py:minimax", as the README says
    game = zs.games.ConnectFour(width=4, height=4)
    with pytest.raises(NotImplementedError):
        agent(game, game.initial_state)


def test_a_stub_scores_nothing_in_a_match_but_the_match_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_starter("alphabeta", tmp_path / "hw")
    monkeypatch.chdir(tmp_path / "hw")
    result = zs.match("tictactoe", "./alphabeta.py:alphabeta", "random", games=2, workers=1)
    assert len(result.records) == 2
    assert all(r.reason == zs.arena.Reason.ERROR for r in result.records)
    assert all("NotImplementedError" in r.detail for r in result.records)


def test_the_game_stub_has_the_seven_members_each_not_implemented(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_starter("game", tmp_path / "hw")
    monkeypatch.chdir(tmp_path / "hw")
    space: dict[str, object] = {}
    exec(compile(Path("tictactoe.py").read_text(), "tictactoe.py", "exec"), space)
    game = space["TicTacToe"]()  # type: ignore[operator]
    calls = {
        "initial_state": lambda: game.initial_state,
        "player": lambda: game.player(None),
        "actions": lambda: game.actions(None),
        "result": lambda: game.result(None, 0),
        "is_terminal": lambda: game.is_terminal(None),
        "utility": lambda: game.utility(None, 1),
        "print_state": lambda: game.print_state(None),
    }
    assert set(calls) == set(SEVEN)
    for member, call in calls.items():
        with pytest.raises(NotImplementedError, match=member):
            call()
    with pytest.raises(GameFault, match="NotImplementedError"):
        zs.load_game("./tictactoe.py")  # loads as a game file; names the stub at fault


def test_the_notebook_is_valid_and_imports_the_students_code(tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    for chosen in ASSIGNMENTS:
        write_starter(chosen.name, tmp_path / chosen.name)
        path = tmp_path / chosen.name / "example.ipynb"
        notebook = nbformat.read(path, as_version=4)
        nbformat.validate(notebook)
        code = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
        module = chosen.file.removesuffix(".py")
        assert f"from {module} import {chosen.member}" in code
        assert f"!{chosen.check}" in code
        assert json.loads(path.read_text())["nbformat"] == 4


def test_the_commands_a_readme_shows_parse(tmp_path: Path) -> None:
    """The README's commands other than ``autograde`` parse with today's command line
    (``autograde`` is the grader's, parsed where it is registered)."""
    commands = set()
    for chosen in ASSIGNMENTS:
        write_starter(chosen.name, tmp_path / chosen.name)
        text = (tmp_path / chosen.name / "README.md").read_text()
        for block in re.findall(r"```bash\n(.*?)```", text, re.S):
            commands.update(line for line in block.splitlines() if line.strip())
    choices = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    for command in commands:
        words = shlex.split(command)
        assert words[0] == "zerosum", command
        if words[1] == "autograde" and "autograde" not in choices:
            continue
        assert build_parser().parse_args(words[1:]).command == words[1]
    assert any("zerosum tournament connect4 agent.py" in c for c in commands)


def test_a_folder_that_is_not_empty_is_refused_and_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "hw"
    folder.mkdir()
    (folder / "minimax.py").write_text("my work\n")
    assert main(["assignment", "new", "minimax", str(folder)]) == 2
    assert "not empty" in capsys.readouterr().err
    assert [p.name for p in folder.iterdir()] == ["minimax.py"]
    assert (folder / "minimax.py").read_text() == "my work\n"


def test_an_empty_folder_is_filled_and_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    assert len(write_starter("agent", tmp_path / "empty")) == 3
    (tmp_path / "file").write_text("x")
    with pytest.raises(ZerosumError, match="not a folder"):
        write_starter("agent", tmp_path / "file")


def test_an_unknown_name_gets_the_closest_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["assignment", "new", "alphabetta", str(tmp_path / "hw")]) == 2
    err = capsys.readouterr().err
    assert "unknown assignment 'alphabetta' (did you mean 'alphabeta'?)" in err
    assert not (tmp_path / "hw").exists()


def test_the_agent_readme_says_how_the_tournament_runs_it(tmp_path: Path) -> None:
    write_starter("agent", tmp_path / "hw")
    readme = (tmp_path / "hw" / "README.md").read_text()
    assert "class tournament" in readme and "--move-time" in readme


@pytest.mark.parametrize("name", NAMES)
def test_a_starter_left_as_it_is_scores_zero_with_the_reason(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Graded by the command its README shows: every test failed by NotImplementedError,
    the grader unharmed."""
    chosen = assignment(name)
    write_starter(name, tmp_path / "hw")
    monkeypatch.chdir(tmp_path / "hw")
    words = shlex.split(chosen.check)[1:] + ["--json", "grades.json"]
    assert main(words) in (0, 1)
    capsys.readouterr()
    (graded,) = json.loads(Path("grades.json").read_text())["submissions"]
    assert graded["score"] == 0 and graded["max_score"] > 0
    assert all(t["score"] == 0 for t in graded["tests"])
    assert any("NotImplementedError" in t["output"] for t in graded["tests"])
