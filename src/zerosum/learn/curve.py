"""The learning curve of a training: its losses, the share of the fixed positions whose
solver value the network keeps, and its rating against fixed opponents, against the
minutes trained."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .trainer import Round

__all__ = ["elo", "plot_curve"]


def elo(score: float, games: int) -> float:
    """The Elo difference a score implies, a clean sweep counted as half a game short of
    one (so that it stays finite: about +/-470 over 8 games)."""
    from ..records.ratings import elo_difference

    least = 0.5 / games
    return elo_difference(min(max(score, least), 1 - least))


def plot_curve(journal: Sequence[Round], path: Path | None = None) -> Figure:
    """The curve of ``journal``'s rounds; written to ``path`` as PNG when given."""
    from matplotlib.figure import Figure  # a bare Figure: no pyplot state, no display

    from ..report.plots import save_figure
    from .trainer import RATING_GAMES

    figure = Figure(figsize=(13, 3.6))
    losses, kept, rating = figure.subplots(1, 3)
    minutes = [r.seconds / 60 for r in journal]
    losses.plot(minutes, [r.policy_loss for r in journal], label="policy")
    losses.plot(minutes, [r.value_loss for r in journal], label="value")
    losses.set_xlabel("minutes trained")
    losses.set_title("Loss")
    losses.legend()
    measured = [r for r in journal if r.search_kept is not None]
    at = [r.seconds / 60 for r in measured]
    kept.plot(at, [100 * (r.search_kept or 0) for r in measured], "o-", label="search")
    kept.plot(at, [100 * (r.policy_kept or 0) for r in measured], "s--", label="network alone")
    kept.set_ylim(0, 100)
    kept.set_xlabel("minutes trained")
    kept.set_title("Moves keeping the solver's value (%)")
    kept.legend()
    rated = [(r.seconds / 60, r.scores) for r in journal if r.scores]
    for opponent in dict.fromkeys(o for _, scores in rated for o in scores):
        points = [(at, scores[opponent]) for at, scores in rated if opponent in scores]
        rating.plot([m for m, _ in points], [elo(s, RATING_GAMES) for _, s in points], "o-",
                    label=opponent)  # fmt: skip
    rating.axhline(0, color="grey", linewidth=0.5)
    rating.set_xlabel("minutes trained")
    rating.set_title(f"Elo against fixed opponents ({RATING_GAMES} games)")
    if rated:
        rating.legend()
    figure.tight_layout()
    if path is not None:
        save_figure(figure, path)
    return figure
