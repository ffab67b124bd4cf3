"""Your Connect Four agent for the class tournament.

``agent(game, state)`` is asked for a move in every position where it is its turn and
must answer within the tournament's time per move. It may search with the ideas of the
course (alpha-beta, a heuristic, Monte-Carlo) or anything else; only the game's seven
members are available to it.
"""


def agent(game, state):
    """The column to play (one of ``game.actions(state)``) for ``game.player(state)``."""
    raise NotImplementedError("agent")
