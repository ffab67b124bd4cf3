"""What a match or tournament found: tallies per agent and side, scores, ratings, records.

The summaries are computed from the list of games alone, so a result rebuilt from a
journal or a JSON export summarizes exactly like the original.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

import numpy as np

from .codec import RecordJSON, encode, record_from_dict, record_to_dict
from .game import GameRecord
from .ratings import elo_difference, fit_elo, score_interval

if TYPE_CHECKING:
    import pandas
    from matplotlib.figure import Figure


class ArenaGameJSON(TypedDict):
    """A game of a match or tournament as an export holds it (:meth:`ArenaGame.to_dict`)."""

    a: str
    b: str
    index: int
    first: str
    seed: int
    record: RecordJSON | None
    note: str
    seconds: float
    opener: int


@dataclass(frozen=True)
class ArenaGame:
    """A game of a match or tournament, as played: agents ``a`` and ``b`` (entrant indices),
    the entrant that moved first, its seed, and its record — ``None`` if it was not played
    (``note`` says why). ``seconds`` is the wall time of the game in its worker; ``opener``
    the player (1 or 2) who made the record's first move (2 after an odd random opening;
    players are assumed to alternate from there)."""

    a: int
    b: int
    index: int
    first: int
    seed: int
    record: GameRecord | None
    note: str = ""
    seconds: float = 0.0
    opener: int = 1

    @property
    def second(self) -> int:
        return self.b if self.first == self.a else self.a

    def score(self, agent: int) -> float | None:
        """1, 0.5 or 0 for entrant ``agent`` (``a`` or ``b``); None if not played."""
        if self.record is None:
            return None
        side = 1 if agent == self.first else 2
        winner = self.record.winner
        return 0.5 if winner is None else float(winner == side)

    def to_dict(self, names: list[str]) -> ArenaGameJSON:
        return {
            "a": names[self.a],
            "b": names[self.b],
            "index": self.index,
            "first": names[self.first],
            "seed": self.seed,
            "record": None if self.record is None else record_to_dict(self.record),
            "note": self.note,
            "seconds": self.seconds,
            "opener": self.opener,
        }

    @classmethod
    def from_dict(cls, data: ArenaGameJSON, names: list[str]) -> ArenaGame:
        index = {name: i for i, name in enumerate(names)}
        record = data["record"]
        return cls(
            a=index[data["a"]],
            b=index[data["b"]],
            index=data["index"],
            first=index[data["first"]],
            seed=data["seed"],
            record=None if record is None else record_from_dict(record),
            note=data["note"],
            seconds=data["seconds"],
            opener=data["opener"],
        )


def game_identity(g: ArenaGame) -> str:
    """What makes two played games the same game: who moved first, the position after the
    opening, every action and how it ended."""
    r = g.record
    assert r is not None
    return json.dumps([g.first, encode(r.initial_state), encode(r.actions), r.winner, r.reason])


__all__ = ["Tally", "Standing", "Rating", "ArenaGame", "ArenaResult", "MatchResult"]
__all__ += ["TournamentResult", "Reporter", "report_with", "game_identity"]


@dataclass(frozen=True)
class Reporter:
    """What draws and exports a result: :mod:`zerosum.report`, which sits above this floor
    and hands itself over (:func:`report_with`) when imported, so a result's shortcuts
    (``table``, ``to_html``, ``plot``, ...) reach it without importing it."""

    table: Callable[[ArenaResult], object]
    html: Callable[[ArenaResult], str]
    to_dict: Callable[[ArenaResult], dict[str, object]]
    write_json: Callable[[ArenaResult, str | Path], None]
    write_csv: Callable[[ArenaResult, str | Path], None]
    write_html: Callable[[ArenaResult, str | Path], None]
    to_pandas: Callable[[ArenaResult, str], pandas.DataFrame]
    plot: Callable[[ArenaResult, str | Path | None], Figure]


_reporters: list[Reporter] = []


def report_with(reporter: Reporter) -> None:
    """Draw and export results with ``reporter`` (``import zerosum.report`` calls it)."""
    _reporters[:] = [reporter]


def _reporter() -> Reporter:
    if not _reporters:
        raise LookupError("nothing reports results yet: import zerosum.report")
    return _reporters[0]


@dataclass(frozen=True)
class Tally:
    """Wins, draws and losses."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    @property
    def score(self) -> float | None:
        """Mean points per game (None before any game)."""
        return self.points / self.games if self.games else None

    def add(self, points: float) -> Tally:
        return Tally(
            self.wins + (points == 1), self.draws + (points == 0.5), self.losses + (points == 0)
        )

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.wins + other.wins, self.draws + other.draws, self.losses + other.losses)


