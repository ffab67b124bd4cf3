"""Charts of a match or tournament with matplotlib: W/D/L per agent and side, Elo ratings with
their intervals, and mean time per move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ..files import write_file

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ..records.results import ArenaResult
    from .display import Table


class _Ply(Protocol):
    """A ply's row of a state-space analysis, as its charts read it (by these names and,
    for the counts and estimates, by name)."""

    @property
    def ply(self) -> int: ...
    @property
    def symmetric(self) -> int | None: ...
    @property
    def branching(self) -> float | None: ...
    @property
    def random_branching(self) -> float | None: ...


class _Space(Protocol):
    """A :class:`~zerosum.analysis.SpaceAnalysis` (a floor above: read by its shape)."""

    @property
    def game(self) -> str: ...
    @property
    def plies(self) -> Sequence[_Ply]: ...
    @property
    def lengths(self) -> Mapping[int, int]: ...
    @property
    def probes(self) -> int: ...
    @property
    def outcomes(self) -> Mapping[str, float]: ...


class _Grade(Protocol):
    """One agent's row of a :class:`~zerosum.analysis.GradeReport` (its kinds by name)."""

    @property
    def agent(self) -> str: ...
    @property
    def moves(self) -> int: ...
    @property
    def seconds_per_move(self) -> float: ...


class _Grades(Protocol):
    """A :class:`~zerosum.analysis.GradeReport` (a floor above: read by its shape)."""

    @property
    def grades(self) -> Sequence[_Grade]: ...
    def table(self) -> Table: ...


__all__ = ["plot_grades", "plot_result", "plot_space", "save_figure"]

_COLOURS = {"wins": "#2e7d32", "draws": "#9e9e9e", "losses": "#c62828"}


def _outcomes(ax: Axes, result: ArenaResult) -> None:
    labels, tallies = [], []
    for s in result.standings:
        labels += [f"{s.name}\nas 1st", f"{s.name}\nas 2nd"]
        tallies += [s.as_first, s.as_second]
    y = range(len(labels))
    left = [0.0] * len(labels)
    for kind, colour in _COLOURS.items():
        counts = [getattr(t, kind) for t in tallies]
        ax.barh(y, counts, left=left, color=colour, label=kind)
        left = [a + b for a, b in zip(left, counts, strict=True)]
    ax.set_yticks(list(y), labels)
    ax.invert_yaxis()
    ax.set_xlabel("games")
    ax.set_title("Wins, draws and losses by side")


def _ratings(ax: Axes, result: ArenaResult) -> None:
    ranked = sorted(result.ratings, key=lambda r: -r.elo)
    y = range(len(ranked))
    ax.errorbar(
        [r.elo for r in ranked],
        list(y),
        xerr=[r.margin for r in ranked],
        fmt="o",
        color="#1565c0",
        capsize=4,
    )
    ax.axvline(0, color="#bdbdbd", linewidth=1)
    ax.set_yticks(list(y), [r.name for r in ranked])
    ax.invert_yaxis()
    ax.set_xlabel("Elo (mean 0), 95% interval")
    ax.set_title("Elo ratings")


def _times(ax: Axes, result: ArenaResult) -> None:
    rows = [(s.name, s.seconds_per_move) for s in result.standings]
    y = range(len(rows))
    ms = [0.0 if t is None else 1000 * t for _, t in rows]
    ax.barh(list(y), ms, color="#6a1b9a")
    ax.set_yticks(list(y), [name for name, _ in rows])
    ax.invert_yaxis()
    if any(ms) and max(ms) / max(min(m for m in ms if m > 0), 1e-9) > 100:
        ax.set_xscale("log")  # a searcher and a random agent differ by orders of magnitude
    ax.set_xlabel("ms per move (mean)")
    ax.set_title("Time per move")


def save_figure(fig: Figure, path: str | Path) -> None:
    """Save ``fig`` to ``path`` in the format its suffix names (PNG, SVG, PDF), written
    whole or not at all (:func:`~zerosum.files.write_file`)."""
    kind = Path(path).suffix.lstrip(".").lower() or "png"
    write_file(path, lambda f: fig.savefig(f, dpi=100, format=kind), binary=True)


def plot_result(result: ArenaResult, path: str | Path | None = None) -> Figure:
    """A figure with the three charts; saved to ``path`` when given (format from its suffix)."""
    # A bare Figure, not pyplot: no global state, no display needed, shown once in notebooks.
    from matplotlib.figure import Figure

    bars = 2 * len(result.names)  # one per agent and side
    fig = Figure(figsize=(15, max(4.0, 1.8 + 0.5 * bars)), layout="constrained")
    axes = fig.subplots(1, 3, width_ratios=[1.4, 1, 1])
    _outcomes(axes[0], result)
    fig.legend(*axes[0].get_legend_handles_labels(), loc="outside lower left", ncols=3)
    _ratings(axes[1], result)
    _times(axes[2], result)
    fig.suptitle(f"{result.game}: {len(result.records)} games", fontsize="large")
    if path is not None:
        save_figure(fig, path)
    return fig


