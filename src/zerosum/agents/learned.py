"""The ``alphazero`` agent's entry: the learned agent lives in :mod:`zerosum.learn`, which
needs the optional ``learn`` extra (PyTorch); this factory imports it only when such an
agent is made, so the rest of zerosum never loads it."""

from __future__ import annotations

import importlib.util

from ..game import SpecError
from .base import Agent

__all__ = ["alphazero"]


def alphazero(model: str | None = None, simulations: int = 200, seed: int | None = None) -> Agent:
    """A tree search guided by the network trained in ``model`` (``zerosum learn --out``),
    or by the one shipped for the game."""
    try:
        found = importlib.util.find_spec("torch")  # asked without importing it: seconds
    except (ImportError, ValueError):
        found = None
    if found is None:
        raise SpecError("alphazero needs the learn extra: pip install 'zerosum[learn]'")
    from ..alphazero.agent import AlphaZero

    return AlphaZero(model, simulations, seed)
