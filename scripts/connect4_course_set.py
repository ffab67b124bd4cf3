"""Regenerate the ``course`` Connect Four test positions (connect_four/data/course_positions.json).

Run: ``.venv/bin/python scripts/connect4_course_set.py`` (about a minute). Positions come
from seeded random games, classified by what they test (a win to take, a threat to block,
a column not to play under the opponent's threat, a double threat, a forced win, a single
saving move) and kept when the solver's best moves are exactly the tested move(s); the
openings come from the book. Values are zerosum's own (:func:`column_values`).
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

from zerosum.games.connect_four.position_sets import SETS_DIR, VALUE_WORDS, column_values

W, H = 7, 6
LINES = {"vertical": (0, 1), "horizontal": (1, 0), "diagonal": (1, 1), "anti-diagonal": (1, -1)}
WANTED = {"win": 2, "block": 2, "under": 3, "double": 3, "forced": 3, "only": 3}


def grid_of(moves: str) -> list[list[int]]:
    """grid[c] lists column c's stones from the bottom: 0 for the first player, 1 the second."""
    grid: list[list[int]] = [[] for _ in range(W)]
    for i, ch in enumerate(moves):
        grid[int(ch) - 1].append(i % 2)
    return grid


def at(grid: list[list[int]], c: int, r: int) -> int | None:
    return grid[c][r] if 0 <= c < W and 0 <= r < len(grid[c]) else None


def four_lines(grid: list[list[int]], player: int, c: int, r: int) -> list[str]:
    """The lines through the empty cell (c, r) that ``player``'s stone there completes."""
    found = []
    for name, (dc, dr) in LINES.items():
        run = 1
        for sign in (1, -1):
            k = 1
            while at(grid, c + sign * k * dc, r + sign * k * dr) == player:
                run, k = run + 1, k + 1
        if run >= 4:
            found.append(name.replace("anti-", ""))
    return found


def drops_winning(grid: list[list[int]], player: int) -> dict[int, list[str]]:
    """The columns (1-based) where ``player`` wins at once, with the lines the stone completes."""
    return {
        c + 1: lines
        for c in range(W)
        if len(grid[c]) < H and (lines := four_lines(grid, player, c, len(grid[c])))
    }


def best_of(values: list[int | None]) -> list[int]:
    top = max(v for v in values if v is not None)
    return [c + 1 for c, v in enumerate(values) if v == top]


def classify(moves: str, values: list[int | None]) -> tuple[str, str] | None:
    """(kind, what it tests) when the position tests one thing and its best moves are that."""
    grid = grid_of(moves)
    me, other = len(moves) % 2, 1 - len(moves) % 2
    best = best_of(values)
    wins, threats = drops_winning(grid, me), drops_winning(grid, other)
    if wins:
        if sorted(wins) == best and len(best) < sum(v is not None for v in values):
            c = best[0]
            return f"win-{wins[c][0]}", f"an immediate {wins[c][0]} four at column {c}: take it"
        return None
    if threats:
        if len(threats) == 1 and list(threats) == best and values[best[0] - 1] != -1:
            c = best[0]
            line = threats[c][0]
            return f"block-{line}", f"the opponent threatens a {line} four at column {c}: block it"
        return None
    if len(best) > 2 or min(v for v in values if v is not None) == max(
        best_v := [values[b - 1] for b in best]
    ):
        return None
    top = best_v[0]
    under = [
        c + 1
        for c in range(W)
        if len(grid[c]) < H - 1
        and four_lines(grid, other, c, len(grid[c]) + 1)
        and values[c] != top
    ]
    if under and len(best) <= 2:
        c = under[0]
        return "under", (
            f"the opponent has a four waiting at column {c}, row {len(grid[c - 1]) + 2}: "
            f"playing column {c} fills the cell under it; play {', '.join(map(str, best))}"
        )
    if len(best) == 1:
        after = grid_of(moves + str(best[0]))
        if top == 1 and len(drops_winning(after, me)) >= 2 and not drops_winning(after, other):
            return (
                "double",
                f"column {best[0]} makes two threats at once: the opponent blocks one only",
            )
        losing = sum(v is not None and v < top for v in values)
        if top == 1:
            return "forced", f"no threat on the board yet: only column {best[0]} keeps the win"
        if top == 0 and losing >= 4:
            return "only", f"every column but {best[0]} loses: the only move that holds the draw"
    return None


def random_positions(seed: int = 2026):
    """(game number, moves) of every position from ply 14 on of seeded random games, until
    the side to move can win."""
    rng = random.Random(seed)
    for number in itertools.count():
        moves = ""
        while len(moves) < W * H:
            grid = grid_of(moves)
            if len(moves) >= 14:
                yield number, moves
            if drops_winning(grid, len(moves) % 2):
                break
            moves += str(rng.choice([c + 1 for c in range(W) if len(grid[c]) < H]))


def entry(name: str, tests: str, moves: str) -> dict:
    values = column_values(moves)
    best = best_of(values)
    return {
        "name": name,
        "tests": tests,
        "moves": moves,
        "to_move": "first" if len(moves) % 2 == 0 else "second",
        "value": VALUE_WORDS[values[best[0] - 1]],  # type: ignore[index]
        "columns": values,
        "best": best,
    }


def main() -> None:
    positions = [
        entry("opening-empty", "the empty board: only the centre column wins", ""),
        entry(
            "opening-center-reply",
            "after 4 4 the first player wins only by stacking the centre again",
            "44",
        ),
    ]
    counts: dict[str, int] = {}
    used: set[int] = set()  # one position per game, so that positions differ
    for number, moves in random_positions():
        if number in used:
            continue
        if all(
            counts.get(k, 0) >= n for k, n in WANTED.items() if k not in ("win", "block")
        ) and all(
            counts.get(f"{k}-{line}", 0) >= WANTED[k]
            for k in ("win", "block")
            for line in ("vertical", "horizontal", "diagonal")
        ):
            break
        values = column_values(moves)
        found = classify(moves, values)
        if found is None:
            continue
        kind, tests = found
        need = WANTED[kind.split("-")[0]]
        if counts.get(kind, 0) >= need:
            continue
        counts[kind] = counts.get(kind, 0) + 1
        used.add(number)
        positions.append(entry(f"{kind}-{counts[kind]}", tests, moves))
        print(positions[-1]["name"], moves, positions[-1]["best"], flush=True)
    out = {
        "game": "connect4",
        "about": "Connect Four 7x6 test positions: wins to take, threats to block, cells not to "
        "fill under the opponent's threat, double threats, forced wins, single saving moves, "
        "openings. Values for the side to move, by zerosum's solver.",
        "generated_by": "python scripts/connect4_course_set.py",
        "positions": positions,
    }
    path = Path(SETS_DIR) / "course_positions.json"
    path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path}: {len(positions)} positions")


if __name__ == "__main__":
    main()
