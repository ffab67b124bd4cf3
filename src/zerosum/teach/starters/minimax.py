"""Minimax: the move of the best value for the player to move, searching to the end.

Use only the game's seven members (``game.player``, ``game.actions``, ``game.result``,
``game.is_terminal``, ``game.utility``, ...): the same function then plays every game.
"""


def minimax(game, state):
    """The best move for ``game.player(state)`` in ``state``, by a full minimax search.

    The value of a terminal state ``s`` for the player ``p`` who is to move at the root is
    ``game.utility(s, p)``; the player to move at a node picks the child of the best
    value for themselves. Try the moves in the order ``game.actions`` lists them and keep
    the first of equal value. Never change ``state``: ``game.result`` returns a new one.
    """
    raise NotImplementedError("minimax")
