"""Agents for the montecarlo and agent tasks: a right Monte-Carlo, and weak players."""

import math
import random


def montecarlo(game, state, playouts=100):
    me = game.player(state)
    rng = random.Random(0)
    best, best_score = None, -math.inf
    for a in game.actions(state):
        total = 0
        for _ in range(playouts):
            s = game.result(state, a)
            while not game.is_terminal(s):
                s = game.result(s, rng.choice(game.actions(s)))
            total += game.utility(s, me)
        if total > best_score:
            best, best_score = a, total
    return best


def first(game, state):
    """Always the first legal move."""
    return game.actions(state)[0]


def greedy(game, state):
    """Wins at once when it can, else the first move: it beats a random player, not a search."""
    me = game.player(state)
    for a in game.actions(state):
        s = game.result(state, a)
        if game.is_terminal(s) and game.utility(s, me) > 0:
            return a
    return game.actions(state)[0]
