"""Depth-limited alpha-beta with an evaluation: right, and off by one ply."""

import math


def evaluate(game, state, player):
    """The utility at the end; elsewhere a fixed pseudo-random score of the state."""
    if game.is_terminal(state):
        return game.utility(state, player)
    score = sum(map(ord, repr(state))) % 7 / 10 - 0.3
    return score if player == 1 else -score


def alphabeta_depth(game, state, depth=4, evaluate=evaluate):
    me = game.player(state)

    def value(s, left, alpha, beta):
        if left == 0 or game.is_terminal(s):
            return evaluate(game, s, me)
        if game.player(s) == me:
            v = -math.inf
            for a in game.actions(s):
                v = max(v, value(game.result(s, a), left - 1, alpha, beta))
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            return v
        v = math.inf
        for a in game.actions(s):
            v = min(v, value(game.result(s, a), left - 1, alpha, beta))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    best, alpha = None, -math.inf
    for a in game.actions(state):
        v = value(game.result(state, a), depth - 1, alpha, math.inf)
        if best is None or v > alpha:
            best, alpha = a, v
    return best


def off_by_one(game, state, depth=4, evaluate=evaluate):
    """Searches one ply deeper than asked."""
    return alphabeta_depth(game, state, depth + 1, evaluate)
