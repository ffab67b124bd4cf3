"""Positions the Connect Four solver searches to score every move of a position
(``connect4.analyze``, what ``zs.solve`` and a fully proving ``perfect`` need) against
proving one move that keeps the position's known value (``connect4.keeping_move``, what
``perfect`` plays when a deadline leaves no time for the rest), on positions of 7x6 games
of ``alphabeta:depth=6`` against itself after three random moves. Node counts do not
depend on the machine's load; times are given too. Each search starts from an empty table.

    PYTHONPATH=src python benchmarks/keeping_move.py --ply 8 --games 10
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import zerosum as zs
from zerosum.games.connect_four import solver as connect4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ply", type=int, default=8, help="stones on the board (8)")
    parser.add_argument("--games", type=int, default=10, help="positions (10)")
    args = parser.parse_args()
    game = zs.games.ConnectFour()
    searcher = zs.make_agent("alphabeta:depth=6")
    searcher.prepare(game)
    print("| moves | value | every move: nodes | s | one safe move: nodes | s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    ratios = []
    for index in range(args.games):
        rng = random.Random(index)
        state, moves = game.initial_state, []
        while state[2] < args.ply and not game.is_terminal(state):
            action = rng.choice(game.actions(state)) if state[2] < 3 else searcher(game, state)
            moves.append(action)
            state = game.result(state, action)
        if game.is_terminal(state):
            continue
        p1, p2, plies, _ = state
        current = p1 if plies % 2 == 0 else p2
        begin = time.perf_counter()
        scores, every = connect4.analyze_counted(current, p1 | p2, tt=connect4.TranspositionTable())
        every_s = time.perf_counter() - begin
        best = max(s for s in scores if s is not None)
        value = (best > 0) - (best < 0)
        begin = time.perf_counter()
        column, safe = connect4.keeping_move(
            current, p1 | p2, value, tt=connect4.TranspositionTable()
        )
        safe_s = time.perf_counter() - begin
        kept = scores[column]
        assert kept is not None and (kept > 0) - (kept < 0) == value
        if value >= 0:  # any move keeps a loss: nothing to prove
            ratios.append(every / safe)
        text = "".join(str(m + 1) for m in moves)
        print(f"| {text} | {value:+d} | {every:,} | {every_s:.2f} | {safe:,} | {safe_s:.2f} |")
    if ratios:
        print(
            f"won or drawn positions: every move / one safe move, median of nodes "
            f"{statistics.median(ratios):.1f}x"
        )


if __name__ == "__main__":
    main()