@dataclass(frozen=True)
class Standing:
    """One agent's results: as first and as second player, forfeits it lost, games not
    played, and what its moves cost (``nodes`` over the ``searched`` moves that reported
    a search)."""

    name: str
    as_first: Tally = Tally()
    as_second: Tally = Tally()
    forfeits: int = 0
    not_played: int = 0
    moves: int = 0
    seconds: float = 0.0
    nodes: int = 0
    searched: int = 0

    @property
    def total(self) -> Tally:
        return self.as_first + self.as_second

    @property
    def seconds_per_move(self) -> float | None:
        return self.seconds / self.moves if self.moves else None

    @property
    def nodes_per_move(self) -> float | None:
        """Mean nodes per move of the moves that reported them; None if none did."""
        return self.nodes / self.searched if self.searched else None


@dataclass(frozen=True)
class Rating:
    """An Elo rating and the half-width of its 95% interval. The interval is open-ended
    on one side (``sweep`` is 1 or -1) for an agent that won or lost every game: no
    number of wins bounds how much stronger it may be."""

    name: str
    elo: float
    margin: float
    sweep: int = 0

    @property
    def interval(self) -> tuple[float, float]:
        low = -math.inf if self.sweep < 0 else self.elo - self.margin
        high = math.inf if self.sweep > 0 else self.elo + self.margin
        return (low, high)


@dataclass
class _Row:
    """One agent's :class:`Standing` as it is counted, game by game."""

    as_first: Tally = field(default_factory=Tally)
    as_second: Tally = field(default_factory=Tally)
    forfeits: int = 0
    not_played: int = 0
    moves: int = 0
    seconds: float = 0.0
    nodes: int = 0
    searched: int = 0

    def standing(self, name: str) -> Standing:
        return Standing(name, self.as_first, self.as_second, self.forfeits, self.not_played,
                        self.moves, self.seconds, self.nodes, self.searched)  # fmt: skip


