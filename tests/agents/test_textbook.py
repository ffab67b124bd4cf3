"""The textbook, node for node (#26, item 3): with every improvement off, ``AlphaBeta``
visits exactly the nodes of the textbook's recursive alpha-beta in the game's action
order and plays Minimax's move, the first best in action order, with its value."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import zerosum as zs
from helpers import SMALL_GAMES
from search_helpers import Kayles, random_state
from zerosum.agents import AlphaBeta, Minimax
from zerosum.agents.base import evaluator
from zerosum.agents.traced_search import spoken
from zerosum.game import zero
from zerosum.trace import Trace

Path = tuple[str, ...]


def textbook(depth: int, **switches: Any) -> AlphaBeta:
    """The spelling the docs give for the textbook's alpha-beta."""
    options = {"ordering": False, "table": False, "depth_adjust": False, "compiled": False}
    return AlphaBeta(depth, **{**options, **switches})


def reference_minimax(game: Any, state: Any, depth: int) -> tuple[float, Any, list[Path]]:
    """Minimax as the textbooks write it: ``(value, first best move, nodes visited)``."""
    me, evaluate, seen = game.player(state), evaluator(game, None), []

    def value(s: Any, d: int, path: Path) -> float:
        seen.append(path)
        if game.is_terminal(s):
            return game.utility(s, me)
        if d == 0:
            return evaluate(s, me)
        values = [
            value(game.result(s, m), d - 1, (*path, spoken(game, m))) for m in game.actions(s)
        ]
        return max(values) if game.player(s) == me else min(values)

    return _root(game, state, depth, seen, lambda s, d, path, alpha: value(s, d, path))


def reference_alphabeta(game: Any, state: Any, depth: int) -> tuple[float, Any, list[Path]]:
    """Alpha-beta as the textbooks write it (AIMA's ``alphabeta_search``, MAX and MIN)."""
    me, evaluate, seen = game.player(state), evaluator(game, None), []

    def value(s: Any, d: int, alpha: float, beta: float, path: Path) -> float:
        seen.append(path)
        if game.is_terminal(s):
            return game.utility(s, me)
        if d == 0:
            return evaluate(s, me)
        if game.player(s) == me:
            v = -math.inf
            for m in game.actions(s):
                v = max(v, value(game.result(s, m), d - 1, alpha, beta, (*path, spoken(game, m))))
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            return v
        v = math.inf
        for m in game.actions(s):
            v = min(v, value(game.result(s, m), d - 1, alpha, beta, (*path, spoken(game, m))))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    return _root(
        game, state, depth, seen, lambda s, d, path, alpha: value(s, d, alpha, math.inf, path)
    )


def _root(
    game: Any, state: Any, depth: int, seen: list[Path], value: Any
) -> tuple[float, Any, list[Path]]:
    seen.append(())
    best, move = -math.inf, None
    for m in game.actions(state):
        v = value(game.result(state, m), depth - 1, (spoken(game, m),), best)
        if v > best:
            best, move = v, m
    return best, move, seen


def visited(trace: Trace) -> list[Path]:
    """The paths of the nodes a trace says the search looked at, in search order."""
    paths: dict[int, Path] = {}
    for node in trace.nodes:
        paths[node.id] = () if node.parent is None else (*paths[node.parent], node.move)
    return [paths[node.id] for node in trace.nodes if node.kind != "pruned"]


def positions(spec: str, count: int, seed: int) -> list[Any]:
    """``count`` positions of the game, a few random moves from its start, not over."""
    game, rng, found = zs.load_game(spec), random.Random(seed), []
    while len(found) < count:
        state = game.initial_state
        for _ in range(rng.randrange(6)):
            if game.is_terminal(state):
                break
            state = game.result(state, rng.choice(list(game.actions(state))))
        if not game.is_terminal(state):
            found.append(state)
    return found


