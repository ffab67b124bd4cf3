"""A learned heuristic: the value network of a trained model as ``evaluate(state, player)``,
for alpha-beta's depth cut-off beside the course's handwritten heuristics.

    >>> import zerosum as zs                                        # doctest: +SKIP
    >>> from zerosum.alphazero.heuristic import learned_evaluate   # doctest: +SKIP
    >>> game = zs.games.TicTacToe()                                 # doctest: +SKIP
    >>> agent = zs.agents.AlphaBeta(depth=2, evaluate=learned_evaluate(game))  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..game import Action, Game, SpecError, State, game_name
from .encoding import encoding_for
from .models import shipped_model
from .network import load_model

__all__ = ["learned_evaluate"]


def learned_evaluate(
    game: Game[State, Action], model: str | Path | None = None
) -> Callable[[State, int], float]:
    """``evaluate(state, player)``: the network's value of ``state`` for ``player``, in
    (-1, 1), zero-sum by construction (the network values a state for the player to move,
    and the other player gets its negation). ``model``: a training's folder, by default
    the model shipped for ``game``."""
    folder = Path(model) if model is not None else shipped_model(game)
    if folder is None:
        raise SpecError(f"no model is shipped for {game_name(game)}: give a training's folder")
    net = load_model(folder)
    encoding = encoding_for(game)

    def evaluate(state: State, player: int) -> float:
        _, values = net.predict(encoding.encode([state]))
        value = float(values[0])
        return value if game.player(state) == player else -value

    return evaluate
