"""The searches of two checkouts side by side: compiled alpha-beta, playouts, MCTS, solves
(``zs.solve``) and the Connect Four solver, and the Python path's alpha-beta, minimax and
Monte-Carlo.

    python benchmarks/compiled_side_by_side.py OLD_SRC NEW_SRC [--rounds 3]

Each round runs one fresh process per checkout (``PYTHONPATH`` set to its ``src``), old
and new in turn, so a slow spell of a shared machine falls on both; each process times
every workload after a warm-up call (numba's compilation is not counted) and reports
seconds and node counts. The table gives the median over rounds and new / old (below 1:
faster). Equal node counts show the searches did the same work. ``--cold`` also times a
fresh process's first compiled call (import, then one depth-4 AlphaBeta move) with the
cache warm.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

WORKER = r"""
import json, sys, time
from pathlib import Path
import numpy as np
import zerosum as zs
from zerosum.agents import AlphaBeta, MCTS, Minimax, MonteCarlo
try:
    from zerosum.games.connect_four import solver as c4
except ImportError:  # a checkout from before Connect Four was one folder
    try:
        from zerosum.games import connect_four_solver as c4
    except ImportError:  # from before the solver moved to its game
        from zerosum.kernels import connect4 as c4

def game_line(game, depth, plies):
    agent, state, line = AlphaBeta(depth, seed=None), game.initial_state, [game.initial_state]
    while not game.is_terminal(state) and len(line) <= plies:
        state = game.result(state, agent(game, state))
        line.append(state)
    return [s for s in line if not game.is_terminal(s)][:plies]

def search_all(game, depth, states, **switches):
    nodes = 0
    agent = AlphaBeta(depth, depth_adjust=False, **switches)
    for s in states:
        agent(game, s)
        nodes += agent.last.nodes
    return nodes

def timed(run, least=0.3):
    run()
    calls, start = 0, time.perf_counter()
    while True:
        result = run()
        calls += 1
        spent = time.perf_counter() - start
        if spent >= least:
            return spent / calls, result

out = {}
cases = [("tictactoe", None, 1), ("tictactoe", None, 9), ("migration:n=5", None, 1),
         ("migration:n=5", None, 17), ("migration:n=8", 5, 57), ("migration:n=8", 7, 20),
         ("pick:n=4", 4, 11), ("connect4", 7, 1), ("connect4", 9, 1),
         ("othello:size=6", 5, 20), ("othello:size=8", 5, 10)]
for spec, depth, plies in cases:
    game = zs.load_game(spec)
    states = game_line(game, 3, plies)
    seconds, nodes = timed(lambda: search_all(game, depth, states))
    out[f"alphabeta {spec} depth {depth or 'end'} x{len(states)}"] = (seconds, nodes)
# the Python path (a user's game takes it): alpha-beta, minimax and Monte-Carlo
for spec, depth, plies in (("tictactoe", None, 1), ("connect4", 5, 3), ("migration:n=6", 4, 8)):
    game = zs.load_game(spec)
    states = game_line(game, 3, plies)
    seconds, nodes = timed(lambda: search_all(game, depth, states, compiled=False))
    out[f"python alphabeta {spec} depth {depth or 'end'} x{len(states)}"] = (seconds, nodes)
game = zs.load_game("tictactoe")
minimax = Minimax()
seconds, _ = timed(lambda: minimax(game, game.initial_state))
out["python minimax tictactoe"] = (seconds, minimax.last.nodes)
seconds, _ = timed(lambda: MonteCarlo(playouts=200, seed=0)(game, game.initial_state))
out["montecarlo tictactoe 200 playouts"] = (seconds, None)
for spec in ("tictactoe", "connect4", "migration:n=8", "pick:n=4"):
    game = zs.load_game(spec)
    n = 20000
    seconds, total = timed(lambda: game.playouts(game.initial_state, n, 7))
    out[f"playouts {spec} x{n}"] = (seconds, None)
game = zs.load_game("connect4")
seconds, _ = timed(lambda: MCTS(iterations=20000, seed=0)(game, game.initial_state))
out["mcts connect4 20000 sims"] = (seconds, None)
for spec, weak in (("tictactoe", False), ("pick:n=4", True), ("othello:size=4", False)):
    game = zs.load_game(spec)
    seconds, nodes = timed(lambda: zs.solve(game, weak=weak).nodes)
    out[f"solve {spec}" + " weak" * weak] = (seconds, nodes)
for spec, plies in (("othello:size=6", 20), ("othello:size=6", 22)):  # endgames
    game = zs.load_game(spec)
    state = game_line(game, 3, plies + 1)[-1]
    seconds, nodes = timed(lambda: zs.solve(game, state).nodes)
    out[f"solve {spec} after {plies} plies"] = (seconds, nodes)
data = Path(zs.__file__).resolve().parents[2] / "tests" / "data" / "connect4"
for set_id, count in (("L2_R2", 100), ("L1_R2", 10)):
    lines = (data / f"Test_{set_id}.txt").read_text().splitlines()[:count]
    positions = [c4.parse_moves(line.split()[0]) for line in lines]
    for weak in (False, True):
        seconds, nodes = timed(lambda: int(c4.solve_batch(positions, weak=weak)[1].sum()), 1.0)
        out[f"connect4 solver {set_id} x{count}" + " weak" * weak] = (seconds, nodes)
print(json.dumps(out))
"""

COLD = r"""
import time
t0 = time.perf_counter()
import zerosum as zs
from zerosum.agents import AlphaBeta
g = zs.load_game("connect4")
AlphaBeta(4)(g, g.initial_state)
print(time.perf_counter() - t0)
"""


def run(src: str, code: str) -> str:
    env = {**os.environ, "PYTHONPATH": src}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True).stdout  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cold", action="store_true")
    args = parser.parse_args()
    results: dict[str, list[dict[str, list[float]]]] = {"old": [], "new": []}
    for _ in range(args.rounds):
        for which in ("old", "new"):
            results[which].append(json.loads(run(getattr(args, which), WORKER)))
    print("| workload | old ms | new ms | new / old | old nodes | new nodes |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name in results["old"][0]:
        old = statistics.median(r[name][0] for r in results["old"]) * 1e3
        new = statistics.median(r[name][0] for r in results["new"]) * 1e3
        nodes = results["old"][0][name][1], results["new"][0][name][1]
        print(f"| {name} | {old:.3f} | {new:.3f} | {new / old:.2f} | {nodes[0]} | {nodes[1]} |")
    if args.cold:
        firsts: dict[str, list[float]] = {"old": [], "new": []}
        for _ in range(args.rounds):
            for which in ("old", "new"):
                firsts[which].append(float(run(getattr(args, which), COLD)))
        old, new = statistics.median(firsts["old"]), statistics.median(firsts["new"])
        print(f"\nfresh process, import + first depth-4 connect4 move: old {old:.2f} s, "
              f"new {new:.2f} s, new / old {new / old:.2f}")  # fmt: skip
    time.sleep(0)


if __name__ == "__main__":
    main()
