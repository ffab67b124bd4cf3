"""Nodes counted through the game a search is handed: each state examined once."""

import zerosum as zs
from zerosum.teach import reference
from zerosum.teach.counting import CountingGame
from zerosum.teach.tree import tree_game


def test_the_textbook_counts_minimax_13_and_alphabeta_11_without_c2_c3() -> None:
    game = tree_game("textbook")
    assert game is not None
    root = game.initial_state
    plain = CountingGame(game, root)
    assert reference.minimax(plain, root) == "a1"
    assert plain.nodes == 13  # the root, three MIN nodes, nine leaves
    pruned = CountingGame(game, root)
    assert reference.alphabeta(pruned, root) == "a1"
    assert pruned.nodes == 11
    assert ["a2", "c2"] not in pruned.visited and ["a2", "c3"] not in pruned.visited


def test_a_state_made_but_never_examined_is_not_visited() -> None:
    game = zs.load_game("tictactoe")
    counting = CountingGame(game, game.initial_state)
    children = [
        counting.result(game.initial_state, a) for a in counting.actions(game.initial_state)
    ]
    assert counting.nodes == 1  # only the root was looked at
    counting.is_terminal(children[0])
    counting.actions(children[0])
    assert counting.nodes == 2  # one child, counted once however often it is asked about
    assert counting.render(children[0]) == game.render(children[0])  # the game's own members
