"""Rubrics: what ``zerosum autograde`` checks, as TOML a teacher can read and copy.

A rubric names the task, the member of the submission it grades, a time limit per call,
and its tests, each with its points::

    task = "alphabeta"
    member = "alphabeta"        # the function taken when the spec names none
    time_limit = 10             # seconds per call of the student's code

    [[test]]
    name = "textbook tree: best move"
    check = "value"             # value, nodes, pure, depth, rules, match, grade
    game = "textbook"           # a built-in game spec, "textbook", or a file: "mine.py:G"
    positions = [""]            # moves from the start, as zerosum writes them
    points = 2

Besides ``name``, ``check``, ``points``, ``game``, ``positions`` and ``visibility``
(Gradescope's: visible, hidden, after_due_date, after_published), a test takes its
check's own settings (:data:`OPTIONS`): ``nodes``: ``expect`` (minimax or alphabeta) and
``never`` (positions it must not visit); ``depth``: ``depths``, ``evaluate`` (the
submission's evaluation function, by name) and ``depth_arg``; ``rules``: ``aspects``,
``playouts``, ``seed`` and ``boards.GAME`` (boards walked for that game only);
``match``: ``opponent``, ``games``, ``threshold``, ``seed``; ``grade``:
``positions_graded``, ``plies``, ``threshold``, ``seed``. A setting a check does not
take is refused, with the closest one it does.

The built-in tasks (:data:`TASKS`) are such files shipped in ``zerosum/teach/tasks/``:
``zerosum autograde alphabeta`` reads ``tasks/alphabeta.toml``, and a teacher starts a
rubric of their own from a copy of one.
"""

from __future__ import annotations

import tomllib
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..game import ZerosumError
from ..spec import did_you_mean

__all__ = ["CHECKS", "OPTIONS", "TASKS", "Rubric", "TestSpec", "load_rubric", "task_text"]

#: The built-in tasks, one per classic exercise of the course.
TASKS = ("game", "minimax", "alphabeta", "heuristic", "montecarlo", "agent")
#: The kinds of test a rubric may hold, and what each checks.
CHECKS = {
    "value": "the move returned has the best (exact minimax) value",
    "nodes": "the nodes visited equal plain minimax's or textbook alpha-beta's",
    "pure": "the state handed in is unchanged after the call",
    "depth": "at each depth, the move matches reference depth-limited minimax with the "
    "submission's own evaluate",
    "rules": "the submission's game class agrees with the built-in game's rules",
    "match": "the agent scores at least a share of the points against a reference agent",
    "grade": "the agent's moves are optimal in at least a share of positions (zerosum grade)",
}
#: A rubric's own settings (``test`` the list of its tests).
_TOP = ("task", "kind", "member", "game", "time_limit", "test")
#: The settings each check takes besides the common ones.
OPTIONS = {
    "value": (),
    "nodes": ("expect", "never"),
    "pure": (),
    "depth": ("depths", "evaluate", "depth_arg"),
    "rules": ("aspects", "playouts", "seed", "boards"),
    "match": ("opponent", "games", "threshold", "seed"),
    "grade": ("positions_graded", "plies", "threshold", "seed"),
}
_VISIBILITY = ("visible", "hidden", "after_due_date", "after_published")


@dataclass(frozen=True)
class TestSpec:
    """One named test of a rubric: its check, the game and positions it runs on, its
    points, and the check's own settings (``expect``, ``depths``, ``threshold``...)."""

    name: str
    check: str
    points: float
    game: str = ""
    positions: tuple[str, ...] = ("",)
    visibility: str = "visible"
    options: dict[str, Any] = field(default_factory=dict)

    def option(self, name: str, default: Any) -> Any:
        return self.options.get(name, default)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Rubric:
    """A task's tests, the member graded (None: the spec's own or the file's default),
    the time limit per call, and where the rubric came from."""

    task: str
    tests: tuple[TestSpec, ...]
    member: str | None = None
    time_limit: float = 10.0
    kind: str = "function"  # "function" (an agent-like function) or "game" (a class)
    source: str = ""

    @property
    def max_score(self) -> float:
        return sum(t.points for t in self.tests)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["tests"] = [t.to_dict() for t in self.tests]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rubric:
        tests = tuple(TestSpec(**{**t, "positions": tuple(t["positions"])}) for t in data["tests"])
        return cls(**{**data, "tests": tests})


