"""The learning curve of a training: its losses, and the share of the fixed positions whose
solver value the network keeps, against the minutes trained."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from .trainer import Round

__all__ = ["plot_curve"]


def plot_curve(journal: Sequence[Round], path: Path | None = None) -> Figure:
    """The curve of ``journal``'s rounds; written to ``path`` as PNG when given."""
    from matplotlib.figure import Figure  # a bare Figure: no pyplot state, no display

    from ..report.plots import save_figure

    figure = Figure(figsize=(9, 3.6))
    losses, kept = figure.subplots(1, 2)
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
    figure.tight_layout()
    if path is not None:
        save_figure(figure, path)
    return figure
