"""A user's game that raises or answers wrongly is named as at fault, in every command.

Each bad game is Nim with one method broken; the line marked ``# fault`` is the one the
message must point to (the raising line, or the ``def`` of a method that answered wrongly).
"""

from __future__ import annotations

import pickle
import textwrap
from pathlib import Path

import pytest

import zerosum as zs
from zerosum.agents import Random
from zerosum.checked import CHECKED, RULES
from zerosum.cli import main
from zerosum.game import GameFault

METHODS = {
    "player": "return state[1]",
    "actions": "return [n for n in (1, 2, 3) if n <= state[0]]",
    "result": "return (state[0] - action, 3 - state[1])",
    "is_terminal": "return state[0] == 0",
    "utility": "return -1 if state[1] == player else 1",
    "print_state": "print('|' * state[0])",
}
ARGS = {
    "player": "state",
    "actions": "state",
    "result": "state, action",
    "is_terminal": "state",
    "utility": "state, player",
    "print_state": "state",
}


def nim(**broken: str) -> str:
    """Nim from 5 sticks with the given methods' bodies replaced (lines apart by newlines)."""
    lines = ["class Nim:", "    initial_state = (5, 1)"]
    for name, body in {**METHODS, **broken}.items():
        mark = "  # fault" if name in broken and "# fault" not in body else ""
        lines.append(f"    def {name}(self, {ARGS[name]}):{mark}")
        lines += [f"        {line}" for line in textwrap.dedent(body).strip().splitlines()]
    return "\n".join(lines) + "\n"


# name: (broken methods, what the message says)
FAULTS = {
    "actions raises": (
        {"actions": "raise RuntimeError('boom\\nand more')  # fault"},
        "Nim.actions raised RuntimeError: boom and more",
    ),
    "actions returns an int": ({"actions": "return 3"}, "Nim.actions returned 3 (an int)"),
    "actions returns None": ({"actions": "pass"}, "Nim.actions returned None"),
    "actions returns a generator": (
        {"actions": "return (n for n in (1, 2, 3) if n <= state[0])"},
        "Nim.actions returned a generator",
    ),
    "actions returns a set": (
        {"actions": "return {n for n in (1, 2, 3) if n <= state[0]}"},
        "Nim.actions returned {1, 2, 3} (a set)",
    ),
    "actions empty in a live position": (
        {"actions": "return [] if state[0] < 5 else [1, 2]"},
        "Nim.actions returned no actions where is_terminal is False",
    ),
    "player neither 1 nor 2": (
        {"player": "return 0 if state[0] < 5 else 1"},
        "Nim.player returned 0 (an int)",
    ),
    "is_terminal returns text": (
        {"is_terminal": "return 'yes' if state[0] == 0 else 'no'"},
        "Nim.is_terminal returned 'no' (a str)",
    ),
    "result returns None": ({"result": "pass"}, "Nim.result returned None"),
    "utility not a number": ({"utility": "return 'win'"}, "Nim.utility returned 'win' (a str)"),
    "utility not zero-sum": ({"utility": "return 1"}, "Nim.utility is not zero-sum"),
}


COMMANDS = {
    "play": ["play", "bad.py", "--p1", "random", "--p2", "random", "--seed", "1"],
    "match": ["match", "bad.py", "random", "random", "-n", "2", "--workers", "1"],
    "tournament": ["tournament", "bad.py", "random", "dummy", "-n", "2", "--workers", "1"],
    "solve": ["solve", "bad.py"],
    "analyze": ["analyze", "bad.py", "--probes", "20"],
    "grade": ["grade", "bad.py", "random", "--positions", "2", "--plies", "0-2"],
}


def write(folder: Path, source: str, name: str = "bad.py") -> str:
    """Write the game file; returns ``name, line N`` of its (last) ``# fault`` line."""
    (folder / name).write_text(source)
    line = max(i for i, text in enumerate(source.splitlines(), 1) if "# fault" in text)
    return f"{name}, line {line}"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("fault", FAULTS)
