"""The shell commands of the README, Getting started and the class-tournament guide, run
as a newcomer types them: the ``zerosum`` command on the PATH, from a folder of their own
holding the files the command names, by the exact relative names the page uses, with
bubblewrap present where it can be (CI installs it and requires the sandbox). Each check
asserts what the page says the command does.

Every command those pages show must have a check here (:func:`test_every_command_shown_is_run`):
a command added to a page without one fails the suite.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

import zerosum as zs
from zerosum.cli import main
from zerosum.game import replay

ROOT = Path(__file__).resolve().parents[1]
PAGES = [
    "README.md",
    "docs/getting-started.md",
    "docs/guides/class-tournaments.md",
    "docs/guides/teachers.md",
]
#: Commands a page shows that are not zerosum's to run here, and why.
NOT_RUN = {
    "bash scripts/test.sh": "the suite itself (CI runs it)",
    "python3 -m pip install .": "the install (CI and this suite's own setup do it)",
    "python3 -m pip install -e .": "the install (CI and this suite's own setup do it)",
    "cd zerosum": "the install, from the project's folder",
    "python3 -m venv .venv": "the install's virtual environment (CI makes its own)",
    ". .venv/bin/activate": "the install's virtual environment (CI makes its own)",
    "cd /autograder": "Gradescope's folder: its next command runs in a folder laid out as it",
}
#: Students' entries for ``submissions/``: three small agents of the kinds a class hands in.
SUBMISSIONS = {
    "ada.py": """
        def agent(game, state):
            return game.actions(state)[0]
    """,
    "bob.py": """
        import random

        def agent(game, state):
            return random.choice(list(game.actions(state)))
    """,
    "cleo.py": '''
        class Centre:
            """Plays the legal column nearest the middle."""

            def __call__(self, game, state):
                actions = list(game.actions(state))
                middle = (max(actions) + min(actions)) / 2
                return min(actions, key=lambda a: abs(a - middle))
    ''',
}
#: What a student writes in place of the alpha-beta starter's ``raise NotImplementedError``.
ALPHABETA_BODY = """
    import math

    me = game.player(state)

    def value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, me)
        maximizing = game.player(s) == me
        best = -math.inf if maximizing else math.inf
        for a in game.actions(s):
            v = value(game.result(s, a), alpha, beta)
            if maximizing:
                best = max(best, v)
                if best >= beta:
                    return best
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                if best <= alpha:
                    return best
                beta = min(beta, best)
        return best

    chosen, alpha = None, -math.inf
    for a in game.actions(state):
        v = value(game.result(state, a), alpha, math.inf)
        if chosen is None or v > alpha:
            chosen, alpha = a, v
    return chosen
"""
#: A minimax handed in as alpha-beta: the right values, every node visited.
NO_PRUNING = """
    import math


    def alphabeta(game, state):
        me = game.player(state)

        def value(s):
            if game.is_terminal(s):
                return game.utility(s, me)
            values = [value(game.result(s, a)) for a in game.actions(s)]
            return max(values) if game.player(s) == me else min(values)

        return max(game.actions(state), key=lambda a: value(game.result(state, a)))
"""
#: A student's tic-tac-toe class, the course's seven members.
TICTACTOE = """
    class TicTacToe:
        lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
                 (0, 4, 8), (2, 4, 6)]

        def __init__(self):
            self.initial_state = (None,) * 9

        def player(self, state):
            return 1 if state.count(None) % 2 == 1 else 2

        def actions(self, state):
            return [i for i, mark in enumerate(state) if mark is None]

        def result(self, state, action):
            board = list(state)
            board[action] = self.player(state)
            return tuple(board)

        def winner(self, state):
            for a, b, c in self.lines:
                if state[a] is not None and state[a] == state[b] == state[c]:
                    return state[a]
            return None

        def is_terminal(self, state):
            return self.winner(state) is not None or None not in state

        def utility(self, state, player):
            won = self.winner(state)
            return 0 if won is None else (1 if won == player else -1)

        def print_state(self, state):
            for row in range(3):
                marks = state[3 * row : 3 * row + 3]
                print(" ".join("." if m is None else "XO"[m - 1] for m in marks))
"""
#: A student's minimax, uploaded to Gradescope.
MINIMAX = """
    def minimax(game, state):
        me = game.player(state)

        def value(s):
            if game.is_terminal(s):
                return game.utility(s, me)
            values = [value(game.result(s, a)) for a in game.actions(s)]
            return max(values) if game.player(s) == me else min(values)

        best = None
        for a in game.actions(state):
            v = value(game.result(state, a))
            if best is None or v > best[0]:
                best = (v, a)
        return best[1]
