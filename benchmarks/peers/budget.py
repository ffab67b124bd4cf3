"""Run a trainer on one core for a budget of CPU seconds, noting when each checkpoint appears.

Every trainer compared in ``docs/benchmarks.md`` (zerosum's, OpenSpiel's AlphaZero,
alpha-zero-general) runs under this one harness, so they get the same budget measured the
same way: the command is pinned to one core (``taskset``), told to use one thread, and
stopped (SIGTERM to its process group, SIGKILL 10 s later) once the user and system time
of all its processes reaches ``--cpu-seconds``. Twice a second the harness sums the CPU of
the process tree (a process that has exited keeps the last figure seen for it) and looks
in ``--watch`` for new or changed files matching ``--pattern``; each one is written to
``--journal`` (one JSON line: the file, CPU and wall seconds at that moment) and, with
``--keep``, copied with its neighbours named by ``--with`` into a numbered snapshot folder,
for trainers that overwrite their latest network (zerosum's ``weights.pt``).

    python benchmarks/peers/budget.py --cpu-seconds 180 --core 1 --watch runs/zs \\
        --pattern weights.pt --keep runs/zs-snapshots --with model.json \\
        --journal runs/zs-budget.jsonl -- zerosum learn tictactoe --out runs/zs --minutes 3

Standard library only, so it runs under any peer's virtual environment.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

#: The variables that hold numeric libraries to one thread (BLAS, OpenMP, PyTorch, XLA, TF).
ONE_THREAD = {
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "TF_NUM_INTRAOP_THREADS": "1",
    "TF_NUM_INTEROP_THREADS": "1",
    "XLA_FLAGS": "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1",
    "NUMBA_NUM_THREADS": "1",
}

TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Sighting:
    """A checkpoint file seen for the first time (or changed), and the budget spent then."""

    file: str
    cpu_seconds: float
    wall_seconds: float
    snapshot: str | None


def tree_cpu(root: int, seen: dict[int, float]) -> float:
    """CPU seconds of ``root`` and its descendants, remembering processes that have exited."""
    pending = [root]
    while pending:
        pid = pending.pop()
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            seen[pid] = (int(fields[11]) + int(fields[12])) / TICKS
            for task in Path(f"/proc/{pid}/task").iterdir():
                children = (task / "children").read_text().split()
                pending.extend(int(child) for child in children)
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
    return sum(seen.values())


def stamps(folder: Path, pattern: str) -> dict[Path, float]:
    """Modification time of each file (or folder) in ``folder`` matching ``pattern``."""
    found = {}
    for path in folder.glob(pattern):
        if path.name.endswith("-tmp") or ".tmp" in path.name:
            continue
        try:
            found[path] = path.stat().st_mtime
        except FileNotFoundError:
            continue
    return found


def snapshot(path: Path, neighbours: list[str], keep: Path, number: int) -> str:
    """Copy ``path`` and its named neighbours into ``keep/NNN``; the folder's name."""
    target = keep / f"{number:03d}"
    target.mkdir(parents=True, exist_ok=True)
    for name in [path.name, *neighbours]:
        source = path.parent / name
        if source.is_dir():
            shutil.copytree(source, target / name, dirs_exist_ok=True)
        elif source.exists():
            shutil.copy2(source, target / name)
    return str(target)


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM the command's process group, then SIGKILL what is left after 10 s."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    except ProcessLookupError:
        pass


def run(args: argparse.Namespace) -> int:
    """Run the command within the budget; write the journal; return its exit status."""
    watch, journal = Path(args.watch), Path(args.journal)
    journal.parent.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, **ONE_THREAD}
    command = ["taskset", "-c", str(args.core), *args.command]
    known: dict[Path, float] = {}
    seen: dict[int, float] = {}
    start = time.monotonic()
    process = subprocess.Popen(command, env=env, start_new_session=True)
    spent = 0.0
    sightings = 0
    with journal.open("w") as out:
        while True:
            done = process.poll() is not None
            spent = max(spent, tree_cpu(process.pid, seen))
            for path, mtime in sorted(stamps(watch, args.pattern).items()):
                if known.get(path) == mtime:
                    continue
                known[path] = mtime
                sightings += 1
                kept = None
                if args.keep:
                    kept = snapshot(path, args.with_, Path(args.keep), sightings)
                line = Sighting(
                    str(path), round(spent, 2), round(time.monotonic() - start, 2), kept
                )
                out.write(json.dumps(asdict(line)) + "\n")
                out.flush()
            if done:
                break
            if spent >= args.cpu_seconds:
                stop(process)
                break
            time.sleep(0.5)
        wall = time.monotonic() - start
        out.write(
            json.dumps(
                {
                    "end": True,
                    "cpu_seconds": round(spent, 2),
                    "wall_seconds": round(wall, 2),
                    "returncode": process.returncode,
                }
            )
            + "\n"
        )
    print(f"stopped after {spent:.1f} CPU s, {wall:.1f} s wall; journal {journal}", file=sys.stderr)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cpu-seconds", type=float, required=True)
    parser.add_argument("--core", type=int, default=1)
    parser.add_argument("--watch", required=True, help="the folder the trainer writes")
    parser.add_argument("--pattern", required=True, help="glob of its checkpoints there")
    parser.add_argument("--keep", help="copy each sighting into a numbered folder here")
    parser.add_argument(
        "--with",
        dest="with_",
        action="append",
        default=[],
        help="a neighbouring file to copy with each sighting",
    )
    parser.add_argument("--journal", required=True)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    if args.command[:1] == ["--"]:
        args.command = args.command[1:]
    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