def _depths(spec: str) -> range:
    return range(1, 3) if spec.startswith(("othello:size=6", "connect4:width=9")) else range(1, 4)


@pytest.mark.parametrize("spec", [*SMALL_GAMES, "kayles"])
def test_alphabeta_visits_the_textbooks_nodes_and_plays_minimaxs_move(spec: str) -> None:
    game = Kayles(6) if spec == "kayles" else zs.load_game(spec)
    states = [game.initial_state] if spec == "kayles" else positions(spec, 2, seed=len(spec))
    for state in states:
        for depth in _depths(spec):
            value, move, seen = reference_alphabeta(game, state, depth)
            agent = textbook(depth, trace=100_000)
            assert agent(game, state) == move
            assert agent.last is not None and agent.last.trace is not None
            assert agent.last.value == value
            assert visited(agent.last.trace) == seen
            assert agent.last.nodes == len(seen) - 1  # the nodes below the root

            mm_value, mm_move, mm_seen = reference_minimax(game, state, depth)
            minimax = Minimax(depth, trace=100_000)
            assert minimax(game, state) == mm_move == move
            assert minimax.last is not None and minimax.last.value == mm_value == value
            assert minimax.last.trace is not None and visited(minimax.last.trace) == mm_seen
            assert minimax.last.nodes == len(mm_seen)


@pytest.mark.parametrize(
    "spec", ["tictactoe", "connect4:width=5,height=4", "migration:n=5", "pick:n=3"]
)
def test_the_compiled_search_with_every_improvement_off_plays_minimaxs_move(spec: str) -> None:
    game = zs.load_game(spec)
    for state in positions(spec, 3, seed=7):
        for depth in (1, 2, 3):
            agent = AlphaBeta(depth, ordering=False, table=False, depth_adjust=False)
            minimax = Minimax(depth)
            assert agent(game, state) == minimax(game, state)
            assert agent.last is not None and minimax.last is not None
            assert agent.last.value == minimax.last.value


def test_migration_from_the_start_at_depth_2_plays_minimaxs_move() -> None:
    """The issue's case: the first best move in action order, as the course notebook."""
    game = zs.load_game("migration:n=8")
    state = game.initial_state
    minimax = Minimax(2)
    move = minimax(game, state)
    assert textbook(2)(game, state) == move
    assert AlphaBeta(2, ordering=False, table=False, depth_adjust=False)(game, state) == move


