"""A real uvicorn server on a free loopback port, running the web app in a thread; or
``zerosum serve`` in a process of its own, on a numba cache of the test's."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import uvicorn

from zerosum.web import create_app, proxy_options


@contextmanager
def running(trusted_proxy: str | None = None, **options: Any) -> Iterator[str]:
    """Serve ``create_app(**options)`` on 127.0.0.1 and yield its base URL; the proxy
    options as ``zerosum serve`` sets them (see ``proxy_options``)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        create_app(**options),
        log_level="warning",
        access_log=False,
        **proxy_options(trusted_proxy),  # type: ignore[arg-type]
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


@pytest.fixture(scope="module")
def base(request: pytest.FixtureRequest) -> Iterator[str]:
    """A server with a 2 s cap per computer move, shared by a test module (with the
    module's ``SERVER_OPTIONS``, if it has any)."""
    with running(move_seconds=2.0, **getattr(request.module, "SERVER_OPTIONS", {})) as url:
        yield url


@pytest.fixture
def serve() -> Callable[..., Any]:
    """``with serve(max_games=2) as url:`` starts a server with its own limits."""
    return running


@pytest.fixture(scope="module")
def cold_base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``zerosum serve`` in a process of its own, its agent hosts on an empty numba cache
    (a machine that has compiled nothing yet), shared by a test module: its base URL,
    once it answers. (A server in this process would start its hosts from this process's
    fork server, on the numba cache that server started with.)"""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    cache = tmp_path_factory.mktemp("numba-cache")
    server = subprocess.Popen(
        [sys.executable, "-m", "zerosum", "serve", "--port", str(port)],
        env={**os.environ, "NUMBA_CACHE_DIR": str(cache)},
        stdout=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/catalog", timeout=5).close()
                break
            except OSError:
                assert server.poll() is None, "zerosum serve ended"
                assert time.monotonic() < deadline, "zerosum serve did not answer"
                time.sleep(0.05)
        yield url
    finally:
        server.terminate()
        server.wait(30)
