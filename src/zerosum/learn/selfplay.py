"""Self-play: many games at once, each move chosen by a tree search with the current
network, and every position kept as a training sample.

A sample is the encoded position, the share of the search's visits per action index
(what the policy learns) and the game's final result for the player who moved there
(what the value learns). Moves of the first ``explore_plies`` plies are drawn in
proportion to their visits, later ones are the most visited, and the root's priors get
Dirichlet noise, so that self-play sees more than one line. With ``random_plies``, each
game first plays between 0 and that many uniformly random moves, unrecorded: the network
then also learns positions that its own play never reaches, such as those that
``zerosum grade`` draws from random games.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..alphazero import forest
from ..alphazero.encoding import Encoding
from ..alphazero.mcts import Evaluate, Node, Settings, new_node, search
from ..game import Action, Game, State
from ..kernels.rules import OPEN
from ..records.rules import Rules

__all__ = ["Samples", "random_opening", "self_play"]


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
    random_plies: int = 0,
) -> Samples:
    """Play ``games`` games of ``game`` against itself, all at once; their samples. A game
    with compiled rules plays in the compiled forest (:mod:`zerosum.alphazero.forest`),
    which starts each move's search afresh; others in the Python tree, which keeps the
    subtree of the move played."""
    rng = np.random.default_rng(seed)
    starts = [random_opening(game, int(rng.integers(0, random_plies + 1)) if random_plies else 0,
                             rng) for _ in range(games)]  # fmt: skip
    if encoding.rules is not None:
        return _self_play_compiled(encoding.rules, starts, evaluate, settings, explore_plies,
                                   rng)  # fmt: skip
    roots: list[Node[State, Action]] = [new_node(game, start) for start in starts]
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


def random_opening(game: Game[State, Action], plies: int, rng: np.random.Generator) -> State:
    """The position after up to ``plies`` uniformly random moves from the start, stopping
    short of a move that would end the game."""
    state = game.initial_state
    for _ in range(plies):
        actions = list(game.actions(state))
        after = game.result(state, actions[int(rng.integers(len(actions)))])
        if game.is_terminal(after):
            break
        state = after
    return state


def _self_play_compiled(rules: Rules, starts: list[State], evaluate: Evaluate,
                        settings: Settings, explore_plies: int,
                        rng: np.random.Generator) -> Samples:  # fmt: skip
    """:func:`self_play` in the compiled forest: positions as masks, moves as codes."""
    games = len(starts)
    unpacked = [rules.unpack(start) for start in starts]
    a = np.array([u[0] for u in unpacked], np.uint64)
    b = np.array([u[1] for u in unpacked], np.uint64)
    player = np.array([u[2] for u in unpacked], np.int8)
    trees = np.arange(games, dtype=np.int64)
    woods = forest.new_forest(games, settings.simulations, rules.most_moves)
    rows: list[tuple[int, npt.NDArray[np.float32], npt.NDArray[np.float32], int]] = []
    results = np.zeros(games)
    ply = 0
    while len(trees):
        here = (a[trees], b[trees], player[trees])
        forest.search_forest(rules.record, woods, trees, here, evaluate, settings, rng)
        encoded = forest.encode_masks(*here)
        codes = np.empty(len(trees), np.int64)
        for i, t in enumerate(trees):
            moves, visits = forest.root_children(woods, int(t))
            policy = np.zeros(forest.CODES, np.float32)
            policy[moves] = visits / visits.sum()
            rows.append((int(t), encoded[i], policy, int(player[t])))
            if ply < explore_plies:
                codes[i] = moves[rng.choice(len(moves), p=visits / visits.sum())]
            else:
                codes[i] = moves[int(np.argmax(visits))]
        new_a, new_b, ended = forest.step(rules.record, *here, codes)
        a[trees], b[trees], player[trees] = new_a, new_b, 3 - player[trees]
        over = ended != OPEN
        results[trees[over]] = ended[over]
        trees = trees[~over]
        ply += 1
    return Samples(
        np.stack([r[1] for r in rows]),
        np.stack([r[2] for r in rows]),
        np.array([results[g] if p == 1 else -results[g] for g, _, _, p in rows], np.float32),
        games,
    )
