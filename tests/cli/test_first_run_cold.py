"""A first ``zerosum explain``, ``grade`` and ``solve`` on a machine that has compiled
nothing yet (issue #39): on tic-tac-toe and Pick 3 they answer by Python, saying so where
it is not the agent's own search, and compile nothing (numba's cache, an empty folder of
this test's, is still empty after them); a first Connect Four solve past the opening book
compiles the one entry point of the solver it calls. What they answer is checked against
the same commands on this process's numba cache elsewhere (``test_explain.py``,
``test_analysis.py``, ``test_solve.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from processes import SRC
from zerosum.hosting.standin import NOT_COMPILED


def run_cold(cache: Path, *args: str) -> str:
    """``zerosum ARGS`` on the numba cache folder ``cache``, to its end; its output."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache),
           "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}  # fmt: skip
    done = subprocess.run([sys.executable, "-m", "zerosum", *args], capture_output=True,
                          text=True, env=env, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def compiled(cache: Path) -> list[str]:
    """The functions numba has compiled into ``cache`` (its index files' names)."""
    return sorted(path.name for path in cache.rglob("*.nbi"))


def test_explain_on_tiny_games_answers_by_python_saying_so_and_compiles_nothing(
    tmp_path: Path,
) -> None:
    said = run_cold(tmp_path, "explain", "tictactoe", "alphabeta", "--moves", "4")
    # the traced search under explain's deadline does not wait for its compiled twin
    assert "re-run on the Python path" in said.splitlines()[1], said
    assert "its compiled traced search is not compiled yet" in said.splitlines()[1], said
    said = run_cold(tmp_path, "explain", "pick:n=3", "mcts:iterations=50,seed=1")
    assert said.splitlines()[1].startswith(NOT_COMPILED), said
    assert compiled(tmp_path) == []


def test_grade_and_solve_on_tiny_games_compile_nothing(tmp_path: Path) -> None:
    agents = ["alphabeta:depth=2", "mcts:iterations=20,seed=1", "perfect"]
    said = run_cold(tmp_path, "grade", "tictactoe", *agents, "--positions", "5")
    # who played for an agent, after the table; perfect needs no compiled code at all
    assert f"\nalphabeta:depth=2: {NOT_COMPILED}\n" in said, said
    assert f"\nmcts:iterations=20,seed=1: {NOT_COMPILED}\n" in said, said
    assert "\nperfect:" not in said
    run_cold(tmp_path, "solve", "pick:n=3")
    run_cold(tmp_path, "solve", "tictactoe")
    assert compiled(tmp_path) == []


def test_a_first_connect_four_solve_compiles_the_one_entry_point_it_calls(
    tmp_path: Path,
) -> None:
    said = run_cold(tmp_path, "solve", "connect4", "--moves", "4671146221161364", "--workers", "2")
    assert said.startswith("player 1 to move wins in 19 plies (score 4)"), said
    names = compiled(tmp_path)
    assert any(name.startswith("search.solve_share-") for name in names), names
    assert not any(name.startswith(("search.solve_all-", "search.keeping_column-"))
                   for name in names), names  # fmt: skip
