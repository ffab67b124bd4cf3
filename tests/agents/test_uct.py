"""The generic MCTS tree as a trace reads it (``Tree.seen``) and ``record``'s tree:
each node's facts for the root's player and its UCT score from the final statistics."""

from __future__ import annotations

import math
import random

import zerosum as zs
from test_user_game import Nim
from zerosum.agents.uct import Tree, record


def grown(game: object, iterations: int, solver: bool = False) -> Tree:
    tree = Tree(game, game.initial_state, 1.4, solver, random.Random(0))  # type: ignore[arg-type, attr-defined]
    tree.run(iterations, None)
    return tree


def test_seen_reports_the_root_and_its_visited_children() -> None:
    game = zs.games.TicTacToe()
    tree = grown(game, 50)
    root = tree.seen()
    assert root.visits == 50 and root.to_move == 1 and root.mover == 2 and root.expanded
    children = tree.seen_children(root.handle)
    assert [child.action for child in children] == list(range(9))  # all visited, in order
    assert sum(child.visits for child in children) == 50
    assert tree.seen_count() == 51  # the root, and a new node per iteration


def test_record_scores_each_child_as_its_parent_would_choose_now() -> None:
    game = Nim(7)
    tree = grown(game, 200)
    trace_nodes = record(tree, game, game.initial_state, 1000, 1.4, False).nodes
    root = trace_nodes[0]
    for i in root.children:
        child = trace_nodes[i]
        assert child.visits and root.visits and child.mean is not None
        # the root's player chooses at the root: the mean for them plus the exploration term
        expected = child.mean + 1.4 * math.sqrt(math.log(root.visits) / child.visits)
        assert child.score is not None and math.isclose(child.score, expected)
        assert child.state == game.result(game.initial_state, int(child.move))


def test_record_keeps_the_most_visited_nodes_under_a_cap() -> None:
    game = zs.games.TicTacToe()
    tree = grown(game, 300)
    recorder = record(tree, game, game.initial_state, 10, 1.4, False)
    assert len(recorder.nodes) == 301 and recorder.visited == tree.seen_count() == 301
    top = sorted((child.visits for child in tree.seen_children(tree.root)), reverse=True)
    kept = [node.visits for node in recorder.nodes[:10] if node.ply == 1]
    assert kept == top[: len(kept)]