"""
MY_AGENT = """
    def take_one(game, state):
        return min(game.actions(state))
"""


def shell_commands(page: str) -> list[str]:
    """The commands of a page's shell blocks, a line each without its comment, and the
    ``zerosum ...`` commands its text shows in backticks."""
    text = (ROOT / page).read_text()
    found = []
    for block in re.findall(r"```(?:bash|console|shell)\n(.*?)```", text, re.S):
        for line in block.splitlines():
            for part in line.split("&&"):
                words = shlex.split(part, comments=True)
                if words:
                    found.append(shlex.join(words))
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    found += [shlex.join(shlex.split(c)) for c in re.findall(r"`(zerosum [^`]+)`", prose)]
    return list(dict.fromkeys(found))


def nim_source() -> str:
    """The Nim class exactly as Getting started shows it (its first doctest block)."""
    text = (ROOT / "docs/getting-started.md").read_text()
    block = re.search(r">>> class Nim:.*?\n\n", text, re.S)
    assert block is not None, "Getting started no longer shows its Nim class"
    lines = [line[4:] for line in block[0].splitlines() if line.startswith((">>> ", "... "))]
    return "\n".join(lines) + "\n"


def zerosum_program() -> list[str]:
    """The ``zerosum`` a person runs: the script installed beside this Python, else the module."""
    script = Path(sys.executable).parent / "zerosum"
    return [str(script)] if script.exists() else [sys.executable, "-m", "zerosum"]


@dataclass
class Ran:
    """A command's run: its exit code, what it printed, and the folder it ran in."""

    code: int
    out: str
    err: str
    folder: Path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A newcomer's folder, holding every file the pages' commands name."""
    home = tmp_path / "course"
    (home / "submissions").mkdir(parents=True)
    for name, text in SUBMISSIONS.items():
        (home / "submissions" / name).write_text(textwrap.dedent(text))
    (home / "nim.py").write_text(nim_source())
    (home / "my_agent.py").write_text(textwrap.dedent(MY_AGENT))
    # the teacher's guide: hw2 handed in by three students, hw1's game class, a Gradescope upload
    handed_in = home / "hw2-submissions"
    handed_in.mkdir()
    (handed_in / "ada.py").write_text(alphabeta_written())
    (handed_in / "bob.py").write_text(textwrap.dedent(NO_PRUNING))
    (handed_in / "cleo.py").write_text(alphabeta_starter())
    (home / "hw1-submissions").mkdir()
    (home / "hw1-submissions" / "ada.py").write_text(textwrap.dedent(TICTACTOE))
    (home / "submission").mkdir()
    (home / "submission" / "minimax.py").write_text(textwrap.dedent(MINIMAX))
    (home / "results").mkdir()
    return home


def alphabeta_starter() -> str:
    """The alpha-beta starter as ``zerosum assignment new`` hands it out."""
    from zerosum.teach.assignments import assignment, starter_source

    return starter_source(assignment("alphabeta"))


def alphabeta_written() -> str:
    """The starter as a student fills it in: its stub's body written."""
    stub = alphabeta_starter()
    raises = '    raise NotImplementedError("alphabeta")\n'
    assert raises in stub, "the alpha-beta starter's body changed"
    body = textwrap.indent(textwrap.dedent(ALPHABETA_BODY).strip() + "\n", "    ")
    return stub.replace(raises, body)


def run(command: str, folder: Path, stdin: str = "") -> Ran:
    """``command`` as typed in ``folder`` (its ``zerosum`` the installed one); the
    placeholder ``COMMAND`` is left to the check."""
    if "COMMAND" in command:
        return Ran(0, "", "", folder)
    words = shlex.split(command)
    assert words[0] == "zerosum", command
    done = subprocess.run(
        [*zerosum_program(), *words[1:]],
        cwd=folder,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return Ran(done.returncode, done.stdout, done.stderr, folder)


def ok(ran: Ran) -> str:
    """What it printed, after checking it ended well and left nobody out."""
    assert ran.code == 0, ran.err
    assert "Traceback" not in ran.err and "left out" not in ran.err, ran.err
    return ran.out


def rows(out: str) -> dict[str, list[str]]:
    """The rows of the results table: each agent's cells, by its name."""
    table = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip("│ ").split("│")]
        if len(cells) >= 4 and cells[1].isdigit():
            table.setdefault(cells[0], cells[1:])
    return table


