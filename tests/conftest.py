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
from collections.abc import Iterator
from typing import Any

import pytest

import zerosum as zs
from helpers import SMALL_GAMES


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


@pytest.fixture(scope="module")
def dask_scheduler() -> Iterator[str]:
    """A local Dask cluster of two worker processes, for the arena's runs and the pools.
    Per module, not per session: an idle cluster's heartbeats cost a CPU-second every
    twenty or so, which over a whole session was more than starting one for each module."""
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
