"""The learned agent: a tree search guided by a trained network (``alphazero:model=DIR``),
and the two ways a training measures its network (its first choice, its search)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import numpy as np

from ..game import Action, Game, SpecError, State, format_action, game_name
from ..records.search import MCTSInfo
from .encoding import Encoding, encoding_for
from .mcts import Node, Settings, new_node, search
from .network import MODEL_FILE, PolicyValueNet, load_model

__all__ = ["AlphaZero", "network_choice", "search_choice", "shipped_model"]

#: The models shipped with the package, a folder each, named by the game's spec.
MODELS = Path(__file__).parent / "models"


def shipped_model(game: Game[State, Action]) -> Path | None:
    """The folder of the model shipped for ``game``, or None."""
    spec = getattr(game, "spec", None)
    if not isinstance(spec, str):
        return None
    for folder in sorted(MODELS.glob("*/")):
        model = folder / MODEL_FILE
        if model.exists() and _model_game(model) == spec:
            return folder
    return None


def _model_game(path: Path) -> str:
    import json

    return str(json.loads(path.read_text())["game"])


def network_choice(game: Game[State, Action], encoding: Encoding[State, Action],
                   net: PolicyValueNet, state: State) -> Action:  # fmt: skip
    """The legal action the network's policy puts first."""
    actions = list(game.actions(state))
    logits, _ = net.predict(encoding.encode([state]))
    return actions[int(np.argmax(logits[0, encoding.indices(state, actions)]))]


def search_choice(game: Game[State, Action], encoding: Encoding[State, Action],
                  net: PolicyValueNet, state: State, settings: Settings) -> Action:  # fmt: skip
    """The most visited action of a search from ``state``."""
    root = new_node(game, state)
    search(game, [root], encoding, net.predict, settings, np.random.default_rng(0))
    return root.actions[int(np.argmax(root.visits))]


class AlphaZero:
    """Plays the most visited move of a PUCT search of ``simulations`` simulations guided by
    the network in ``model`` (a training's folder); without ``model``, the one shipped for
    the game. Ties between equally visited moves go to the network's prior; ``seed`` seeds
    the search's random draws (``reset(seed)`` reseeds, as for the other agents)."""

    def __init__(self, model: str | None = None, simulations: int = 200,
                 seed: int | None = None) -> None:  # fmt: skip
        self.seed = seed
        self.rng = random.Random(seed)
        if simulations < 1:
            raise ValueError(f"simulations must be at least 1, not {simulations}")
        if model is not None and not (Path(model) / MODEL_FILE).exists():
            raise SpecError(f"alphazero: model={model}: no {MODEL_FILE} there (a folder "
                            "written by zerosum learn --out)")  # fmt: skip
        self.model = model
        self.simulations = simulations
        self.last: MCTSInfo | None = None
        self._loaded: tuple[object, PolicyValueNet, Encoding[object, object]] | None = None

    def reset(self, seed: int | None = None) -> None:
        self.rng = random.Random(self.seed if seed is None else seed)

    def _network(self, game: Game[State, Action]) -> tuple[PolicyValueNet, Encoding[State, Action]]:
        if self._loaded is not None and self._loaded[0] == game:
            return self._loaded[1], self._loaded[2]  # type: ignore[return-value]
        folder = Path(self.model) if self.model is not None else shipped_model(game)
        if folder is None:
            raise SpecError(f"alphazero: no model is shipped for {game_name(game)}; "
                            "train one with zerosum learn and give model=DIR")  # fmt: skip
        net = load_model(folder)
        encoding = encoding_for(game)
        spec = getattr(game, "spec", None)
        if (net.shape.inputs, net.shape.actions) != (encoding.size, encoding.actions) or (
            isinstance(spec, str) and net.shape.game != spec
        ):
            raise SpecError(f"alphazero: the model in {folder} was trained on "
                            f"{net.shape.game}, not {game_name(game)}")  # fmt: skip
        self._loaded = (game, net, encoding)  # type: ignore[assignment]
        return net, encoding

    def __call__(self, game: Game[State, Action], state: State) -> Action:
        start = time.perf_counter()
        net, encoding = self._network(game)
        root: Node[State, Action] = new_node(game, state)
        rng = np.random.default_rng(self.rng.getrandbits(32))
        search(game, [root], encoding, net.predict, Settings(self.simulations), rng)
        best = int(np.argmax(root.visits))
        names = [format_action(game, a) for a in root.actions]
        means = root.values()
        self.last = MCTSInfo(
            value=float(means[best]),
            depth=0,
            nodes=int(root.visits.sum()),
            seconds=time.perf_counter() - start,
            pv=(root.actions[best],),
            visits={n: int(v) for n, v in zip(names, root.visits, strict=True)},
            values={n: round(float(m), 3) for n, m in zip(names, means, strict=True)},
            iterations=self.simulations,
        )
        return root.actions[best]
