"""The compiled MCTS tree read back from its arrays (what a search's trace shows)."""

from __future__ import annotations

import numpy as np

import zerosum as zs
from zerosum.agents import MCTS


def test_the_arrays_read_back_as_the_root_statistics() -> None:
    game = zs.games.ConnectFour()
    agent = MCTS(iterations=500, seed=3)
    agent(game, game.initial_state)
    tree = agent._tree
    assert tree is not None and tree.compiled
    handle, action, mover, to_move, visits, *_, expanded, state = tree.seen()
    assert (action, to_move, mover, visits, expanded, state) == (None, 1, 2, 500, True, None)
    children = tree.seen_children(handle)
    stats = [(a, v, m) for a, v, m, *_ in tree.children() if v]
    assert [(c[1], c[4], c[5] / c[4]) for c in children] == stats
    assert all(c[2] == 1 and c[3] == 2 for c in children)  # X moved into them, O moves next
    assert tree.seen_count() == np.count_nonzero(tree.arrays[3]) == 501
