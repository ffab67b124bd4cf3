"""The reference searches agree with each other and with the solver."""

import zerosum as zs
from zerosum.game import replay
from zerosum.teach import reference
from zerosum.teach.counting import CountingGame


def test_values_match_the_solver_and_both_searches_pick_a_best_move() -> None:
    game = zs.load_game("tictactoe")
    state = replay(game, ["4", "0", "8"])
    values = dict(reference.action_values(game, state))
    assert max(values.values()) == zs.solve(game, state).value
    for search in (reference.minimax, reference.alphabeta):
        assert values[search(game, state)] == max(values.values())


def test_alphabeta_visits_fewer_nodes_and_strict_cuts_visit_at_least_as_many() -> None:
    game = zs.load_game("connect4:width=4,height=4")
    state = replay(game, "2 3 2 3 1 4 1 4".split())
    counts = []
    for search in (reference.minimax, reference.alphabeta):
        counting = CountingGame(game, state)
        search(counting, state)
        counts.append(counting.nodes)
    strict = CountingGame(game, state)
    reference.alphabeta(strict, state, strict=True)
    assert counts == [3448, 221] and counts[1] <= strict.nodes <= counts[0]


def test_depth_values_at_depth_one_are_the_evaluation_of_each_child() -> None:
    game = zs.load_game("tictactoe")

    def evaluate(g, s, p):
        return float(len(g.actions(s)))

    values = reference.depth_values(game, game.initial_state, 1, evaluate)
    assert [v for _, v in values] == [8.0] * 9