@dataclass(frozen=True)
class ArenaResult:
    """The games of a match or tournament and their summaries.

    ``names`` are the agents in the order given; ``games`` every game (played or not), in
    pairing and index order; ``settings`` how the run was configured; ``seconds`` its wall
    time (of this run only, when it resumed from a journal).
    """

    game: str
    names: tuple[str, ...]
    games: tuple[ArenaGame, ...]
    settings: dict[str, object] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def records(self) -> list[GameRecord]:
        """The record of every game that was played."""
        return [g.record for g in self.games if g.record is not None]

    @cached_property
    def standings(self) -> tuple[Standing, ...]:
        """One :class:`Standing` per agent, in the order of ``names``."""
        rows = [_Row() for _ in self.names]
        for g in self.games:
            for agent, side in ((g.first, 1), (g.second, 2)):
                row = rows[agent]
                record = g.record
                if record is None:
                    row.not_played += 1
                    continue
                points = g.score(agent)
                assert points is not None
                if side == 1:
                    row.as_first = row.as_first.add(points)
                else:
                    row.as_second = row.as_second.add(points)
                loser = record.winner is not None and record.winner != side
                row.forfeits += int(record.reason.forfeit and loser)
                mine = range(0 if side == g.opener else 1, len(record.actions), 2)
                row.moves += len(mine)
                row.seconds += sum(record.move_seconds[i] for i in mine)
                found = [record.searches[i] for i in mine if i < len(record.searches)]
                nodes = [s.nodes for s in found if s is not None and s.nodes]
                row.nodes += sum(nodes)
                row.searched += len(nodes)
        return tuple(row.standing(name) for name, row in zip(self.names, rows, strict=True))

    @cached_property
    def distinct(self) -> dict[tuple[int, int], int]:
        """For each pair ``(a, b)`` with ``a < b``: how many different games it played
        (deterministic agents replay the same game from the same opening)."""
        seen: dict[tuple[int, int], set[str]] = {}
        for g in self.games:
            if g.record is not None:
                seen.setdefault((min(g.a, g.b), max(g.a, g.b)), set()).add(game_identity(g))
        return {pair: len(keys) for pair, keys in seen.items()}

    @property
    def distinct_games(self) -> int:
        """How many different games were played in all."""
        return sum(self.distinct.values())

    def distinct_of(self, agent: int) -> int:
        """How many different games agent ``agent`` played."""
        return sum(n for pair, n in self.distinct.items() if agent in pair)

    def repeats(self, a: int, b: int) -> float:
        """Played games per different game between ``a`` and ``b`` (1: none repeated)."""
        played = self.pair(a, b).games
        different = self.distinct.get((min(a, b), max(a, b)), 0)
        return played / different if different else 1.0

    def pair(self, a: int, b: int) -> Tally:
        """Agent ``a``'s wins, draws and losses against agent ``b`` (indices into names)."""
        tally = Tally()
        for g in self.games:
            if {g.a, g.b} == {a, b} and g.record is not None:
                points = g.score(a)
                assert points is not None
                tally = tally.add(points)
        return tally

    @cached_property
    def crosstable(self) -> list[list[Tally | None]]:
        """``crosstable[i][j]``: agent i's tally against agent j (None on the diagonal)."""
        n = len(self.names)
        return [[None if i == j else self.pair(i, j) for j in range(n)] for i in range(n)]

    @cached_property
    def ratings(self) -> tuple[Rating, ...]:
        """Elo ratings (mean 0) with 95% intervals, fitted to all games at once. A game
        played again move for move is no new evidence: each pair counts as many games as
        it played different ones (its score unchanged), so repeats do not narrow the
        intervals."""
        n = len(self.names)
        games, points = np.zeros((n, n)), np.zeros((n, n))
        for i in range(n):
            for j in range(n):
                tally = self.crosstable[i][j]
                if tally is not None:
                    weight = 1 / self.repeats(i, j)
                    games[i, j], points[i, j] = tally.games * weight, tally.points * weight
        elo, margin = fit_elo(games, points)
        totals = [s.total for s in self.standings]
        sweeps = [0 if not t.games else (t.points == t.games) - (t.points == 0) for t in totals]
        return tuple(
            Rating(name, float(e), float(m), sweep)
            for name, e, m, sweep in zip(self.names, elo, margin, sweeps, strict=True)
        )

    # Shortcuts to zerosum.report, which renders any result (a floor above this one: it
    # hands itself over when imported, see Reporter).

    def table(self) -> object:
        """The rich renderable of this result (what ``print`` shows in a terminal)."""
        return _reporter().table(self)

    def __rich__(self) -> object:
        return self.table()

    def _repr_html_(self) -> str:
        return _reporter().html(self)

    def to_dict(self) -> dict[str, object]:
        """Everything, as JSON-able data: settings, summaries and every game record."""
        return _reporter().to_dict(self)

    def to_json(self, path: str | Path) -> None:
        _reporter().write_json(self, path)

    def to_csv(self, path: str | Path) -> None:
        """One row per game: who played first, the outcome, why, plies and times."""
        _reporter().write_csv(self, path)

    def to_html(self, path: str | Path) -> None:
        """The standings, crosstable and ratings as one self-contained HTML page."""
        _reporter().write_html(self, path)

    def to_pandas(self, table: str = "games") -> pandas.DataFrame:
        """A pandas DataFrame of ``"games"``, ``"standings"`` or ``"ratings"``."""
        return _reporter().to_pandas(self, table)

    def plot(self, path: str | Path | None = None) -> Figure:
        """The charts (W/D/L per agent and side, Elo, time per move) as a matplotlib
        figure; saved to ``path`` (PNG, SVG, PDF) when given."""
        return _reporter().plot(self, path)


@dataclass(frozen=True)
class TournamentResult(ArenaResult):
    """A round robin: standings, crosstable, Elo ratings and every game."""


@dataclass(frozen=True)
class MatchResult(ArenaResult):
    """Two agents, ``a`` (``names[0]``) and ``b``: everything is from ``a``'s side."""

    @property
    def tally(self) -> Tally:
        """``a``'s wins, draws and losses."""
        return self.standings[0].total

    @property
    def score(self) -> float | None:
        """``a``'s mean points per game."""
        return self.tally.score

    @property
    def score_interval(self) -> tuple[float, float]:
        """The 95% interval of ``a``'s score, counting each different game once (a game
        replayed move for move is no new evidence)."""
        weight = 1 / self.repeats(0, 1)
        return score_interval(self.tally.points * weight, round(self.tally.games * weight))

    @property
    def elo(self) -> float:
        """How many Elo points ``a`` is stronger than ``b`` (±inf after a clean sweep)."""
        return elo_difference(self.score) if self.score is not None else math.nan

    @property
    def elo_interval(self) -> tuple[float, float]:
        low, high = self.score_interval
        return (elo_difference(low), elo_difference(high))
