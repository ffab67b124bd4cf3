"""Shared fixtures: every built-in game at sizes small enough to play out quickly, and the
system's headless Chromium for the browser tests (the page's and the notebook tree's).

The browser is ``chromium`` on the PATH or ``ZEROSUM_CHROMIUM``; without one the browser
tests skip, unless ``ZEROSUM_REQUIRE_BROWSER=1`` (set by CI) makes that a failure. The
same holds for the sandbox of class tournaments (bubblewrap and cgroups: the ``sandbox``
fixture) and ``ZEROSUM_REQUIRE_SANDBOX=1``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import zerosum as zs
from helpers import SMALL_GAMES

#: Where the kernels' warm-up processes say they are done (set by the controller of a
#: parallel run, inherited by its workers).
WARMING = "ZEROSUM_TESTS_WARMING"
_warming: list[subprocess.Popen[bytes]] = []


def pytest_configure(config: pytest.Config) -> None:
    """In the controller of a parallel run of the whole suite (pytest-xdist's ``-n``, no
    paths given: ``scripts/test.sh``), before the workers start: one process per worker
    compiles the built-in kernels into numba's cache (``tests/warm_kernels.py``), instead of
    every worker compiling each on a fresh clone. (A run of a few files compiles only what
    they need, as before.)"""
    workers = getattr(config.option, "numprocesses", None)
    whole = config.args_source == pytest.Config.ArgsSource.TESTPATHS
    if hasattr(config, "workerinput") or not workers or not whole or os.environ.get(WARMING):
        return
    count = (os.cpu_count() or 1) if workers in ("auto", "logical") else int(workers)
    folder = Path(tempfile.mkdtemp(prefix="zerosum-warming-"))
    os.environ[WARMING] = f"{folder}:{count}"
    root = Path(__file__).resolve().parents[1]
    path = [str(root / "src"), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
    for index in range(count):
        done = str(folder / f"done-{index}")
        _warming.append(subprocess.Popen(
            [sys.executable, str(root / "tests" / "warm_kernels.py"), str(index), str(count), done],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        ))  # fmt: skip


def pytest_collection_finish(session: pytest.Session) -> None:
    """A worker of a parallel run waits (ten minutes at most) for the warm-up to end."""
    warming = os.environ.get(WARMING)
    if not warming or ":" not in warming or not hasattr(session.config, "workerinput"):
        return
    folder, count = warming.rsplit(":", 1)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if all(os.path.exists(f"{folder}/done-{i}") for i in range(int(count))):
            return
        time.sleep(0.2)


def pytest_unconfigure(config: pytest.Config) -> None:
    for process in _warming:
        process.wait()
    if _warming:
        shutil.rmtree(os.environ[WARMING].rsplit(":", 1)[0], ignore_errors=True)
        _warming.clear()


@pytest.fixture(params=SMALL_GAMES)
def game(request: pytest.FixtureRequest) -> object:
    return zs.load_game(request.param)


FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _unavailable(why: str) -> None:
    if os.environ.get("ZEROSUM_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{why} (ZEROSUM_REQUIRE_BROWSER=1 makes the browser tests required)")
    pytest.skip(why)


@pytest.fixture
def sandbox() -> None:
    """A test that needs the sandbox: skipped where none can be started (failed instead
    under ``ZEROSUM_REQUIRE_SANDBOX=1``, as in CI, which installs bubblewrap)."""
    from zerosum.hosting.sandbox import unavailable

    why = unavailable()
    if why is not None:
        if os.environ.get("ZEROSUM_REQUIRE_SANDBOX") == "1":
            pytest.fail(f"no sandbox here: {why} (ZEROSUM_REQUIRE_SANDBOX=1 requires one)")
        pytest.skip(f"no sandbox here: {why}")


@pytest.fixture(scope="session")
def dask_scheduler() -> Iterator[str]:
    """A local Dask cluster of two worker processes, for the arena's runs and the pools."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = os.environ.get("ZEROSUM_CHROMIUM") or shutil.which("chromium")
    if not path or not os.path.exists(path):
        _unavailable("no Chromium: install the 'chromium' package or set ZEROSUM_CHROMIUM")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -e '.[dev]')")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=path, args=FLAGS)
        yield chromium
        chromium.close()
