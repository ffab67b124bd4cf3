"""A real uvicorn server on a free loopback port, running the web app in a thread."""

from __future__ import annotations

import socket
import threading
import time
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
