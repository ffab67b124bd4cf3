"""Monte-Carlo: judge each move by random games played from it."""


def montecarlo(game, state, playouts=100):
    """The move with the best average result for ``game.player(state)`` over
    ``playouts`` random games (random moves to the end) played after it.

    Count a win as 1, a draw as 0 and a loss as -1 for the player to move at the root
    (``game.utility(end, p)``). Never change ``state``.
    """
    raise NotImplementedError("montecarlo")
