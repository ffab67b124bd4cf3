"""Mutation check of the core functions (issue 40, part 6): does the suite still fail when
one of them is broken on purpose?

Each mutation changes one small, exact snippet of a core function (a search window's
bounds swapped, the alpha-beta cutoff test removed, a deadline check deleted, a utility's
sign flipped, the MCTS backup's sign flipped) in a copy of the working tree, runs the test
files named for it (``pytest -x -q -n 2``), and the table says whether the tests killed
the mutant (some test failed: the first one is named) or it survived (every test passed:
the suite would not notice that bug). Mutations run one at a time, each on the pristine
copy: the file is written back (with its old modification time, so numba's cache of it
stays good) before the next.

A snippet must occur exactly once in its file; when the code has changed so that it does
not (or occurs twice), the script stops before running anything and says which mutation to
update: a mutation that silently applies nowhere would "survive" for the wrong reason.

Run from the repository's root (allow a minute or more per mutation; the compiled code's
mutants run last, as each compiles its kernels again). It exits 1 if any mutant survived:

    python scripts/mutants.py                   # every mutation, then the table
    python scripts/mutants.py --list            # the mutations and their test files
    python scripts/mutants.py --only kernel-prune-removed --only mcts-backup-sign
    python scripts/mutants.py --control         # first run each test set unmutated

``--control`` runs each distinct test set on the unmutated copy first, so that a kill is
known to come from the mutation and not from a test that fails anyway (a timing test on a
loaded machine, say). The copy lives in a temporary folder, removed at the end (``--keep``
keeps it); tests run with the copy's ``src`` first on ``PYTHONPATH``, which the
subprocesses they start inherit.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: What the copy leaves out: version control, build output, caches of other tools.
SKIPPED = (".git", "site", "test-artifacts", ".mypy_cache", ".ruff_cache", ".pytest_cache")

NEGAMAX = "src/zerosum/agents/negamax.py"
KERNEL = "src/zerosum/kernels/alphabeta.py"
C4_SEARCH = "src/zerosum/games/connect_four/search.py"
BUDGET = "src/zerosum/budget.py"
MCTS_KERNEL = "src/zerosum/kernels/mcts.py"
UCT = "src/zerosum/agents/uct.py"
COMPILED = (KERNEL, C4_SEARCH, MCTS_KERNEL)

#: The test files that cover each core function (the quickest to fail first: ``-x`` stops
#: at the first failure, and a survivor runs them all). The deadline mutants run the files
#: whose timing tests aim at their check: with ``-n 2`` on a busy machine, the timing tests
#: of ``tests/agents/test_deadlines.py`` (marked alone) can fail unmutated (see --control).
PY_SEARCH = (
    "tests/agents/test_textbook.py",
    "tests/agents/test_search_python.py",
    "tests/kernels/test_alphabeta_mirrors.py",
)
COMPILED_SEARCH = ("tests/kernels/test_alphabeta_mirrors.py", "tests/kernels/test_alphabeta.py")
C4_SOLVER = ("tests/games/connect_four/test_solver.py",)
DEADLINES = ("tests/test_budget.py", "tests/agents/test_deadlines.py")
MCTS = ("tests/kernels/test_mcts.py", "tests/agents/test_uct.py", "tests/agents/test_montecarlo.py")


@dataclass(frozen=True)
class Mutation:
    """Replace ``find`` (which must occur exactly once in ``path``) by ``replace``, and run
    ``tests`` (those ``select`` picks, a ``-m`` expression, if given)."""

    name: str
    what: str
    path: str
    find: str
    replace: str
    tests: tuple[str, ...]
    select: str = ""


MUTATIONS = (
    Mutation(
        "negamax-bounds-swapped",
        "Python negamax: the child's window (-beta, -alpha) passed as (-alpha, -beta)",
        NEGAMAX,
        "ply + 1, -beta / decay, -alpha / decay, kept",
        "ply + 1, -alpha / decay, -beta / decay, kept",
        PY_SEARCH,
    ),
    Mutation(
        "negamax-prune-removed",
        "Python negamax: the cutoff test alpha >= beta never true (no pruning)",
        NEGAMAX,
        "if alpha >= beta:",
        "if False:",
        PY_SEARCH,
    ),
    Mutation(
        "negamax-deadline-deleted",
        "Python negamax: the per-node deadline check deleted",
        NEGAMAX,
        "if deadline is not None and clock() > deadline:",
        "if False:",
        ("tests/agents/test_search_python.py",),
    ),
    Mutation(
        "kernel-bounds-swapped",
        "compiled alpha-beta _negamax: the child's window (-beta, -alpha) swapped",
        KERNEL,
        "ply + 1, -beta / decay, -alpha / decay,",
        "ply + 1, -alpha / decay, -beta / decay,",
        COMPILED_SEARCH,
    ),
    Mutation(
        "kernel-prune-removed",
        "compiled alpha-beta _negamax: the cutoff test alpha >= beta never true",
        KERNEL,
        "if alpha >= beta:",
        "if False:",
        COMPILED_SEARCH,
    ),
    Mutation(
        "kernel-deadline-deleted",
        "compiled alpha-beta _negamax: the clock read every 1024 nodes deleted",
        KERNEL,
        "if stats[_TICKS] & 1023 == 0 and passed(deadline):",
        "if False:",
        ("tests/kernels/test_alphabeta.py",),
    ),
    Mutation(
        "c4-solver-bounds-swapped",
        "Connect Four solver: the table entry's lower and upper bounds swapped",
        C4_SEARCH,
        "if lower_bound(e) > alpha:\n                    value = lower_bound(e)",
        "if upper_bound(e) > alpha:\n                    value = upper_bound(e)",
        C4_SOLVER,
    ),
    Mutation(
        "c4-solver-prune-removed",
        "Connect Four solver: the fail-high cutoff (s > alpha) never taken",
        C4_SEARCH,
        "if s > frames[d, _F_ALPHA]:",
        "if False:",
        C4_SOLVER,
    ),
    Mutation(
        "c4-solver-deadline-deleted",
        "Connect Four solver: the clock read every 4096 nodes deleted",
        C4_SEARCH,
        "if nodes & 4095 == 0 and passed(deadline):",
        "if False:",
        ("tests/games/connect_four/test_solver_keeping.py", "tests/agents/test_deadlines.py"),
    ),
    Mutation(
        "budget-limit-deleted",
        "budget.limit: the block's own deadline never set (only an enclosing one holds)",
        BUDGET,
        "at = mine if at is None else min(at, mine)",
        "pass",
        DEADLINES,
    ),
    Mutation(
        "budget-own-limit-deleted",
        "budget.deadline_for: an agent's own time_limit ignored",
        BUDGET,
        "at = own if at is None else min(at, own)",
        "pass",
        DEADLINES,
    ),
    Mutation(
        "c4-utility-sign",
        "Connect Four's utility: a win scored -1 and a loss +1",
        "src/zerosum/games/connect_four/game.py",
        "return 0 if not winner else (1 if winner == player else -1)",
        "return 0 if not winner else (-1 if winner == player else 1)",
        ("tests/games/connect_four/test_game.py", "tests/games/test_conformance.py") + PY_SEARCH,
    ),
    Mutation(
        "tictactoe-utility-sign",
        "tic-tac-toe's utility: a win scored -1 and a loss +1",
        "src/zerosum/games/claim/tictactoe.py",
        "return 0 if not winner else (1 if winner == player else -1)",
        "return 0 if not winner else (-1 if winner == player else 1)",
        ("tests/games/test_conformance.py",) + PY_SEARCH,
    ),
    Mutation(
        "mcts-backup-sign",
        "compiled MCTS: the backed-up result not negated from ply to ply",
        MCTS_KERNEL,
        "total[node] += v\n            v = -v\n",
        "total[node] += v\n",
        MCTS,
        "not alone",  # a loaded machine failed a timing test first, whatever the mutant
    ),
    Mutation(
        "uct-backup-sign",
        "generic UCT (Python): the backup credits the wrong player",
        UCT,
        "node.total += utility1 if node.mover == 1 else -utility1",
        "node.total += -utility1 if node.mover == 1 else utility1",
        MCTS,
        "not alone",
    ),
)


@dataclass(frozen=True)
class Outcome:
    """A test run: whether every test passed, what failed first, and the seconds taken."""

    passed: bool
    first: str
    seconds: float


def check_patterns(tree: Path, mutations: tuple[Mutation, ...]) -> None:
    """Stop (exit 2) unless every mutation's snippet occurs exactly once in its file."""
    wrong = []
    for m in mutations:
        found = (tree / m.path).read_text().count(m.find)
        if found != 1:
            wrong.append(f"  {m.name}: {m.find!r} occurs {found} times in {m.path}")
    if wrong:
        sys.exit("mutation snippets to update (each must occur exactly once):\n" + "\n".join(wrong))