def plot_space(space: _Space, path: str | Path | None = None) -> Figure:
    """Charts of a :class:`~zerosum.analysis.SpaceAnalysis`: positions and tree nodes per
    ply (exact points, estimates with their 95% bands), branching factors, and random
    play's game lengths and outcomes. Saved to ``path`` when given."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(13, 8), layout="constrained")
    (sizes, branching), (lengths, outcomes) = fig.subplots(2, 2)
    _sizes(sizes, space)
    _branching(branching, space)
    _lengths(lengths, space)
    _random_outcomes(outcomes, space)
    fig.suptitle(f"{space.game}: state space", fontsize="large")
    if path is not None:
        save_figure(fig, path)
    return fig


def _sizes(ax: Axes, space: _Space) -> None:
    for name, estimate, colour, label in (
        ("positions", "positions_estimate", "#1565c0", "distinct positions"),
        ("sequences", "nodes_estimate", "#c62828", "game-tree nodes"),
    ):
        exact = [(p.ply, getattr(p, name)) for p in space.plies if getattr(p, name)]
        if exact:
            ax.plot(*zip(*exact, strict=True), "o", color=colour, ms=4, label=f"{label} (exact)")
        sampled = [(p.ply, getattr(p, estimate)) for p in space.plies if getattr(p, estimate)]
        sampled = [(x, e) for x, e in sampled if e.value > 0]
        if sampled:
            xs = [x for x, _ in sampled]
            ax.plot(
                xs,
                [e.value for _, e in sampled],
                "-",
                color=colour,
                lw=1,
                label=f"{label} (estimate)",
            )
            low = [max(e.low, e.value / 1e3) for _, e in sampled]  # a log axis cannot show 0
            ax.fill_between(xs, low, [e.high for _, e in sampled], color=colour, alpha=0.2)
    symmetric = [(p.ply, p.symmetric) for p in space.plies if p.symmetric]
    if symmetric:
        ax.plot(*zip(*symmetric, strict=True), "x", color="#2e7d32", ms=4, label="up to symmetry")
    ax.set_yscale("log")
    ax.set_xlabel("ply")
    ax.set_title("Size per ply (bands: 95% intervals)")
    ax.legend(fontsize="small")


def _branching(ax: Axes, space: _Space) -> None:
    exact = [(p.ply, p.branching) for p in space.plies if p.branching is not None]
    sampled = [(p.ply, p.random_branching) for p in space.plies if p.random_branching is not None]
    if exact:
        ax.plot(
            *zip(*exact, strict=True), "o-", color="#1565c0", ms=4, label="over distinct positions"
        )
    if sampled:
        ax.plot(*zip(*sampled, strict=True), "-", color="#ef6c00", label="along random games")
    ax.set_xlabel("ply")
    ax.set_ylabel("legal moves (mean)")
    ax.set_title("Branching factor")
    ax.legend(fontsize="small")


def _lengths(ax: Axes, space: _Space) -> None:
    if space.lengths:
        ax.bar(list(space.lengths), list(space.lengths.values()), color="#6a1b9a")
    ax.set_xlabel("plies")
    ax.set_ylabel("random games")
    ax.set_title(f"Game length in random play ({space.probes:,} games)")


def _random_outcomes(ax: Axes, space: _Space) -> None:
    colours = [_COLOURS["wins"], _COLOURS["draws"], _COLOURS["losses"]]
    names = list(space.outcomes)
    ax.bar(names, [100 * v for v in space.outcomes.values()], color=colours[: len(names)])
    ax.set_ylabel("% of random games")
    ax.set_title("Outcomes of random play")


_BLUNDERS = {
    "kept": ("kept the value", "#2e7d32"),
    "win_to_draw": ("win -> draw", "#f9a825"),
    "win_to_loss": ("win -> loss", "#c62828"),
    "draw_to_loss": ("draw -> loss", "#6d4c41"),
}


def plot_grades(report: _Grades, path: str | Path | None = None) -> Figure:
    """Charts of a :class:`~zerosum.analysis.GradeReport`: per agent the shares of moves
    that kept the value and of each kind of blunder, and the mean time per move."""
    from matplotlib.figure import Figure

    grades = report.grades
    fig = Figure(figsize=(13, max(3.0, 1.5 + 0.45 * len(grades))), layout="constrained")
    shares, times = fig.subplots(1, 2, width_ratios=[1.6, 1])
    y = list(range(len(grades)))
    left = [0.0] * len(grades)
    for kind, (label, colour) in _BLUNDERS.items():
        values = [100 * getattr(g, kind) / g.moves if g.moves else 0.0 for g in grades]
        shares.barh(y, values, left=left, color=colour, label=label)
        left = [a + b for a, b in zip(left, values, strict=True)]
    shares.set_yticks(y, [g.agent for g in grades])
    shares.invert_yaxis()
    shares.set_xlim(0, 100)
    shares.set_xlabel("% of moves")
    shares.set_title("Moves against the exact value")
    shares.legend(loc="lower left", fontsize="small", ncols=4)
    ms = [1000 * g.seconds_per_move for g in grades]
    times.barh(y, ms, color="#6a1b9a")
    times.set_yticks(y, [g.agent for g in grades])
    times.invert_yaxis()
    if ms and min(ms) > 0 and max(ms) / min(ms) > 100:
        times.set_xscale("log")
    times.set_xlabel("ms per move (mean)")
    times.set_title("Time per move")
    fig.suptitle(f"{report.table().caption}", fontsize="medium")
    if path is not None:
        save_figure(fig, path)
    return fig