# The checks: what each page says its command does.


def readme_tournament(ran: Ran) -> None:
    """Four agents, every pair 8 games from 4 openings with both sides: 24 games each,
    none replayed; results, crosstable and Elo ratings printed."""
    out = ok(ran)
    for heading in ("Results", "Crosstable", "Elo ratings"):
        assert heading in out
    table = rows(out)
    names = ["random", "mcts:iterations=2000,seed=1", "alphabeta:depth=2", "alphabeta:depth=4"]
    for name in names:
        games, distinct = table[name][:2]
        assert (games, distinct) == ("24", "24"), (name, table[name])


def lists_games(ran: Ran) -> None:
    out = ok(ran)
    for name in ("tictactoe", "connect4", "migration", "pick", "othello"):
        assert re.search(rf"^{name}\s", out, re.M), name


def lists_agents(ran: Ran) -> None:
    out = ok(ran)
    for name in ("dummy", "random", "minimax", "alphabeta", "mcts", "perfect", "human"):
        assert re.search(rf"^{name}\s", out, re.M), name


#: Squares in order: each line a try, an occupied square refused and the next tried.
EVERY_SQUARE = "".join(f"{n}\n" for n in (4, 0, 1, 2, 3, 5, 6, 7, 8))


def plays_perfect_with_hints(ran: Ran) -> None:
    """You against the perfect player, with what each of your moves leads to: it never
    loses, so the game ends a draw or its win."""
    out = ok(ran)
    assert "Hints: what each move leads to with perfect play" in out
    assert re.search(r"\b\d: (draw|loss in \d|win in \d)", out)
    assert re.search(r"^Game over: (a draw|O wins\. The computer won)\.?$", out, re.M), out


def solves_a_migration_position(ran: Ran) -> None:
    """The value of the position after 2,1 and of every move from it, as the solver says."""
    out = ok(ran).splitlines()
    game = zs.games.Migration(n=5)
    state = replay(game, ["2,1"])
    truth = zs.solve(game, state)
    to_move = game.player(state)
    words = "wins" if truth.value > 0 else "loses"
    assert out[0] == f"player {to_move} to move {words} in {truth.plies} plies"
    moves = [line for line in out[1:] if re.match(r"\s+\S+\s+(wins|loses|draws)", line)]
    assert len(moves) == len(list(game.actions(state)))
    assert sum("(best)" in line for line in moves) >= 1


def explains_alphabeta(ran: Ran) -> None:
    """The tree alpha-beta searched after X took the centre, as text, every move of the
    root in it."""
    out = ok(ran)
    assert "alpha" in out.lower() and "└─" in out
    game = zs.games.TicTacToe()
    state = game.result(game.initial_state, 4)
    children = re.findall(r"^  [├└]─\S* (\S+)", out, re.M)  # the root's, at the first indent
    assert sorted(children) == sorted(map(str, game.actions(state))), children


def match_with_a_chart(ran: Ran) -> None:
    out = ok(ran)
    assert "20 of 20 games played" in out
    chart = ran.folder / "match.png"
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def class_tournament(ran: Ran) -> None:
    """Every file of submissions/ is an entry named after it; the standings page names them."""
    out = ok(ran)
    table = rows(out)
    assert set(table) == {"ada", "bob", "cleo"}, table
    page = (ran.folder / "standings.html").read_text()
    assert all(name in page for name in ("ada", "bob", "cleo"))


def class_tournament_with_journal(ran: Ran) -> None:
    """As above, every finished game kept in the journal; run again, it resumes from it
    and plays nothing anew."""
    class_tournament(ran)
    journal = (ran.folder / "cup.jsonl").read_text().splitlines()
    assert len(journal) > 6
    again = run(
        "zerosum tournament connect4 submissions/ --move-time 1 --html standings.html "
        "--journal cup.jsonl",
        ran.folder,
    )
    assert rows(ok(again)) == rows(ran.out)
    assert (ran.folder / "cup.jsonl").read_text().splitlines() == journal


def lists_assignments(ran: Ran) -> None:
    """The course's six exercises, one a line."""
    out = ok(ran)
    names = [line.split()[0] for line in out.splitlines()]
    assert names == ["game", "minimax", "alphabeta", "heuristic", "montecarlo", "agent"]


