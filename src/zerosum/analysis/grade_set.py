"""An agent against a named set of test positions: right when its move keeps the value.

The sets ship with the game (Connect Four's ``course``: see
:mod:`zerosum.games.connect_four.position_sets`): each position has its solved value and
its best moves (every move that keeps the value), so grading needs no solver.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from .. import hooks
from ..agents.base import Agent
from ..game import Game, ZerosumError, check_action, game_name, replay, split_moves
from ..games.connect_four.position_sets import load_set
from ..report.display import Table
from .grade import _named_agents
from .jsonout import to_json

__all__ = ["SetAnswer", "SetReport", "grade_set"]


@dataclass(frozen=True)
class SetAnswer:
    """One agent's move on one position: ``played`` (a column), right when among ``best``."""

    agent: str
    position: str
    tests: str
    played: int
    right: bool
    best: tuple[int, ...]
    value: str
    seconds: float


@dataclass(frozen=True)
class SetReport:
    """Every agent's answers on the set ``name``, position by position."""

    game: str
    name: str
    answers: tuple[SetAnswer, ...]

    def right(self, agent: str) -> int:
        """How many positions ``agent`` got right."""
        return sum(a.right for a in self.answers if a.agent == agent)

    def agents(self) -> list[str]:
        return list(dict.fromkeys(a.agent for a in self.answers))

    def table(self) -> Table:
        header = ["agent", "position", "", "played", "best", "value", "tests"]
        rows = [
            [a.agent, a.position, "right" if a.right else "WRONG", a.played,
             " ".join(map(str, a.best)), a.value, a.tests]
            for a in self.answers
        ]  # fmt: skip
        total = len(self.answers) // max(len(self.agents()), 1)
        scores = ", ".join(f"{agent} {self.right(agent)}/{total}" for agent in self.agents())
        return Table(header, rows, caption=f"{self.game}: set {self.name!r}: right {scores}")

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    def to_json(self, path: str | Path | None = None) -> str:
        return to_json(self.to_dict(), path)

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def __str__(self) -> str:
        return str(self.table())


def grade_set(
    game: Game, agents: Sequence[str | Agent] | Mapping[str, str | Agent], name: str = "course"
) -> SetReport:
    """Each agent's move on every position of the named set, right or wrong.

    >>> import zerosum as zs
    >>> report = zs.grade_set(zs.games.ConnectFour(), ["perfect"], "course")
    >>> report.right("perfect") == len(report.answers)
    True
    """
    if game_name(game) != "connect4:width=7,height=6,k=4":
        raise ZerosumError(f"position sets are for 7x6 Connect Four, not {game_name(game)}")
    positions = load_set(name)
    answers = []
    for agent_label, agent in _named_agents(agents):
        prepare = hooks.prepare(agent)
        if prepare is not None:
            prepare(game)  # compiled code loads now, not on the first timed move
        for p in positions:
            state = replay(game, split_moves(game, p.moves))
            start = time.perf_counter()
            action = agent(game, state)
            seconds = time.perf_counter() - start
            check_action(game, state, action)
            column = int(action) + 1
            answers.append(
                SetAnswer(agent_label, p.name, p.tests, column, column in p.best, p.best,
                          p.value, seconds)
            )  # fmt: skip
    return SetReport(game_name(game), name, tuple(answers))
