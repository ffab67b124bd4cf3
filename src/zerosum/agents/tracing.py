"""``zs.trace``: the tree an agent's search explores for one move, for any agent that can
show it (a ``traced(game, state, cap)`` member, read through :func:`zerosum.hooks.traced`).

The data is :class:`zerosum.trace.Trace` (imported from ``zerosum.trace``, the package of
the model and its drawings; at the top level ``zs.trace`` is this function).
"""

from __future__ import annotations

from .. import hooks
from ..game import Action, Game, State
from ..trace import Trace

__all__ = ["TRACEABLE", "trace"]

#: The agents whose search can be traced, as the error of an agent that cannot says.
TRACEABLE = "Minimax, AlphaBeta, MonteCarlo, MCTS and AlphaZero"


def trace(
    agent: object, game: Game[State, Action], state: State | None = None, cap: int = 2000
) -> Trace:
    """The tree ``agent``'s search explores for a move in ``state`` (the game's start by
    default), keeping at most ``cap`` nodes (the trace counts what it left out).

    The agent's own memory is left as it was: the search runs afresh (an ``AlphaBeta``
    with an empty table), compiled when the agent's is, and then the tree is the
    compiled search's own (the trace's ``note`` says so).

    >>> import zerosum as zs
    >>> game = zs.games.TicTacToe()
    >>> tree = zs.trace(zs.agents.Minimax(depth=1), game)
    >>> len(tree.root.children), tree.visited
    (9, 10)
    """
    member = hooks.traced(agent)
    if member is None:
        raise TypeError(
            f"{agent!r} cannot show its search: zs.trace follows agents with a "
            f"traced(game, state, cap) member ({TRACEABLE})"
        )
    if state is None:
        state = game.initial_state
    if game.is_terminal(state):
        raise ValueError("the game is over: there is no move to search for")
    found = member(game, state, cap)
    found.game_object = game
    return found
