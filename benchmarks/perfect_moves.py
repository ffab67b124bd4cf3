"""How long ``perfect`` takes for each move of a 7x6 Connect Four game, with the opening
book it ships, beside BitBully (its 12-ply book) choosing a move in the same positions:
20 games against ``random``, 20 against ``alphabeta:depth=6`` (half with perfect moving
first) and 20 of perfect against itself after 2 random plies; reports the p50, p99 and
maximum seconds per move, the ply of the slowest moves, and how each move was found: from
the book, proved to keep the value only (short of time for every move's score), or
unproven (a bounded search). Goal (issue #28, item 2): every move within 0.2 s at p99,
and the slowest within 5x BitBully's slowest on the same positions (``--no-bitbully``:
zerosum only; BitBully from ``pip install -e .[bench]``).

    PYTHONPATH=src python benchmarks/perfect_moves.py                       # fully proved
    PYTHONPATH=src python benchmarks/perfect_moves.py --move-seconds 0.9    # told 0.9 s
    PYTHONPATH=src python benchmarks/perfect_moves.py --games 2             # a smoke run
    PYTHONPATH=src python benchmarks/perfect_moves.py --past 12   # what a ply-12 book leaves
"""

from __future__ import annotations

import argparse
import random
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


def opening(index: int) -> list[int]:
    """Two random plies, seeded by the game's index (the self-play games' starts)."""
    rng = random.Random(index)
    return [rng.randrange(7), rng.randrange(7)]


def bitbully_seconds(games: list[tuple[list[int], list[int]]]) -> list[float]:
    """Seconds BitBully (default book: 12 plies) takes to choose its move in each position
    where perfect moved: ``games`` holds each game's moves and the plies perfect moved at."""
    from bitbully import BitBully, Board

    chooser = BitBully()  # loads its default opening book
    chooser.best_move(Board())  # loaded before anything is timed
    seconds = []
    for moves, plies in games:
        for ply in plies:
            board = Board()
            for column in moves[:ply]:
                board.play(column)
            begin = time.perf_counter()
            chooser.best_move(board)
            seconds.append(time.perf_counter() - begin)
    return seconds


def percentile_99(seconds: list[float]) -> float:
    ordered = sorted(seconds)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def untimed_until(
    game: Any, state: Any, spec: str, side: int, index: int, ply: int
) -> tuple[Any, list[int]]:
    """``state`` played on to ``ply`` stones (or its end) by perfect (as ``side``; "self":
    both sides) and ``spec``'s agent, untimed; and the columns played."""
    perfect = zs.agents.Perfect()
    if spec == "self":
        opponent: Any = perfect
    else:
        opponent = zs.make_agent(spec if spec != "random" else f"random:seed={index}")
    played = []
    while state[2] < ply and not game.is_terminal(state):
        mover = perfect if spec == "self" or game.player(state) == side else opponent
        played.append(int(mover(game, state)))
        state = game.result(state, played[-1])
    return state, played


def play_set(
    game: Any, spec: str, count: int, move_seconds: float | None, past: int = 0
) -> tuple[Timed, list[str], list[tuple[list[int], list[int]]]]:
    """``count`` games of perfect against ``spec`` ("self": itself after two random
    plies): perfect's timings, the results for the first perfect, and each game's moves
    with the plies where perfect moved. With ``past``, each game is played untimed to
    that many stones and timed from there by a fresh perfect: what a book to that ply
    would leave to search."""
    perfect, results, games = Timed(), [], []
    for index in range(count):
        start, before = game.initial_state, opening(index) if spec == "self" else []
        for column in before:
            start = game.result(start, column)
        side = 1 if index % 2 == 0 else 2
        if past:
            start, played = untimed_until(game, start, spec, side, index, past)
            if game.is_terminal(start):
                continue
            before = before + played
        if spec == "self":
            pair, side = (perfect, perfect), 1
        else:
            opponent = zs.make_agent(spec if spec != "random" else f"random:seed={index}")
            pair = (perfect, opponent) if side == 1 else (opponent, perfect)
        told = {1: move_seconds, 2: move_seconds}
        record = zs.play(game, *pair, seed=index, move_seconds=told, state=start)
        results.append("W" if record.winner == side else "D" if record.winner is None else "L")
        moves = before + [int(a) for a in record.actions]
        movers = (1, 2) if spec == "self" else (side,)
        plies = [p for p in range(len(before), len(moves)) if p % 2 + 1 in movers]
        games.append((moves, plies))
    return perfect, results, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per opponent (20)")
    parser.add_argument(
        "--move-seconds",
        type=float,
        default=None,
        help="the deadline perfect is told per move (default none: every move fully proved)",
    )
    parser.add_argument("--no-bitbully", action="store_true", help="zerosum only")
    parser.add_argument(
        "--past",
        type=int,
        default=0,
        metavar="PLY",
        help="play each game untimed to PLY stones, then time a fresh perfect from there "
        "(what a book to PLY leaves to search)",
    )
    args = parser.parse_args()
    game = zs.games.ConnectFour()
    shipped = book()
    print(f"book: {len(shipped) if shipped else 0} positions, plies {shipped and shipped.plies}")
    print(f"perfect told {args.move_seconds} s per move, timed from ply {args.past}")
    head = "| opponent | moves | from book | kept value only | unproven | p50 s | p99 s | max s |"
    rule = "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    if not args.no_bitbully:
        head += " BitBully p99 s | BitBully max s | max / BitBully's |"
        rule += " ---: | ---: | ---: |"
    print(f"{head} slowest at ply | results |")
    print(f"{rule} --- | --- |")
    for spec in ("random", "alphabeta:depth=6", "self"):
        perfect, results, games = play_set(game, spec, args.games, args.move_seconds, args.past)
        seconds = sorted(s for s, _ in perfect.moves)
        slow = sorted(perfect.moves, reverse=True)[:3]
        plies = ", ".join(f"{ply} ({s:.2f} s)" for s, ply in slow)
        tally = f"{results.count('W')}W {results.count('D')}D {results.count('L')}L"
        row = (
            f"| {spec} | {len(seconds)} | {perfect.from_book} | {perfect.safe} | "
            f"{perfect.unproven} | {statistics.median(seconds):.3f} | "
            f"{percentile_99(seconds):.2f} | {seconds[-1]:.2f} |"
        )
        if not args.no_bitbully:
            theirs = bitbully_seconds(games)
            assert len(theirs) == len(seconds)
            slowest = max(theirs)
            row += f" {percentile_99(theirs):.4f} | {slowest:.4f} | {seconds[-1] / slowest:.2g} |"
        print(f"{row} {plies} | {tally} |", flush=True)


if __name__ == "__main__":
    main()
