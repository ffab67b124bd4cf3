"""Othello: the compiled AlphaBeta against the plain one, at equal depth, same values;
then the exact solve of endgames, compiled against the generic solver.

The worked example of a compiled game (``docs/compiled_games.md``): the same game class,
searched by ``AlphaBeta(depth)`` through its compiled rules and by
``AlphaBeta(depth, compiled=False)`` through its seven Python methods. Both search the
positions of one game (played by a depth-2 compiled AlphaBeta), a fresh agent per run,
``depth_adjust=False``; every position's value must be equal on both paths. The two are
timed in turn (``timing.timed_together``) and the table gives ms per move and the ratio.
The exact solves (``zs.solve``) take that game's positions with 10, 12 and 14 empty
squares on 6x6: the compiled alpha-beta to the end against the generic solver's Python
search (the same class without its compiled rules); every move's value and distance must
agree.

    PYTHONPATH=src python benchmarks/othello.py            # 6x6 and 8x8
    PYTHONPATH=src python benchmarks/othello.py --quick    # fewer positions, one depth
"""

from __future__ import annotations

import argparse
from typing import Any

from timing import table, timed_together

import zerosum as zs
from zerosum.agents import AlphaBeta
from zerosum.games import Othello


class Plain(Othello):
    """The same game without its compiled rules: the generic solver's path."""

    def compiled_rules(self) -> None:  # type: ignore[override]
        return None


def positions(game: Any, plies: int) -> list[Any]:
    """The non-terminal positions of one game played by a depth-2 compiled AlphaBeta."""
    agent, state, seen = AlphaBeta(2, seed=None), game.initial_state, []
    while not game.is_terminal(state) and len(seen) < plies:
        seen.append(state)
        state = game.result(state, agent(game, state))
    return seen


def values(game: Any, states: list[Any], depth: int, compiled: bool) -> list[float]:
    agent = AlphaBeta(depth, compiled=compiled, depth_adjust=False)
    found = []
    for state in states:
        agent(game, state)
        assert agent.last is not None and agent.last.extra["compiled"] == compiled
        found.append(agent.last.value)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cases = [("othello:size=6", 4, 20), ("othello:size=8", 3, 20), ("othello:size=8", 4, 10)]
    if args.quick:
        cases = [("othello:size=6", 3, 4)]
    rows = []
    for spec, depth, plies in cases:
        game = zs.load_game(spec)
        states = positions(game, plies)
        (fast, compiled), (slow, plain) = timed_together(
            args.repeat,
            lambda: values(game, states, depth, True),  # noqa: B023 (called at once)
            lambda: values(game, states, depth, False),  # noqa: B023
        )
        same = "yes" if compiled == plain else "NO"
        per = len(states)
        rows.append([spec, depth, per, f"{slow / per * 1e3:.2f}", f"{fast / per * 1e3:.3f}",
                     f"{slow / fast:.0f}x", same])  # fmt: skip
        print(table(["game", "depth", "positions", "plain ms/move", "compiled ms/move",
                     "speed-up", "same values"], rows[-1:]), flush=True)  # fmt: skip
    print()
    print(table(["game", "depth", "positions", "plain ms/move", "compiled ms/move", "speed-up",
                 "same values"], rows))  # fmt: skip
    print()
    print(table(["empty squares", "value, plies", "generic s", "compiled s", "speed-up",
                 "same values and plies"], solve_rows(args.repeat, args.quick)))  # fmt: skip


def solve_rows(repeat: int, quick: bool) -> list[list[Any]]:
    """Exact solves of 6x6 endgames, compiled and generic, timed in turn."""
    game, plain = Othello(6), Plain(6)
    states = positions(game, 40)
    rows = []
    for empties in (10,) if quick else (10, 12, 14):
        state = next(s for s in states if 36 - (s[0] | s[1]).bit_count() <= empties)
        zs.solve(game, state)  # compile outside the timing
        (fast, compiled), (slow, generic) = timed_together(
            repeat,
            lambda: zs.solve(game, state),  # noqa: B023 (called at once)
            lambda: zs.solve(plain, state),  # noqa: B023
        )
        same = (compiled.action_values, compiled.action_plies) == (
            generic.action_values,
            generic.action_plies,
        )
        rows.append([empties, f"{compiled.value}, {compiled.plies}", f"{slow:.3f}",
                     f"{fast:.4f}", f"{slow / fast:.0f}x", "yes" if same else "NO"])  # fmt: skip
    return rows


if __name__ == "__main__":
    main()
