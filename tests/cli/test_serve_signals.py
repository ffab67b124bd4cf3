"""``zerosum serve`` stops within 2 s on SIGTERM or Ctrl-C, even while agents think."""

from __future__ import annotations

import signal
import socket
import threading

import httpx
import pytest

from processes import Command, wait_until


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.alone
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_serve_stops_promptly_while_agents_think(signum: int) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    run = Command("serve", "--port", str(port), "--move-seconds", "30")

    def up() -> bool:
        try:
            return httpx.get(f"{url}/api/catalog", timeout=1).is_success
        except httpx.TransportError:
            return False

    def think(spec: str) -> None:
        body = {"game": "connect4", "opponent": spec, "human": 2}
        try:
            httpx.post(f"{url}/api/games", json=body, timeout=60)
        except httpx.TransportError:
            pass  # the server went away under the request: expected

    try:
        wait_until(up, 30, "the server to answer")
        thinkers = [
            threading.Thread(target=think, args=(spec,), daemon=True)
            for spec in ("perfect", "minimax", "montecarlo:playouts=1000000000")
        ]
        for thread in thinkers:
            thread.start()
        threading.Event().wait(1.0)  # the agents are deep in their searches now
        assert up()  # and the server still answers
        seconds = run.stop(signum, group=signum == signal.SIGINT)
    finally:
        run.kill()
    assert seconds < 2.0, f"serve took {seconds:.2f} s to stop"
    assert run.process.returncode is not None
