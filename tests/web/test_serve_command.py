"""``zerosum serve`` as a person starts it: a real process on a loopback port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

SRC = str(Path(__file__).resolve().parents[2] / "src")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_serve_prints_its_loopback_address_and_serves_the_page() -> None:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    command = [sys.executable, "-m", "zerosum", "serve", "--port", str(port)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line == f"zerosum: serving on http://127.0.0.1:{port}/ (Ctrl-C stops)\n"
        deadline = time.monotonic() + 10
        while True:  # the address is printed just before uvicorn binds it
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=5)
                break
            except httpx.ConnectError:
                assert time.monotonic() < deadline, "the server did not come up"
                time.sleep(0.05)
        assert page.status_code == 200 and "zerosum" in page.text
    finally:
        server.terminate()
        server.wait(10)