def writes_a_starter(ran: Ran) -> None:
    """The stub, its README and notebook in hw2/; the stub loads as the README names it
    and raises NotImplementedError until written."""
    ok(ran)
    folder = ran.folder / "hw2"
    assert sorted(p.name for p in folder.iterdir()) == [
        "README.md",
        "alphabeta.py",
        "example.ipynb",
    ]
    assert (
        "zerosum autograde alphabeta ./alphabeta.py:alphabeta" in (folder / "README.md").read_text()
    )
    json.loads((folder / "example.ipynb").read_text())
    played = run("zerosum match tictactoe ./alphabeta.py:alphabeta random -n 2", folder)
    assert set(rows(ok(played))) == {"./alphabeta.py:alphabeta", "random"}
    again = run("zerosum assignment new alphabeta hw2", ran.folder)
    assert again.code == 2 and "not empty" in again.err


def hands_out_and_fills_in_hw2(folder: Path) -> None:
    """Before a student checks hw2: the teacher hands it out, the student writes the body."""
    ok(run("zerosum assignment new alphabeta hw2", folder))
    (folder / "hw2" / "alphabeta.py").write_text(alphabeta_written())


def scores(out: str) -> dict[str, tuple[float, float]]:
    """Each graded submission's score and maximum, from its ``NAME: SCORE / MAX`` line."""
    found = re.findall(r"^(\S+): ([\d.]+) / ([\d.]+)$", out, re.M)
    return {name: (float(score), float(most)) for name, score, most in found}


def grades_a_students_file(ran: Ran) -> None:
    """The student's filled-in starter: every test passed, full marks."""
    out = ok(ran)
    ((name, (score, most)),) = scores(out).items()
    assert name == "hw2/alphabeta.py:alphabeta" and score == most > 0, out
    assert "FAIL" not in out and re.search(r"^  ok ", out, re.M)


def grades_a_class(ran: Ran) -> None:
    """Every file of the folder a submission: full marks for the written one, the value
    marks only for a minimax posing as alpha-beta, 0 for the starter left as it is; a
    row of scores each in grades.csv, a page each linked from reports/index.html."""
    out = ok(ran)
    graded = scores(out)
    names = [f"hw2-submissions/{who}.py" for who in ("ada", "bob", "cleo")]
    assert list(graded) == names, out
    (ada, most), (bob, _), (cleo, _) = (graded[n] for n in names)
    assert ada == most > 0 and 0 < bob < most and cleo == 0
    assert "so it does not prune" in out and "it raised NotImplementedError" in out
    with open(ran.folder / "grades.csv", newline="") as file:
        table = list(csv.DictReader(file))
    assert [row["submission"] for row in table] == names
    assert [float(row["score"]) for row in table] == [ada, bob, cleo]
    assert all(float(row["max_score"]) == most for row in table)
    assert len(table[0]) > 3  # a column per test
    index = (ran.folder / "reports" / "index.html").read_text()
    pages = re.findall(r"href='([^']+)'", index)
    assert len(pages) == 3
    for name, page in zip(names, pages, strict=True):
        assert name in (ran.folder / "reports" / page).read_text()


def grades_a_game_class(ran: Ran) -> None:
    """A student's tic-tac-toe class that follows the rules: full marks."""
    out = ok(ran)
    ((name, (score, most)),) = scores(out).items()
    assert name == "hw1-submissions/ada.py:TicTacToe" and score == most > 0, out


def writes_gradescope_results(ran: Ran) -> None:
    """Gradescope's results.json: the score, and each test with its name, points and output."""
    ok(ran)
    results = json.loads((ran.folder / "results" / "results.json").read_text())
    tests = results["tests"]
    assert len(tests) > 3
    for test in tests:
        assert set(test) >= {"name", "score", "max_score", "output", "visibility"}, test
        assert test["score"] == test["max_score"] > 0, test
    assert results["score"] == sum(test["score"] for test in tests)


def class_tournament_by_aliases(ran: Ran) -> None:
    """The entries shown by the pseudonyms now kept in aliases.csv, on the page too, each
    name a link to its report card; run again, each keeps its alias."""
    out = ok(ran)
    lines = (ran.folder / "aliases.csv").read_text().splitlines()
    assert lines[0] == "name,alias"
    aliases = dict(line.split(",") for line in lines[1:])
    assert set(aliases) == {"ada", "bob", "cleo"}
    assert set(rows(out)) == set(aliases.values())
    page = (ran.folder / "standings.html").read_text()
    for name, alias in aliases.items():
        anchor = "entry-" + alias.replace(" ", "-")
        assert f'<a href="#{anchor}">{alias}</a>' in page and f'id="{anchor}"' in page
        assert not re.search(rf"\b{name}\b", page), name
    again = run(
        "zerosum tournament connect4 submissions/ --move-time 1 --html standings.html "
        "--alias aliases.csv -n 2",
        ran.folder,
    )
    assert set(rows(ok(again))) == set(aliases.values())


