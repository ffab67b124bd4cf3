"""The textbook's tree as a game: its moves are named as in the book, leaves are MAX's."""

from zerosum.teach.tree import TEXTBOOK, TreeGame, tree_game


def test_the_textbook_tree_names_its_moves_as_the_book() -> None:
    game = tree_game("textbook")
    assert isinstance(game, TreeGame) and game.tree == TEXTBOOK
    root = game.initial_state
    assert game.actions(root) == ["a1", "a2", "a3"] and game.player(root) == 1
    assert [game.actions([a]) for a in game.actions(root)] == [
        ["b1", "b2", "b3"],
        ["c1", "c2", "c3"],
        ["d1", "d2", "d3"],
    ]
    leaf = game.result(game.result(root, "a2"), "c1")
    assert game.is_terminal(leaf) and game.utility(leaf, 1) == 2 and game.utility(leaf, 2) == -2
    assert tree_game("other") is None


def test_result_makes_a_new_state() -> None:
    game = TreeGame(TEXTBOOK)
    root = game.initial_state
    child = game.result(root, "a1")
    assert root == [] and child == ["a1"] and child is not game.result(root, "a1")
