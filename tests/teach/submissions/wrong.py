"""Held-out wrong implementations the grader's tests grade: each has one known fault."""

import math
import sys


def no_pruning(game, state):
    """A minimax posing as alpha-beta: right values, every node visited."""
    me = game.player(state)

    def value(s):
        if game.is_terminal(s):
            return game.utility(s, me)
        vs = [value(game.result(s, a)) for a in game.actions(s)]
        return max(vs) if game.player(s) == me else min(vs)

    best, best_value = None, -math.inf
    for a in game.actions(state):
        v = value(game.result(state, a))
        if v > best_value:
            best, best_value = a, v
    return best


def sign_error(game, state):
    """Alpha-beta that scores leaves for the wrong player: it picks the worst move."""
    me = 3 - game.player(state)

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


def mutates(game, state):
    """Right moves, but it records its move in the (list) state it was handed."""
    best = no_pruning(game, list(state) if isinstance(state, list) else state)
    if isinstance(state, list):
        state.append(best)
    return best


def crashes(game, state):
    return {}["no such key"]


def loops(game, state):
    while True:
        pass


def floods(game, state):
    while True:
        print("x" * 1000)


def reads(game, state):
    return int(input("your move? "))


def dies(game, state):
    sys.exit(3)


def stubborn(game, state):
    """An endless loop that swallows the time limit's interruption."""
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass


def broken_import(game, state):
    import no_such_module_anywhere  # noqa: F401
