"""How good is an agent: its moves measured against the exact solver.

On each position of a set (random positions of a ply range, seeded, or given), the solver
finds the value of the position and of every legal move (win, draw or loss for the
player to move); each agent picks a move and it is graded: it *keeps* the value when its
value equals the position's, else it is a *blunder*: a win thrown to a draw or a loss, or
a draw thrown to a loss. *Critical* positions are those where some move throws the
value away: a random agent keeps every value elsewhere, so the share kept in critical
positions is the sharper measure. Agents are timed per move; the solver's time is apart.

On a small game whose compiled search this machine has not compiled yet, an agent's
Python search plays for it rather than wait seconds for the compile (its ``note`` says so:
:func:`~zerosum.hosting.standin.without_compiling`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..agents import make_agent
from ..agents.base import Agent
from ..agents.solve import Solver, SolveResult
from ..arena.play import agent_name, prepare_agent
from ..game import (
    Action,
    Game,
    State,
    ZerosumError,
    check_action,
    game_name,
    replay,
    split_moves,
    state_key,
)
from ..hosting.standin import NOT_COMPILED, without_compiling
from ..report.display import Table
from .jsonout import to_json

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["Grade", "GradeReport", "grade", "random_positions", "read_positions"]


@dataclass(frozen=True)
class Grade:
    """One agent's moves: how many ``kept`` the position's value, how many threw a win to a
    draw or a loss or a draw to a loss, the same counts on the ``critical`` positions (where
    some move throws the value away), and the agent's ``seconds`` in all; ``note``: who
    played for it, when not the agent itself."""

    agent: str
    moves: int
    kept: int
    win_to_draw: int
    win_to_loss: int
    draw_to_loss: int
    critical: int
    critical_kept: int
    seconds: float
    note: str = ""

    @property
    def kept_share(self) -> float:
        return self.kept / self.moves if self.moves else 0.0

    @property
    def blunder_share(self) -> float:
        return 1.0 - self.kept_share if self.moves else 0.0

    @property
    def critical_share(self) -> float | None:
        """The share of critical positions in which the value was kept (None without any)."""
        return self.critical_kept / self.critical if self.critical else None

    @property
    def seconds_per_move(self) -> float:
        return self.seconds / self.moves if self.moves else 0.0


@dataclass(frozen=True)
class GradeReport:
    """What :func:`grade` finds: per agent a :class:`Grade`; ``values`` counts the positions
    won, drawn and lost for the player to move; ``solve_seconds`` is the solver's time."""

    game: str
    positions: int
    plies: tuple[int, int] | None
    values: dict[str, int]
    grades: tuple[Grade, ...]
    solve_seconds: float

    def table(self) -> Table:
        header = ["agent", "moves", "kept value", "kept when critical", "blunders"]
        header += ["win->draw", "win->loss", "draw->loss", "ms per move"]
        rows = [
            [
                g.agent,
                g.moves,
                f"{g.kept_share:.1%}",
                "" if g.critical_share is None else f"{g.critical_share:.1%} of {g.critical}",
                f"{g.blunder_share:.1%}",
                g.win_to_draw,
                g.win_to_loss,
                g.draw_to_loss,
                f"{1000 * g.seconds_per_move:.2f}",
            ]
            for g in self.grades
        ]
        where = "" if self.plies is None else f" at plies {self.plies[0]}-{self.plies[1]}"
        values = ", ".join(f"{n} {k}" for k, n in self.values.items())
        caption = f"{self.game}: {self.positions} positions{where} ({values} for the mover)"
        return Table(header, rows, caption=caption)

    def to_dict(self) -> dict[str, object]:
        out = asdict(self)
        for row, g in zip(out["grades"], self.grades, strict=True):
            row.update(
                kept_share=g.kept_share,
                blunder_share=g.blunder_share,
                critical_share=g.critical_share,
                seconds_per_move=g.seconds_per_move,
            )
        return out

    def to_json(self, path: str | Path | None = None) -> str:
        return to_json(self.to_dict(), path)

    def plot(self, path: str | Path | None = None) -> Figure:
        """The charts (see :func:`zerosum.report.plots.plot_grades`)."""
        from ..report.plots import plot_grades

        return plot_grades(self, path)

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def __str__(self) -> str:
        notes = "".join(f"\n{g.agent}: {g.note}" for g in self.grades if g.note)
        return f"{self.table()}{notes}\nsolver: {self.solve_seconds:.2f} s"