class ThreePlies:
    """The textbooks' example tree (AIMA, figure 5.2 and 5.5): MAX at the root, three MIN
    children, leaves 3 12 8 / 2 4 6 / 14 5 2. A state is the path of moves taken."""

    LEAVES = ((3, 12, 8), (2, 4, 6), (14, 5, 2))
    initial_state: tuple[int, ...] = ()

    def player(self, state: tuple[int, ...]) -> int:
        return 1 if len(state) % 2 == 0 else 2

    def actions(self, state: tuple[int, ...]) -> list[int]:
        return [0, 1, 2]

    def result(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
        return (*state, action)

    def is_terminal(self, state: tuple[int, ...]) -> bool:
        return len(state) == 2

    def utility(self, state: tuple[int, ...], player: int) -> float:
        value = self.LEAVES[state[0]][state[1]]
        return value if player == 1 else -value


def test_the_textbooks_three_ply_tree_prunes_the_leaves_4_and_6() -> None:
    game = ThreePlies()
    agent = textbook(2, trace=100)
    assert agent(game, game.initial_state) == 0
    assert agent.last is not None and agent.last.value == 3
    tree = agent.last.trace
    assert tree is not None
    pruned = [(n.parent, n.move) for n in tree.nodes if n.kind == "pruned"]
    second = tree.root.children[1]
    assert pruned == [(second, "1"), (second, "2")]  # the leaves 4 and 6
    # the leaf 2 cuts under the second MIN node; the last leaf 2 meets the test too,
    # with no sibling left to prune
    cut = [n for n in tree.nodes if n.cut]
    third = tree.root.children[2]
    assert [(n.parent, n.move, n.value) for n in cut] == [(second, "0", 2), (third, "2", 2)]
    assert "at most alpha = 3" in cut[0].reason
    why = "0 (2 <= alpha 3) already showed that MAX, above, avoids this position"
    assert all(n.reason == why for n in tree.nodes if n.kind == "pruned")  # the why only
    leaves = [n.value for n in tree.nodes if n.kind == "terminal"]
    assert leaves == [3, 12, 8, 2, 14, 5, 2]
    assert tree.nodes[second].alpha == 3 and tree.nodes[second].beta == math.inf
    assert [tree.nodes[i].value for i in tree.root.children] == [3, 2, 2]
    assert tree.pv[:2] == [0, tree.root.children[0]]
    assert agent.last.nodes == 3 + 7  # the MIN nodes and the leaves looked at
    assert Minimax(2)(game, game.initial_state) == 0


def test_a_seed_breaks_ties_at_random_instead() -> None:
    game, flat = zs.games.TicTacToe(), zero  # every move of the start ties at depth 2
    start = game.initial_state
    moves = {textbook(2, seed=seed, evaluate=flat)(game, start) for seed in range(20)}
    assert len(moves) > 1
    assert textbook(2, evaluate=flat)(game, start) == Minimax(2, flat)(game, start) == 0


def test_depth_0_scores_the_position_with_the_heuristic() -> None:
    game = zs.load_game("connect4:width=5,height=4")
    state = game.result(game.initial_state, 2)
    expected = evaluator(game, None)(state, game.player(state))
    for agent in (Minimax(0), AlphaBeta(0), textbook(0)):
        assert agent(game, state) == game.actions(state)[0]
        assert agent.last is not None and agent.last.value == expected
        assert agent.last.depth == 0
    tree = zs.trace(AlphaBeta(0), game, state)
    assert tree.root.kind == "cutoff" and tree.root.heuristic == expected
    with pytest.raises(ValueError, match="at least 0"):
        Minimax(-1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    spec=st.sampled_from(
        ["tictactoe", "connect4:width=4,height=4,k=3", "pick:n=3", "migration:n=3"]
    ),
    depth=st.integers(0, 3),
)
def test_textbook_alphabeta_and_minimax_agree_on_move_and_value(
    data: st.DataObject, spec: str, depth: int
) -> None:
    game = zs.load_game(spec)
    state = random_state(game, data, most=5)
    if game.is_terminal(state):
        return
    agent, minimax = textbook(depth), Minimax(depth)
    assert agent(game, state) == minimax(game, state)
    assert agent.last is not None and minimax.last is not None
    assert agent.last.value == minimax.last.value


def test_minimax_scores_cut_off_positions_for_the_root_player_alone() -> None:
    """Minimax runs the shared negamax, which scores a position for the player to move at
    its parent; it still asks ``evaluate`` only for the root's player, so a heuristic that
    is not antisymmetric gives the textbook's value and move."""
    game = zs.games.TicTacToe()

    def lopsided(state: Any, player: int) -> float:  # one number for X, another for O
        return float(sum(int(part) for part in state) % 5) if player == 1 else 7.0

    for state in positions("tictactoe", 3, seed=3):
        me = game.player(state)

        def value(s: Any, d: int, me: int = me) -> float:
            if game.is_terminal(s):
                return game.utility(s, me)
            if d == 0:
                return lopsided(s, me)
            found = [value(game.result(s, m), d - 1) for m in game.actions(s)]
            return max(found) if game.player(s) == me else min(found)

        children = [(value(game.result(state, m), 1), m) for m in game.actions(state)]
        best = max(v for v, _ in children)
        agent = Minimax(2, evaluate=lopsided)
        assert agent(game, state) == next(m for v, m in children if v == best)
        assert agent.last is not None and agent.last.value == best
