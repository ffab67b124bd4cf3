"""The MCTS benchmark script runs (tiny sizes) and prints its table."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "mcts.py"


def test_the_benchmark_runs_quickly_and_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(SCRIPT), run_name="bench")["main"](["--quick"])
    out = capsys.readouterr().out
    assert "| MCTS sims/s, connect4 7x6 | zerosum MCTS, compiled tree |" in out
    assert out.count("zerosum compiled kernel") == 4
