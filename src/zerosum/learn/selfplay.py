"""Self-play: many games at once, each move chosen by a tree search with the current
network, and every position kept as a training sample.

A sample is the encoded position, the share of the search's visits per action index
(what the policy learns) and the game's final result for the player who moved there
(what the value learns). Moves of the first ``explore_plies`` plies are drawn in
proportion to their visits, later ones are the most visited, and the root's priors get
Dirichlet noise, so that self-play sees more than one line.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..alphazero.encoding import Encoding
from ..alphazero.mcts import Evaluate, Node, Settings, new_node, search
from ..game import Action, Game, State

__all__ = ["Samples", "self_play"]


@dataclass(frozen=True)
class Samples:
    """Training samples: ``states`` (n, size), ``policies`` (n, actions), ``outcomes`` (n,)
    for the mover of each state; ``games`` played to produce them."""

    states: npt.NDArray[np.float32]
    policies: npt.NDArray[np.float32]
    outcomes: npt.NDArray[np.float32]
    games: int

    def __len__(self) -> int:
        return len(self.outcomes)

    @staticmethod
    def join(parts: list[Samples]) -> Samples:
        return Samples(
            np.concatenate([p.states for p in parts]),
            np.concatenate([p.policies for p in parts]),
            np.concatenate([p.outcomes for p in parts]),
            sum(p.games for p in parts),
        )


def self_play(
    game: Game[State, Action],
    encoding: Encoding[State, Action],
    evaluate: Evaluate,
    settings: Settings,
    games: int,
    explore_plies: int,
    seed: int,
) -> Samples:
    """Play ``games`` games of ``game`` against itself, all at once; their samples."""
    rng = np.random.default_rng(seed)
    roots: list[Node[State, Action]] = [new_node(game, game.initial_state) for _ in range(games)]
    seen: list[list[tuple[State, int, npt.NDArray[np.float32]]]] = [[] for _ in range(games)]
    outcomes: list[float] = [0.0] * games
    ply = 0
    playing = list(range(games))
    while playing:
        search(game, [roots[g] for g in playing], encoding, evaluate, settings, rng)
        still = []
        for g in playing:
            root = roots[g]
            policy = np.zeros(encoding.actions, np.float32)
            policy[encoding.indices(root.state, root.actions)] = root.visits / root.visits.sum()
            seen[g].append((root.state, root.player, policy))
            if ply < explore_plies:
                choice = int(rng.choice(len(root.actions), p=root.visits / root.visits.sum()))
            else:
                choice = int(np.argmax(root.visits))
            child = root.children.get(choice)
            if child is None:
                child = new_node(game, game.result(root.state, root.actions[choice]))
            if child.terminal:
                outcomes[g] = child.outcome
            else:
                roots[g] = child  # the subtree searched so far is kept
                still.append(g)
        playing = still
        ply += 1
    rows = [(s, p, pol, outcomes[g]) for g in range(games) for s, p, pol in seen[g]]
    return Samples(
        encoding.encode([s for s, _, _, _ in rows]),
        np.stack([pol for _, _, pol, _ in rows]),
        np.array([o if p == 1 else -o for _, p, _, o in rows], np.float32),
        games,
    )
