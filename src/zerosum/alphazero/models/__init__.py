"""The models shipped with zerosum, a folder each (``model.json``, ``weights.pt``, and the
command, settings and journal of the training that made it), found by the spec of the
game they were trained on. Reading which game a model is for needs no PyTorch."""

from __future__ import annotations

import json
from pathlib import Path

from ...game import Action, Game, State

__all__ = ["MODELS", "MODEL_FILE", "shipped_model", "shipped_for"]

#: This folder: one subfolder per shipped model.
MODELS = Path(__file__).parent
#: The file of a model folder that says what the model is (:mod:`..network` writes it).
MODEL_FILE = "model.json"


def shipped_for(spec: str) -> Path | None:
    """The folder of the model shipped for the game of ``spec``, or None."""
    for folder in sorted(path for path in MODELS.iterdir() if path.is_dir()):
        model = folder / MODEL_FILE
        if model.exists() and json.loads(model.read_text())["game"] == spec:
            return folder
    return None


def shipped_model(game: Game[State, Action]) -> Path | None:
    """The folder of the model shipped for ``game`` (by its spec), or None."""
    spec = getattr(game, "spec", None)
    return shipped_for(spec) if isinstance(spec, str) else None
