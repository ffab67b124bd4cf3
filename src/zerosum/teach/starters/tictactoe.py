"""Tic-tac-toe as a game zerosum can play: fill in the seven members below.

A state is whatever you choose (a tuple of 9 cells and the player to move is a good
start); zerosum only ever hands back to your methods the states they returned.
Players are 1 (X, who moves first) and 2 (O).
"""


class TicTacToe:
    """Three in a row on a 3x3 board wins; a full board without one is a draw."""

    @property
    def initial_state(self):
        """The empty board, player 1 (X) to move."""
        raise NotImplementedError("TicTacToe.initial_state")

    def player(self, state):
        """The player to move in ``state``: 1 or 2."""
        raise NotImplementedError("TicTacToe.player")

    def actions(self, state):
        """The legal moves in ``state``, as a list: the empty squares, numbered 0 to 8
        row by row from the top left. An empty list when the game is over."""
        raise NotImplementedError("TicTacToe.actions")

    def result(self, state, action):
        """The state after the player to move plays ``action``. Never changes ``state``
        itself: return a new one."""
        raise NotImplementedError("TicTacToe.result")

    def is_terminal(self, state):
        """True when the game is over: a line of three, or a full board."""
        raise NotImplementedError("TicTacToe.is_terminal")

    def utility(self, state, player):
        """For a terminal ``state``: 1 if ``player`` won, -1 if they lost, 0 for a draw
        (so ``utility(s, 1) == -utility(s, 2)``)."""
        raise NotImplementedError("TicTacToe.utility")

    def print_state(self, state):
        """Print the board, a row per line, X, O and . for an empty square."""
        raise NotImplementedError("TicTacToe.print_state")
