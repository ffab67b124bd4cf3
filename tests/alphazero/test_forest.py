"""The compiled forest searches as the Python tree does: the same visits for every move on
every small game with compiled rules, and self-play in it gives legal, scored samples."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="the learn extra (scripts/test.sh installs it)")

from helpers import SMALL_GAMES  # noqa: E402
from zerosum.alphazero import forest  # noqa: E402
from zerosum.alphazero.encoding import encoding_for  # noqa: E402
from zerosum.alphazero.mcts import Settings, new_node, search  # noqa: E402
from zerosum.alphazero.network import NetShape, PolicyValueNet  # noqa: E402
from zerosum.games import load_game  # noqa: E402
from zerosum.learn.selfplay import self_play  # noqa: E402

COMPILED = [spec for spec in SMALL_GAMES if load_game(spec).compiled_rules() is not None]


def positions(game, count: int, seed: int):  # type: ignore[no-untyped-def]
    """Unfinished positions a few random plies in."""
    rng = np.random.default_rng(seed)
    found = []
    while len(found) < count:
        state = game.initial_state
        for _ in range(int(rng.integers(0, 6))):
            actions = list(game.actions(state))
            state = game.result(state, actions[rng.integers(len(actions))])
            if game.is_terminal(state):
                break
        if not game.is_terminal(state):
            found.append(state)
    return found


@pytest.mark.parametrize("spec", COMPILED)
def test_the_forest_visits_every_move_as_the_python_tree_does(spec: str) -> None:
    game = load_game(spec)
    encoding = encoding_for(game)
    rules = encoding.rules
    assert rules is not None
    torch.manual_seed(7)
    net = PolicyValueNet(NetShape(spec, encoding.size, encoding.actions))
    states = positions(game, 3, seed=len(spec))
    for simulations in (1, 7, 40):
        settings = Settings(simulations)
        woods = forest.new_forest(len(states), simulations, rules.most_moves)
        masks = [rules.unpack(s) for s in states]
        here = (np.array([m[0] for m in masks], np.uint64),
                np.array([m[1] for m in masks], np.uint64),
                np.array([m[2] for m in masks], np.int8))  # fmt: skip
        trees = np.arange(len(states), dtype=np.int64)
        forest.search_forest(rules.record, woods, trees, here, net.predict, settings,
                             np.random.default_rng(0))  # fmt: skip
        for t, state in enumerate(states):
            root = new_node(game, state)
            search(game, [root], encoding, net.predict, settings, np.random.default_rng(0))
            python = {
                encoding.index(state, a): v for a, v in zip(root.actions, root.visits, strict=True)
            }
            codes, visits = forest.root_children(woods, t)
            compiled = {int(c): v for c, v in zip(codes, visits, strict=True)}
            assert compiled == python, (spec, simulations, t)


def test_compiled_self_play_gives_legal_scored_samples() -> None:
    game = load_game("tictactoe")
    encoding = encoding_for(game)
    net = PolicyValueNet(NetShape("tictactoe", encoding.size, encoding.actions))
    samples = self_play(game, encoding, net.predict, Settings(12, noise=0.25), 5, 2, seed=1)
    assert samples.games == 5 and len(samples) >= 25
    empty = (samples.states[:, :9] == 0) & (samples.states[:, 64:73] == 0)
    played = samples.policies[:, :9] > 0
    assert not (played & ~empty).any(), "visits on a taken cell"
    assert np.allclose(samples.policies.sum(axis=1), 1.0) and (samples.policies[:, 9:] == 0).all()
    assert set(np.unique(samples.outcomes)) <= {-1.0, 0.0, 1.0}