def test_a_games_fault_is_one_line_naming_the_method_and_line(
    fault: str,
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    broken, said = FAULTS[fault]
    if command == "analyze" and "player" in broken:
        pytest.skip("counting positions never asks who moves")
    monkeypatch.chdir(tmp_path)  # messages name the file relative to the current folder
    where = write(tmp_path, nim(**broken))
    argv = [str(tmp_path / a) if a == "bad.py" else a for a in COMMANDS[command]]
    status, out, err = run(argv, capsys)
    errors = [line for line in err.splitlines() if line.startswith("zerosum: error:")]
    assert status == 2, err
    assert "Traceback" not in out + err
    assert len(errors) == 1, err
    assert "the game is at fault" in errors[0] and said in errors[0] and where in errors[0]


def test_the_fault_names_the_users_line_below_the_method(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    helper = "    def moves(self, state):\n        return [1, 2, 3][state[0]]  # fault\n"
    monkeypatch.chdir(tmp_path)
    where = write(tmp_path, nim(actions="return self.moves(state)") + helper)
    status, _, err = run(["solve", str(tmp_path / "bad.py")], capsys)
    assert status == 2 and where in err and "Nim.actions raised IndexError" in err


def test_a_state_that_cannot_be_shown_is_the_games_fault(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    where = write(tmp_path, nim(print_state="print('|' * state)  # fault"))
    status, out, err = run(["play", str(tmp_path / "bad.py"), "--p1", "random"], capsys)
    assert status == 2 and where in err and "Nim.print_state raised TypeError" in err
    assert "Traceback" not in out + err


def test_a_fault_deep_in_the_game_found_by_a_worker_process_is_the_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Past the openings planned here, only the processes playing the games meet it."""
    monkeypatch.chdir(tmp_path)
    where = write(tmp_path, nim(actions="return [1] if state[0] > 1 else [][0]  # fault"))
    argv = ["match", str(tmp_path / "bad.py"), "random", "random", "-n", "2"]
    argv += ["--random-opening", "0"]
    status, _, err = run([*argv, "--workers", "2"], capsys)
    assert status == 2 and where in err and "forfeit" not in err
    assert "Traceback" not in err


def test_a_fault_met_by_an_agent_in_its_own_process_is_the_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A move time puts each agent in a process of its own (``Isolated``): the fault
    travels back as the game's, not as the agent's error."""
    monkeypatch.chdir(tmp_path)
    where = write(tmp_path, nim(actions="return [1] if state[0] > 1 else [][0]  # fault"))
    argv = ["match", str(tmp_path / "bad.py"), "random", "random", "-n", "2"]
    argv += ["--random-opening", "0"]
    status, _, err = run([*argv, "--workers", "1", "--move-time", "5"], capsys)
    assert status == 2 and where in err and "Nim.actions raised IndexError" in err


def test_a_game_whose_start_raises_is_refused_when_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    source = nim().replace(
        "    initial_state = (5, 1)",
        "    @property\n    def initial_state(self):\n        return (5 / 0, 1)  # fault",
    )
    monkeypatch.chdir(tmp_path)
    where = write(tmp_path, source)
    status, _, err = run(["solve", str(tmp_path / "bad.py")], capsys)
    assert status == 2 and where in err and "Nim.initial_state raised ZeroDivisionError" in err


def test_a_result_that_changes_its_state_in_place_is_named(tmp_path: Path) -> None:
    source = nim(result="state[0] -= action\nstate[1] = 3 - state[1]\nreturn state").replace(
        "initial_state = (5, 1)", "initial_state = [5, 1]"
    )
    (tmp_path / "bad.py").write_text(source)
    game = zs.load_game(str(tmp_path / "bad.py"))
    with pytest.raises(GameFault, match="Nim.result returned the state it was given"):
        game.result([5, 1], 2)


def test_play_raises_the_games_fault_instead_of_a_forfeit(tmp_path: Path) -> None:
    (tmp_path / "bad.py").write_text(nim(actions="return [1] if state[0] > 2 else None"))
    game = zs.load_game(str(tmp_path / "bad.py"))
    with pytest.raises(GameFault, match="Nim.actions returned None"):
        zs.play(game, Random(seed=0), Random(seed=1))


def test_play_refuses_a_game_that_is_not_zero_sum_even_unchecked() -> None:
    """A game object from Python (not loaded from a spec) is not checked call by call, but
    play still refuses a non-zero-sum end and a player other than 1 or 2."""
    namespace: dict[str, object] = {}
    exec(nim(utility="return 1"), namespace)  # noqa: S102 - the test's own game
    with pytest.raises(GameFault, match="utility is not zero-sum"):
        zs.play(namespace["Nim"](), Random(seed=0), Random(seed=0))  # type: ignore[operator]
    exec(nim(player="return 3"), namespace)  # noqa: S102
    with pytest.raises(GameFault, match="Nim.player returned 3"):
        zs.play(namespace["Nim"](), Random(seed=0), Random(seed=0))  # type: ignore[operator]


def test_a_checked_game_answers_as_before_and_survives_pickling(tmp_path: Path) -> None:
    (tmp_path / "good.py").write_text(nim())
    game = zs.load_game(str(tmp_path / "good.py"))
    assert set(CHECKED) - {"render"} <= set(vars(game))  # every method it has is checked
    assert zs.play(game, Random(seed=0), Random(seed=1)).reason == "end"
    again = pickle.loads(pickle.dumps(game))
    assert again.actions((5, 1)) == [1, 2, 3]
    with pytest.raises(GameFault, match="Nim.player returned 0"):
        again.player((5, 0))


def test_rule_methods_zerosum_defines_stay_unchecked(tmp_path: Path) -> None:
    """A subclass of a built-in game is checked only where its own code is: what it
    inherits is trusted, so the built-in's speed is kept."""
    source = """
        from zerosum.games import TicTacToe

        class Misere(TicTacToe):
            def utility(self, state, player):
                return -super().utility(state, player)
    """
    (tmp_path / "misere.py").write_text(textwrap.dedent(source))
    game = zs.load_game(str(tmp_path / "misere.py"))
    assert [name for name in RULES if name in vars(game)] == ["utility"]
    assert "actions" not in vars(zs.load_game("tictactoe"))
