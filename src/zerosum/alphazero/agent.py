"""The learned agent: a tree search guided by a trained network (``alphazero:model=DIR``),
and the two ways a training measures its network (its first choice, its search)."""

from __future__ import annotations

import heapq
import itertools
import random
import time
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..game import Action, Game, SpecError, State, format_action, game_name
from ..records.search import MCTSInfo
from ..records.trace import Recorder, Trace
from .encoding import Encoding, encoding_for
from .mcts import Node, Settings, new_node, search
from .models import MODEL_FILE, shipped_model

if TYPE_CHECKING:
    from .network import PolicyValueNet

__all__ = ["AlphaZero", "network_choice", "search_choice"]


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
        try:
            from .network import load_model  # PyTorch: loaded with the first model
        except ImportError as exc:
            raise SpecError(f"alphazero needs the learn extra: pip install 'zerosum[learn]' "
                            f"({exc})") from None  # fmt: skip

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

    def prepare(self, game: Game[State, Action]) -> None:
        """Load the network for ``game`` (PyTorch imported, the model read) before the
        first move, off its clock, as hosts prepare every agent."""
        self._network(game)

    def __call__(self, game: Game[State, Action], state: State) -> Action:
        start = time.perf_counter()
        root = self._search(game, state, self.rng)
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

    def _search(self, game: Game[State, Action], state: State,
                rng: random.Random) -> Node[State, Action]:  # fmt: skip
        net, encoding = self._network(game)
        root: Node[State, Action] = new_node(game, state)
        draws = np.random.default_rng(rng.getrandbits(32))
        search(game, [root], encoding, net.predict, Settings(self.simulations), draws)
        return root

    def traced(self, game: Game[State, Action], state: State, cap: int) -> Trace:
        """The tree a move's search in ``state`` grows, at most ``cap`` nodes, the most
        visited first: each node with the network's ``prior`` for the move that led
        there, its ``visits`` and its ``mean`` value for the root's player. The search
        draws from a copy of this agent's random stream, which is left as it was."""
        root = self._search(game, state, random.Random(self.seed))
        recorder = Recorder(cap)
        player = root.player
        # (-visits, order, parent's id, move, node, prior, mean): the most visited first
        waiting: list[tuple[int, int, int | None, str, Node[State, Action], float | None, float]]
        waiting = []
        order = itertools.count()
        mean = float(root.totals.sum() / max(root.visits.sum(), 1))
        heapq.heappush(waiting, (-int(root.visits.sum()), next(order), None, "", root, None, mean))
        while waiting:
            visits, _, parent, move, node, prior, mean = heapq.heappop(waiting)
            here = recorder.enter(
                parent, move, node.player == player, node.state,
                kind="terminal" if node.terminal else "inner",
                visits=-visits, mean=mean, prior=prior,
                value=(node.outcome if player == 1 else -node.outcome) if node.terminal else None,
            )  # fmt: skip
            if here is None:
                continue
            sign = 1.0 if node.player == player else -1.0
            for choice, child in node.children.items():
                child_mean = sign * node.totals[choice] / max(node.visits[choice], 1)
                shown = format_action(game, node.actions[choice])
                heapq.heappush(waiting, (-int(node.visits[choice]), next(order), here, shown,
                                         child, round(float(node.priors[choice]), 4),
                                         float(child_mean)))  # fmt: skip
        best = int(np.argmax(root.visits))
        move = format_action(game, root.actions[best])
        nodes = recorder.nodes
        pv = [0] + [i for i in nodes[0].children if nodes[i].move == move][:1]
        switches: dict[str, object] = {"model": self.model, "simulations": self.simulations,
                                       "seed": self.seed}  # fmt: skip
        return recorder.trace("alphazero", _name(self), game_name(game), game_object=game,
                              move=move, value=float(root.values()[best]), pv=pv,
                              switches=switches)  # fmt: skip


def _name(agent: AlphaZero) -> str:
    spec = getattr(agent, "spec", None)
    return spec if isinstance(spec, str) else "alphazero"