def task_text(task: str) -> str:
    """The TOML text of built-in task ``task``."""
    return (resources.files("zerosum.teach") / "tasks" / f"{task}.toml").read_text("utf-8")


def load_rubric(name: str, *, game: str | None = None, time_limit: float | None = None) -> Rubric:
    """The rubric of built-in task ``name``, or of the TOML file ``name``; ``game``
    (``--game``) replaces the game of every test of the task's own game (a rubric's
    ``game = "GAME"``), and ``time_limit`` its time limit per call."""
    if name in TASKS:
        text, source = task_text(name), f"built-in task {name}"
    elif name.endswith(".toml"):
        path = Path(name).expanduser()
        try:
            text = path.read_text("utf-8")
        except OSError as exc:
            raise ZerosumError(f"cannot read rubric {name}: {exc.strerror or exc}") from None
        source = name
    else:
        hint = did_you_mean(name, list(TASKS))
        raise ZerosumError(
            f"unknown task {name!r}{hint}; choose from {', '.join(TASKS)}, or give a rubric "
            "file ending in .toml"
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ZerosumError(f"rubric {source}: not TOML: {exc}") from None
    return _rubric(data, source, game, time_limit)


def _rubric(data: dict[str, Any], source: str, game: str | None, limit: float | None) -> Rubric:
    def bad(why: str) -> ZerosumError:
        return ZerosumError(f"rubric {source}: {why}")

    for key in data:
        if key not in _TOP:
            hint = did_you_mean(key, list(_TOP))
            raise bad(f"unknown setting {key!r}{hint}; a rubric has {', '.join(_TOP)}")
    tests = data.get("test")
    if not isinstance(tests, list) or not tests:
        raise bad("no tests: add [[test]] tables, each with name, check and points")
    default_game = str(data.get("game", ""))
    chosen = game or default_game
    built = []
    names: set[str] = set()
    for i, raw in enumerate(tests, 1):
        if not isinstance(raw, dict):
            raise bad(f"test {i} is not a table")
        raw = dict(raw)
        name = raw.pop("name", None)
        check = raw.pop("check", None)
        points = raw.pop("points", None)
        if not isinstance(name, str) or not name:
            raise bad(f"test {i} has no name")
        if name in names:
            raise bad(f"two tests are named {name!r}")
        names.add(name)
        if check not in CHECKS:
            hint = did_you_mean(str(check), list(CHECKS))
            raise bad(
                f"test {name!r}: unknown check {check!r}{hint}; choose from {', '.join(CHECKS)}"
            )
        if not isinstance(points, (int, float)) or points < 0:
            raise bad(f"test {name!r}: points must be a number, 0 or more")
        test_game = raw.pop("game", default_game)
        if test_game == "GAME" or (game and test_game == default_game):
            test_game = chosen
        if not test_game:
            raise bad(f'test {name!r} names no game (game = "tictactoe", or --game)')
        positions = raw.pop("positions", [""])
        if not isinstance(positions, list) or not all(isinstance(p, str) for p in positions):
            raise bad(f"test {name!r}: positions must be a list of move strings")
        visibility = raw.pop("visibility", "visible")
        if visibility not in _VISIBILITY:
            raise bad(f"test {name!r}: visibility must be one of {', '.join(_VISIBILITY)}")
        for option in raw:
            if option not in OPTIONS[check]:
                takes = ", ".join(OPTIONS[check]) or "no settings of its own"
                hint = did_you_mean(option, list(OPTIONS[check]))
                raise bad(f"test {name!r}: check {check} takes no {option!r}{hint} ({takes})")
        built.append(
            TestSpec(name, check, float(points), str(test_game), tuple(positions), visibility, raw)
        )
    time_limit = float(limit if limit is not None else data.get("time_limit", 10.0))
    if time_limit <= 0:
        raise bad("time_limit must be more than 0 seconds")
    kind = str(data.get("kind", "function"))
    if kind not in ("function", "game"):
        raise bad('kind must be "function" or "game"')
    member = data.get("member")
    return Rubric(
        str(data.get("task", Path(source).stem)),
        tuple(built),
        str(member) if member else None,
        time_limit,
        kind,
        source,
    )
