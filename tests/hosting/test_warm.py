"""What the page's agent hosts warm up (``hosting/warm.py``): what the registries name, as far
as numba's cache holds it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from processes import SRC
from zerosum.agents import AGENTS, make_agent
from zerosum.games import GAMES, load_game


def test_every_warm_spec_builds_its_game_or_agent() -> None:
    games = [entry for entry in GAMES if entry.warm]
    agents = [entry for entry in AGENTS if entry.warm]
    assert games and agents
    for entry in games:
        assert load_game(entry.warm or "").name == entry.name
    for entry in agents:
        assert callable(make_agent(entry.warm or ""))


def test_warming_up_compiles_nothing(tmp_path: Path) -> None:
    """On a machine that has compiled nothing, the fork server's warm-up loads what the
    cache holds (nothing) and compiles nothing: compiling every warm agent on every warm
    game there took minutes, which the page's first move waited for."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path), "PYTHONPATH": SRC}
    subprocess.run([sys.executable, "-c", "import zerosum.hosting.warm"], env=env, check=True,
                   timeout=120)  # fmt: skip
    assert list(tmp_path.rglob("*.nbi")) == []