def analyzes_a_small_board(ran: Ran) -> None:
    """How many positions and how many games."""
    out = ok(ran)
    assert "positions" in out and "games ending" in out
    assert re.search(r"^\s+0\s+1\s+1\s", out, re.M)  # the empty board, once


def grades_on_the_course_set(ran: Ran) -> None:
    """Right moves in 26 test positions."""
    out = ok(ran)
    assert re.search(r"set 'course': right alphabeta:depth=4 \d+/26", out)


def plays_nim_against_perfect(ran: Ran) -> None:
    """Ten sticks, you first against the perfect player: taking 1 each time, you lose."""
    out = ok(ran)
    assert "Game over: player 2 wins. The computer won." in out


def solves_nim_21(ran: Ran) -> None:
    """21 sticks, not a multiple of 4: the first player wins, by taking 1."""
    out = ok(ran)
    truth = zs.solve(_nim(21))
    assert truth.value == 1 and truth.best_actions == (1,)
    assert out.startswith(f"player 1 to move wins in {truth.plies} plies")


def nim_tournament(ran: Ran) -> None:
    out = ok(ran)
    table = rows(out)
    assert set(table) == {"random", "minimax:depth=4", "alphabeta:depth=8"}
    assert all(cells[0] == "20" for cells in table.values()), table


def nim_match(ran: Ran) -> None:
    """Your agent from your file, in your game from your file."""
    out = ok(ran)
    assert set(rows(out)) == {"my_agent", "random"}


def _nim(sticks: int) -> object:
    space: dict[str, object] = {}
    exec(nim_source(), space)
    return space["Nim"](sticks)  # type: ignore[operator]


def plays_tictactoe(ran: Ran) -> None:
    """A game in the terminal, to its end: what is played, how to quit, who won."""
    out = ok(ran)
    assert out.startswith("Tic-tac-toe: you are X; the computer is O")
    assert "Type quit, exit, q or Ctrl-D to stop." in out
    assert re.search(
        r"^Game over: (a draw|X wins\. You won!|O wins\. The computer won)\.?$", out, re.M
    )


def helps(ran: Ran) -> None:
    """The commands, each with a line on what it does."""
    out = ok(ran)
    for command in ("play", "match", "tournament", "solve", "explain", "serve", "grade"):
        assert re.search(rf"^\s+{command}\s+\S", out, re.M), command


def helps_each_command(ran: Ran) -> None:
    """``zerosum COMMAND --help`` for every COMMAND ``zerosum --help`` lists."""
    out = ok(run("zerosum --help", ran.folder))
    commands = re.findall(r"^    (\w[\w-]*)\s", out, re.M)
    assert len(commands) >= 10
    for command in commands:  # in this process: the same parser, a second less each
        out, code = io.StringIO(), None
        with contextlib.redirect_stdout(out):
            try:
                main([command, "--help"])
            except SystemExit as exit:
                code = exit.code
        assert code == 0 and out.getvalue().startswith(f"usage: zerosum {command}"), command


def says_its_version(ran: Ran) -> None:
    assert ok(ran).strip() == f"zerosum {zs.__version__}"


def serves_the_page(ran: Ran) -> None:  # checked while it runs: test_serve_as_written
    raise AssertionError("run by test_serve_as_written")


