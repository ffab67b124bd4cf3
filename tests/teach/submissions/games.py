LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToe:
    draw = 0

    @property
    def initial_state(self):
        return ((0,) * 9, 1)

    def player(self, state):
        return state[1]

    def actions(self, state):
        if self.is_terminal(state):
            return []
        return [i for i in range(9) if state[0][i] == 0]

    def result(self, state, action):
        board = list(state[0])
        board[action] = state[1]
        return (tuple(board), 3 - state[1])

    def winner(self, state):
        b = state[0]
        for x, y, z in LINES:
            if b[x] and b[x] == b[y] == b[z]:
                return b[x]
        return 0

    def is_terminal(self, state):
        return self.winner(state) != 0 or all(state[0])

    def utility(self, state, player):
        w = self.winner(state)
        if w == 0:
            return self.draw
        return 1 if w == player else -1

    def print_state(self, state):
        print(state)


class DrawIsWin(TicTacToe):
    def utility(self, state, player):
        w = self.winner(state)
        return 1 if w == 0 else (1 if w == player else -1)


class MutatingResult(TicTacToe):
    """A board of lists whose result plays the move on the state it is handed."""

    @property
    def initial_state(self):
        return [[0] * 9, 1]

    def result(self, state, action):
        state[0][action] = state[1]
        state[1] = 3 - state[1]
        return state

    def winner(self, state):
        return super().winner((tuple(state[0]), state[1]))

    def is_terminal(self, state):
        return self.winner(state) != 0 or all(state[0])


class NoFullBoard(TicTacToe):
    """Forgets that a full board ends the game."""

    def is_terminal(self, state):
        return self.winner(state) != 0
