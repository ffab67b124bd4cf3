"""Charts of a match or tournament with matplotlib: W/D/L per agent and side, Elo ratings with
their intervals, and mean time per move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..arena.results import ArenaResult

__all__ = ["plot_result"]

_COLOURS = {"wins": "#2e7d32", "draws": "#9e9e9e", "losses": "#c62828"}


def _outcomes(ax: Any, result: ArenaResult) -> None:
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


def _ratings(ax: Any, result: ArenaResult) -> None:
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


def _times(ax: Any, result: ArenaResult) -> None:
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


def plot_result(result: ArenaResult, path: str | Path | None = None) -> Any:
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
        fig.savefig(path, dpi=100)
    return fig
