"""AlphaBeta against OpenSpiel's Python ``alpha_beta_search`` on Connect Four 7x6.

Both search the same positions to the same depth with a win/loss-only evaluation (0 at
the cutoff), so their trees are comparable; the script checks that the values agree and
prints a markdown table of median times, nodes and the time ratio.

OpenSpiel is a benchmark-only requirement, never a dependency of zerosum:

    python -m pip install open_spiel
    PYTHONPATH=src python benchmarks/openspiel.py            # depths 6, 8, 10
    PYTHONPATH=src python benchmarks/openspiel.py --quick    # depths 6, 8, one run each

OpenSpiel's nodes are the calls of its recursive search (every state it visits);
ours are the states AlphaBeta generates (the same thing, less the root), on the compiled
path: at a fixed depth it deepens iteratively in one compiled call, and its count includes
every iteration's nodes.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from timing import table, timed

import zerosum as zs
from zerosum.agents import AlphaBeta
from zerosum.games.heuristics import zero

#: Positions as column digits (1-based), from the empty board.
POSITIONS = ["", "4", "44", "4453", "3344", "4435"]


def openspiel_search(pyspiel: Any, minimax: Any, moves: str, depth: int) -> tuple[float, int]:
    """(value for the player to move, nodes) of OpenSpiel's alpha-beta to ``depth``."""
    game = pyspiel.load_game("connect_four")
    state = game.new_initial_state()
    for digit in moves:
        state.apply_action(int(digit) - 1)
    nodes = 0
    inner = minimax._alpha_beta

    def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal nodes
        nodes += 1
        return inner(*args, **kwargs)

    minimax._alpha_beta = counting  # its recursion looks the name up in the module
    try:
        value, _ = minimax.alpha_beta_search(
            game, state=state, value_function=lambda s: 0.0, maximum_depth=depth
        )
    finally:
        minimax._alpha_beta = inner
    return value, nodes


def ours(moves: str, depth: int) -> tuple[float, int]:
    """(value for the player to move, nodes) of a fresh AlphaBeta to ``depth``."""
    game = zs.games.ConnectFour()
    state = zs.game.replay(game, list(moves))
    agent = AlphaBeta(depth=depth, evaluate=zero, depth_adjust=False)
    agent(game, state)
    assert agent.last is not None and agent.last.extra["compiled"]
    return agent.last.value, agent.last.nodes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="depths 6 and 8, one run each")
    args = parser.parse_args()
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax
    except ImportError:
        print("OpenSpiel is not installed: python -m pip install open_spiel", file=sys.stderr)
        return 0
    depths, repeat = ((6, 8), 1) if args.quick else ((6, 8, 10), 3)
    rows = []
    ours("", 2)  # load the compiled search before timing
    for moves in POSITIONS:
        for depth in depths:
            t_os, (v_os, n_os) = timed(repeat, openspiel_search, pyspiel, minimax, moves, depth)
            t_zs, (v_zs, n_zs) = timed(repeat, ours, moves, depth)
            assert v_os == v_zs, f"values differ at {moves!r} depth {depth}: {v_os} vs {v_zs}"
            rows.append(
                [
                    moves or "(empty)",
                    depth,
                    f"{t_os * 1000:.1f}",
                    n_os,
                    f"{t_zs * 1000:.1f}",
                    n_zs,
                    f"{t_zs / t_os:.3f}",
                ]
            )
    header = ["position", "depth", "OpenSpiel ms", "its nodes", "zerosum ms", "our nodes"]
    print(table([*header, "time ratio (ours / theirs)"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