def copy_tree(to: Path) -> Path:
    """A copy of the working tree (numba's caches in it kept, with their sources' times)."""
    tree = to / "tree"
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(*SKIPPED), symlinks=True)
    return tree


FAILED = re.compile(r"^(?:FAILED|ERROR) (\S+)", re.MULTILINE)


def run_tests(tree: Path, tests: tuple[str, ...], timeout: float, select: str = "") -> Outcome:
    """``pytest -x -q -n 2`` on ``tests`` in ``tree`` (``-m select`` if given), with the
    tree's src first."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-n", "2", "-p", "no:cacheprovider"]
    if select:
        command += ["-m", select]
    begin = time.monotonic()
    try:
        run = subprocess.run(
            [*command, *tests], cwd=tree, env=env, capture_output=True, text=True,
            timeout=timeout,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return Outcome(False, f"(no result within {timeout:.0f} s: a hang)", timeout)
    seconds = time.monotonic() - begin
    if run.returncode == 0:
        return Outcome(True, "", seconds)
    failed = FAILED.search(run.stdout)
    if failed:
        return Outcome(False, failed.group(1), seconds)
    tail = (run.stdout + run.stderr).strip().splitlines()[-1:] or ["?"]
    return Outcome(False, f"(pytest exit {run.returncode}: {tail[0][:80]})", seconds)


def mutate(tree: Path, m: Mutation, timeout: float) -> Outcome:
    """Run ``m``'s tests with ``m`` applied; the file is restored whatever happens."""
    path = tree / m.path
    original, stat = path.read_text(), path.stat()
    try:
        path.write_text(original.replace(m.find, m.replace, 1))
        return run_tests(tree, m.tests, timeout, m.select)
    finally:
        path.write_text(original)
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", metavar="NAME", help="this mutation only")
    parser.add_argument("--list", action="store_true", help="list the mutations and stop")
    parser.add_argument("--control", action="store_true", help="run each test set unmutated first")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per test run")
    parser.add_argument("--keep", action="store_true", help="keep the copy of the tree")
    args = parser.parse_args()
    chosen = tuple(m for m in MUTATIONS if not args.only or m.name in args.only)
    unknown = set(args.only or ()) - {m.name for m in MUTATIONS}
    if unknown:
        sys.exit(f"no such mutation: {', '.join(sorted(unknown))}")
    if args.list:
        for m in chosen:
            marked = f" -m {m.select!r}" if m.select else ""
            print(f"{m.name}: {m.what}\n    {m.path}\n    tests: {' '.join(m.tests)}{marked}")
        return
    check_patterns(ROOT, chosen)
    # the compiled code's mutants last: each compiles its kernels again (minutes)
    chosen = tuple(sorted(chosen, key=lambda m: m.path in COMPILED))
    work = Path(tempfile.mkdtemp(prefix="zerosum-mutants-"))
    try:
        tree = copy_tree(work)
        if args.control:
            for tests, select in dict.fromkeys((m.tests, m.select) for m in chosen):
                control = run_tests(tree, tests, args.timeout, select)
                verdict = "passes" if control.passed else f"FAILS unmutated: {control.first}"
                print(f"control {' '.join(tests)}: {verdict} ({control.seconds:.0f} s)", flush=True)
        rows = []
        for m in chosen:
            outcome = mutate(tree, m, args.timeout)
            verdict = "SURVIVED" if outcome.passed else f"killed by {outcome.first}"
            rows.append((m.name, verdict, outcome.seconds))
            print(f"{m.name}: {verdict} ({outcome.seconds:.0f} s)", flush=True)
        width = max(len(name) for name, _, _ in rows)
        print(f"\n| {'mutation':<{width}} | result | seconds |\n|{'-' * (width + 2)}|---|---|")
        for name, verdict, seconds in rows:
            print(f"| {name:<{width}} | {verdict} | {seconds:.0f} |")
        survived = sum(verdict == "SURVIVED" for _, verdict, _ in rows)
        print(f"\n{len(rows) - survived} of {len(rows)} mutants killed")
        sys.exit(1 if survived else 0)
    finally:
        if args.keep:
            print(f"the copy: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
