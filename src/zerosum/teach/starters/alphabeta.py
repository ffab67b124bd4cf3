"""Alpha-beta: minimax's move, found while skipping the branches that cannot matter."""


def alphabeta(game, state):
    """The best move for ``game.player(state)`` in ``state``, by alpha-beta search to
    the end of the game.

    It returns a move of the same value as minimax, and, trying the moves in the order
    ``game.actions`` lists them, it visits exactly the positions textbook alpha-beta
    visits: a branch is cut as soon as its value is known to be no better than
    ``alpha`` (for the maximizing player) or no worse than ``beta`` (for the minimizing
    one). Never change ``state``.
    """
    raise NotImplementedError("alphabeta")