CHECKS: dict[str, tuple[Callable[[Ran], None], str]] = {
    "zerosum tournament connect4 random mcts:iterations=2000,seed=1 alphabeta:depth=2 "
    "alphabeta:depth=4 -n 8": (readme_tournament, ""),
    "zerosum games": (lists_games, ""),
    "zerosum play tictactoe": (plays_tictactoe, EVERY_SQUARE),
    "zerosum --help": (helps, ""),
    "zerosum COMMAND --help": (helps_each_command, ""),
    "zerosum --version": (says_its_version, ""),
    "zerosum agents": (lists_agents, ""),
    "zerosum play tictactoe --p2 perfect --hints": (plays_perfect_with_hints, EVERY_SQUARE),
    "zerosum serve": (serves_the_page, ""),
    "zerosum solve migration:n=5 --moves 2,1": (solves_a_migration_position, ""),
    "zerosum explain tictactoe alphabeta --moves 4": (explains_alphabeta, ""),
    "zerosum match connect4 alphabeta:depth=6 mcts:iterations=5000 -n 20 --plot match.png": (
        match_with_a_chart,
        "",
    ),
    "zerosum tournament connect4 submissions/ --move-time 1 --html standings.html": (
        class_tournament,
        "",
    ),
    "zerosum tournament connect4 submissions/ --move-time 1 --html standings.html "
    "--journal cup.jsonl": (class_tournament_with_journal, ""),
    "zerosum analyze connect4:width=5,height=4": (analyzes_a_small_board, ""),
    "zerosum assignment list": (lists_assignments, ""),
    "zerosum assignment new alphabeta hw2": (writes_a_starter, ""),
    "zerosum autograde alphabeta hw2/alphabeta.py:alphabeta": (grades_a_students_file, ""),
    "zerosum autograde alphabeta hw2-submissions/ --csv grades.csv --html reports/": (
        grades_a_class,
        "",
    ),
    "zerosum autograde game hw1-submissions/ada.py:TicTacToe --game tictactoe": (
        grades_a_game_class,
        "",
    ),
    "zerosum autograde minimax submission/ --gradescope results/results.json": (
        writes_gradescope_results,
        "",
    ),
    "zerosum tournament connect4 submissions/ --move-time 1 --html standings.html "
    "--alias aliases.csv": (class_tournament_by_aliases, ""),
    "zerosum grade connect4 alphabeta:depth=4 --set course": (grades_on_the_course_set, ""),
    "zerosum play nim.py --p1 human --p2 perfect": (plays_nim_against_perfect, "1\n" * 10),
    "zerosum solve nim.py:sticks=21": (solves_nim_21, ""),
    "zerosum tournament nim.py:sticks=21 random minimax:depth=4 alphabeta:depth=8 -n 10": (
        nim_tournament,
        "",
    ),
    "zerosum match nim.py my_agent.py random": (nim_match, ""),
}
#: What is done before a command, as the page tells it, when another command's check
#: needs the folder as it was.
BEFORE: dict[str, Callable[[Path], None]] = {
    "zerosum autograde alphabeta hw2/alphabeta.py:alphabeta": hands_out_and_fills_in_hw2,
}
SHOWN = {c: page for page in PAGES for c in reversed(shell_commands(page))}


def test_every_command_shown_is_run() -> None:
    shown = set(SHOWN) - set(NOT_RUN)
    assert shown == set(CHECKS), "a page shows a command with no check here, or lost one"


@pytest.mark.parametrize(
    "command", [c for c in CHECKS if c != "zerosum serve"], ids=lambda c: c[8:60]
)
def test_command_as_written(command: str, folder: Path, sandbox_if_here: None) -> None:
    check, stdin = CHECKS[command]
    if command in BEFORE:
        BEFORE[command](folder)
    check(run(command, folder, stdin))


@pytest.fixture
def sandbox_if_here() -> None:
    """Entries from files play sandboxed when bubblewrap can start here (it must in CI)."""
    from zerosum.hosting.sandbox import unavailable

    why = unavailable()
    if why is not None and os.environ.get("ZEROSUM_REQUIRE_SANDBOX") == "1":
        pytest.fail(f"no sandbox here: {why} (ZEROSUM_REQUIRE_SANDBOX=1 requires one)")


def test_serve_as_written(folder: Path) -> None:
    """``zerosum serve``: the page on http://127.0.0.1:8000/, until Ctrl-C."""
    server = subprocess.Popen(
        [*zerosum_program(), "serve"],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        end = time.monotonic() + 60
        page = ""
        while time.monotonic() < end and server.poll() is None:
            try:
                with urllib.request.urlopen("http://127.0.0.1:8000/", timeout=5) as answer:
                    page = answer.read().decode()
                break
            except OSError:
                time.sleep(0.2)
        assert "<title>" in page and "zerosum" in page.lower(), server.poll()
        with urllib.request.urlopen("http://127.0.0.1:8000/api/catalog", timeout=5) as answer:
            assert "tictactoe" in {g["name"] for g in json.load(answer)["games"]}
    finally:
        server.send_signal(signal.SIGINT)
        out, _ = server.communicate(timeout=30)
    assert "serving on http://127.0.0.1:8000/" in out
    assert "Traceback" not in out


def test_the_zerosum_run_is_the_one_on_the_path() -> None:
    """The commands run the installed script, as a person's shell finds it."""
    program = zerosum_program()
    assert len(program) == 1 or shutil.which("zerosum") is None
