"""How long ``perfect`` takes for each move of a 7x6 Connect Four game, with the opening
book it ships: 20 games against ``random`` and 20 against ``alphabeta:depth=6``, half with
perfect moving first; reports the p50, p99 and maximum seconds per move, the ply of the
slowest moves, and how each move was found: from the book, proved to keep the value only
(short of time for every move's score), or unproven (a bounded search). Goal: every move
within 1 s at p99.

    PYTHONPATH=src python benchmarks/perfect_moves.py                       # fully proved
    PYTHONPATH=src python benchmarks/perfect_moves.py --move-seconds 0.9    # told 0.9 s
    PYTHONPATH=src python benchmarks/perfect_moves.py --games 2             # a smoke run
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import zerosum as zs
from zerosum.games.connect_four.book import book


class Timed:
    """``perfect``, recording the seconds and the ply of every move it makes."""

    name = "perfect"

    def __init__(self) -> None:
        self.agent = zs.agents.Perfect()
        self.moves: list[tuple[float, int]] = []
        self.from_book = 0  # moves answered with no search
        self.safe = 0  # moves proved to keep the value, short of time for the rest
        self.unproven = 0  # moves of a bounded search, short of time for any proof

    def prepare(self, game: Any) -> None:
        self.agent.prepare(game)

    def reset(self, seed: int | None = None) -> None:
        self.agent.reset(seed)

    def __call__(self, game: Any, state: Any) -> Any:
        begin = time.perf_counter()
        move = self.agent(game, state)
        self.moves.append((time.perf_counter() - begin, state[2]))
        extra = self.agent.last.extra if self.agent.last is not None else {}
        solved = extra.get("solve")
        self.from_book += solved is not None and solved.nodes == 0
        self.safe += "keeps" in extra
        self.unproven += extra.get("proven") is False
        return move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per opponent (20)")
    parser.add_argument(
        "--move-seconds",
        type=float,
        default=None,
        help="the deadline perfect is told per move (default none: every move fully proved)",
    )
    args = parser.parse_args()
    game = zs.games.ConnectFour()
    shipped = book()
    print(f"book: {len(shipped) if shipped else 0} positions, plies {shipped and shipped.plies}")
    print(f"perfect told {args.move_seconds} s per move")
    head = "| opponent | moves | from book | kept value only | unproven | p50 s | p99 s | max s |"
    print(f"{head} slowest at ply | results |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |")
    for spec in ("random", "alphabeta:depth=6"):
        perfect, results = Timed(), []
        for index in range(args.games):
            opponent = zs.make_agent(spec if spec != "random" else f"random:seed={index}")
            first = index % 2 == 0
            pair = (perfect, opponent) if first else (opponent, perfect)
            side = 1 if first else 2
            told = {side: args.move_seconds}
            record = zs.play(game, *pair, seed=index, move_seconds=told)
            results.append("W" if record.winner == side else "D" if record.winner is None else "L")
        seconds = sorted(s for s, _ in perfect.moves)
        p99 = seconds[min(len(seconds) - 1, round(0.99 * (len(seconds) - 1)))]
        slow = sorted(perfect.moves, reverse=True)[:3]
        plies = ", ".join(f"{ply} ({s:.1f} s)" for s, ply in slow)
        tally = f"{results.count('W')}W {results.count('D')}D {results.count('L')}L"
        print(
            f"| {spec} | {len(seconds)} | {perfect.from_book} | {perfect.safe} | "
            f"{perfect.unproven} | "
            f"{statistics.median(seconds):.3f} | {p99:.2f} | "
            f"{seconds[-1]:.2f} | {plies} | {tally} |"
        )


if __name__ == "__main__":
    main()
