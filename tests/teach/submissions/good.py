import math


def alphabeta(game, state):
    me = game.player(state)

    def max_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, me)
        v = -math.inf
        for a in game.actions(s):
            v = max(v, min_value(game.result(s, a), alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, me)
        v = math.inf
        for a in game.actions(s):
            v = min(v, max_value(game.result(s, a), alpha, beta))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    best, alpha = None, -math.inf
    for a in game.actions(state):
        v = min_value(game.result(state, a), alpha, math.inf)
        if v > alpha:
            best, alpha = a, v
    return best


def minimax(game, state):
    me = game.player(state)

    def value(s):
        if game.is_terminal(s):
            return game.utility(s, me)
        vs = [value(game.result(s, a)) for a in game.actions(s)]
        return max(vs) if game.player(s) == me else min(vs)

    return max(game.actions(state), key=lambda a: value(game.result(state, a)))