def random_positions(
    game: Game[State, Action],
    count: int,
    plies: tuple[int, int],
    seed: int = 0,
    tries: int = 100,
    *,
    fewer: bool = False,
) -> list[State]:
    """``count`` distinct unfinished positions, each after a uniformly random number of
    plies in ``plies`` (inclusive) of uniformly random moves; reproducible with ``seed``.
    A game with fewer such positions raises, or with ``fewer`` gives those it found."""
    low, high = plies
    if not 0 <= low <= high:
        raise ZerosumError(f"plies must be a range A-B with 0 <= A <= B, not {low}-{high}")
    rng = random.Random(seed)
    found: dict[Hashable, State] = {}
    for _ in range(count * tries):
        if len(found) == count:
            break
        state = _random_walk(game, rng.randint(low, high), rng)
        if state is not None:
            found.setdefault(state_key(game, state), state)
    if len(found) < count and not fewer:
        raise ZerosumError(
            f"found only {len(found)} distinct unfinished positions of {game_name(game)} "
            f"at plies {low}-{high} in {count * tries} random games (asked for {count})"
        )
    return list(found.values())


def _random_walk(game: Game[State, Action], plies: int, rng: random.Random) -> State | None:
    """The state after ``plies`` random moves, or None when the game ends first."""
    state = game.initial_state
    for _ in range(plies):
        if game.is_terminal(state):
            return None
        state = game.result(state, rng.choice(list(game.actions(state))))
    return None if game.is_terminal(state) else state


def read_positions(game: Game[State, Action], lines: Iterable[str]) -> list[State]:
    """Positions given one per line as moves from the start (the first word of each line
    for Connect Four digits, otherwise the moves up to a ``#``); blank lines are skipped."""
    states = []
    for number, line in enumerate(lines, 1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        try:
            state = replay(game, split_moves(game, text))
        except ZerosumError as exc:
            raise ZerosumError(f"line {number}: {exc}") from None
        if game.is_terminal(state):
            raise ZerosumError(f"line {number}: the game is over after {text!r}")
        states.append(state)
    return states


def grade(
    game: Game[State, Action],
    agents: Sequence[str | Agent] | Mapping[str, str | Agent],
    *,
    positions: int = 100,
    plies: tuple[int, int] = (0, 8),
    seed: int = 0,
    states: Sequence[State] | None = None,
) -> GradeReport:
    """Grade each agent's move on ``positions`` random positions of ``plies`` (or on the
    given ``states``) against the exact solver; agents are specs, objects, or a dict.

    >>> import zerosum as zs
    >>> report = zs.grade(zs.games.TicTacToe(), ["perfect", "random:seed=1"], positions=30)
    >>> [round(g.kept_share, 2) for g in report.grades]
    [1.0, 0.57]
    """
    named = _named_agents(agents)
    chosen = list(states) if states is not None else random_positions(game, positions, plies, seed)
    if not chosen:
        raise ZerosumError("no positions to grade")
    solver = Solver(game)
    begin = time.perf_counter()
    truths = [solver.solve(state, weak=True) for state in chosen]
    solve_seconds = time.perf_counter() - begin
    values = {"won": 0, "drawn": 0, "lost": 0}
    for truth in truths:
        values[{1: "won", 0: "drawn", -1: "lost"}[truth.value]] += 1
    grades = tuple(_grade_one(game, name, agent, chosen, truths) for name, agent in named)
    return GradeReport(
        game=game_name(game),
        positions=len(chosen),
        plies=None if states is not None else plies,
        values=values,
        grades=grades,
        solve_seconds=solve_seconds,
    )


def _named_agents(
    agents: Sequence[str | Agent] | Mapping[str, str | Agent],
) -> list[tuple[str, Agent]]:
    items = list(agents.items()) if isinstance(agents, Mapping) else [(None, a) for a in agents]
    if not items:
        raise ZerosumError("grade needs at least one agent")
    named = []
    for name, agent in items:
        made = make_agent(agent) if isinstance(agent, str) else agent
        named.append((name or agent_name(made), made))
    return named


def _grade_one(
    game: Game[State, Action],
    name: str,
    agent: Agent,
    states: list[State],
    truths: list[SolveResult],
) -> Grade:

    def prepared(searcher: Agent) -> Agent:
        prepare_agent(searcher, game)  # compiled code loads now, not on the first timed move
        return searcher

    agent, standing_in = without_compiling(agent, game, prepared)
    counts = dict.fromkeys(("kept", "win_to_draw", "win_to_loss", "draw_to_loss"), 0)
    critical = critical_kept = 0
    seconds = 0.0
    for state, truth in zip(states, truths, strict=True):
        start = time.perf_counter()
        action = agent(game, state)
        seconds += time.perf_counter() - start
        check_action(game, state, action)
        after = truth.action_values[action]
        kind = "kept" if after == truth.value else _blunder(truth.value, after)
        counts[kind] += 1
        if min(truth.action_values.values()) < truth.value:
            critical += 1
            critical_kept += kind == "kept"
    note = NOT_COMPILED if standing_in else ""
    return Grade(name, len(states), **counts, critical=critical, critical_kept=critical_kept,
                 seconds=seconds, note=note)  # fmt: skip


def _blunder(before: int, after: int) -> str:
    if before == 1:
        return "win_to_draw" if after == 0 else "win_to_loss"
    return "draw_to_loss"
