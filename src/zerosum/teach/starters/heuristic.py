"""Depth-limited alpha-beta with a heuristic: search ``depth`` moves ahead and judge
the positions found there with ``evaluate``."""


def evaluate(game, state, player):
    """How good ``state`` looks for ``player``, between -1 (lost) and 1 (won): for a
    terminal state, ``game.utility(state, player)``; otherwise your estimate (for
    Connect Four, say, the lines of four still open to each side)."""
    raise NotImplementedError("evaluate")


def alphabeta_depth(game, state, depth=4, evaluate=evaluate):
    """The best move for ``game.player(state)``, searching ``depth`` moves ahead with
    alpha-beta and scoring the positions at that depth (or terminal before it) with
    ``evaluate(game, s, p)``, ``p`` the player to move at the root.

    With ``depth=1`` it picks the move whose resulting position ``evaluate`` likes best.
    Never change ``state``.
    """
    raise NotImplementedError("alphabeta_depth")
