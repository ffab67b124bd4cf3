"""Grade a trainer's checkpoints against the solver, at CPU marks of its budget.

Reads the journal ``benchmarks/peers/budget.py`` wrote for one training, takes the first
checkpoint seen at or after each CPU mark (and the last one), and grades each with the
same command for every trainer:

    zerosum grade tictactoe AGENT --positions 200 --json -

(the same 200 random positions, plies 0 to 8, seed 0, for every agent), then plays the
last one against ``perfect`` (``zerosum match tictactoe AGENT perfect -n 20``). It prints
a markdown table: CPU seconds, checkpoint, share of moves that keep the solver's value;
and writes it with the match's line to ``--out`` as JSON. ``--agent`` is the agent spec
with ``{path}`` where the checkpoint's path goes (``{name}`` for its file name alone,
``{stem}`` for the number in it). Run it with the Python that has the peer installed
(its agent file imports it) and zerosum importable.

    python benchmarks/peers/grade_run.py --journal runs/zs-budget.jsonl \\
        --agent 'alphazero:model={snapshot},simulations=100' --out runs/zs-grades.json
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

#: CPU seconds at which a checkpoint is graded (and the last one, whenever it was).
MARKS = (5, 7.5, 10, 15, 20, 30, 45, 60, 90, 120, 150, 180)


def sightings(journal: Path) -> list[dict[str, object]]:
    """The journal's checkpoint lines, in the order they were seen."""
    lines = [json.loads(line) for line in journal.read_text().splitlines() if line.strip()]
    return [line for line in lines if "file" in line]


def at_marks(seen: list[dict[str, object]], marks: tuple[float, ...]) -> list[dict[str, object]]:
    """The first sighting at or after each mark, and the last sighting; no repeats."""
    chosen: list[dict[str, object]] = []
    for mark in marks:
        later = [s for s in seen if float(s["cpu_seconds"]) >= mark]  # type: ignore[arg-type]
        if later and later[0] not in chosen:
            chosen.append(later[0])
    if seen and seen[-1] not in chosen:
        chosen.append(seen[-1])
    return chosen


def spec(template: str, sighting: dict[str, object]) -> str:
    """The agent spec of one checkpoint."""
    path = Path(str(sighting["file"]))
    number = re.findall(r"\d+", path.name)
    return template.format(
        path=path.resolve(),
        name=path.name,
        stem=number[-1] if number else "",
        snapshot=Path(str(sighting["snapshot"])).resolve() if sighting.get("snapshot") else "",
    )


def zerosum(*args: str) -> str:
    """Run a zerosum command with this Python; its standard output."""
    done = subprocess.run(
        [sys.executable, "-m", "zerosum", *args], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"zerosum {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--journal", required=True)
    parser.add_argument(
        "--agent", required=True, help="spec with {path}, {name}, {stem} or {snapshot}"
    )
    parser.add_argument(
        "--marks", type=float, nargs="+", default=MARKS, help="CPU seconds at which to grade"
    )
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--games", type=int, default=20, help="games of the last against perfect")
    parser.add_argument(
        "--move-time",
        type=float,
        default=120,
        help="a file agent's limit a move in the match (a peer's first move "
        "loads its network; zerosum's default for files is 2 s)",
    )
    parser.add_argument("--last-only", action="store_true", help="grade the last checkpoint alone")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    chosen = at_marks(sightings(Path(args.journal)), tuple(args.marks))
    if args.last_only:
        chosen = chosen[-1:]
    rows = []
    print("| CPU s | checkpoint | kept | of |")
    print("| ---: | --- | ---: | ---: |")
    for sighting in chosen:
        agent = spec(args.agent, sighting)
        report = json.loads(
            zerosum("grade", "tictactoe", agent, "--positions", str(args.positions), "--json", "-")
        )
        grade = report["grades"][0]
        rows.append(
            {
                "cpu_seconds": sighting["cpu_seconds"],
                "agent": agent,
                "kept": grade["kept"],
                "moves": grade["moves"],
            }
        )
        print(
            f"| {sighting['cpu_seconds']} | {Path(str(sighting['file'])).name} "
            f"| {grade['kept']} | {grade['moves']} |",
            flush=True,
        )
    match = ""
    if chosen and args.games:
        match = zerosum(
            "match",
            "tictactoe",
            spec(args.agent, chosen[-1]),
            "perfect",
            "-n",
            str(args.games),
            "--workers",
            "1",
            "--trusted",
            "--move-time",
            str(args.move_time),
            "--memory-mb",
            "8192",
        )
        print(match)
    Path(args.out).write_text(json.dumps({"grades": rows, "match": match}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
