"""The state-space figures of docs/space.md: ``zerosum analyze`` on every built-in game.

    PYTHONPATH=src python benchmarks/space.py              # every case (tens of minutes)
    PYTHONPATH=src python benchmarks/space.py connect4     # the cases whose spec starts so

Prints one Markdown row per game, and the per-ply table of each, as they finish.
"""

from __future__ import annotations

import sys
from typing import Any

import zerosum as zs

#: (game spec, extra options of ``zerosum analyze``)
CASES: list[tuple[str, dict[str, Any]]] = [
    ("tictactoe", {"probes": 10_000}),
    ("pick:n=3", {"probes": 10_000}),
    ("pick:n=4", {"max_positions": 50_000_000, "probes": 20_000}),
    ("migration:n=4", {"probes": 10_000}),
    ("migration:n=5", {"probes": 10_000}),
    ("migration:n=6", {"max_positions": 1_000_000, "probes": 10_000}),
    ("migration:n=8", {"max_positions": 200_000, "probes": 20_000}),
    ("connect4:width=4,height=4", {"max_positions": 10**9, "probes": 10_000}),
    ("connect4:width=5,height=4", {"max_positions": 10**9, "probes": 10_000}),
    ("connect4", {"plies": 14, "max_positions": 10**9, "probes": 20_000}),
]


def command(spec: str, options: dict[str, Any]) -> str:
    flags = " ".join(f"--{k.replace('_', '-')} {v}" for k, v in options.items())
    return f"zerosum analyze {spec} {flags}".strip()


def figure(exact: int | None, estimate: Any) -> str:
    if exact is not None:
        return f"{exact:,}"
    return "-" if estimate is None else f"≈ {estimate}"


def row(spec: str, options: dict[str, Any], space: Any) -> str:
    mean = sum(n * c for n, c in space.lengths.items()) / max(space.probes, 1)
    rates = " / ".join(f"{100 * v:.1f}" for v in space.outcomes.values())
    exact = "all" if space.complete else f"0-{space.exact_plies}"
    cells = [
        spec,
        exact,
        figure(space.positions, space.positions_estimate),
        figure(space.symmetric, None),
        figure(space.games, space.games_estimate),
        figure(space.symmetric_games, None),
        figure(space.sequences, space.nodes_estimate),
        rates,
        f"{mean:.1f}",
        f"{space.seconds:.0f}",
        f"`{command(spec, options)}`",
    ]
    return "| " + " | ".join(cells) + " |"


def main(argv: list[str]) -> int:
    chosen = [(s, o) for s, o in CASES if not argv or any(s.startswith(a) for a in argv)]
    rows = []
    for spec, options in chosen:
        space = zs.analyze(zs.load_game(spec), **options)
        print(space, flush=True)
        rows.append(row(spec, options, space))
        print(rows[-1], flush=True)
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
