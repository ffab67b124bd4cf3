"""``zerosum serve`` as a person starts it: a real process on a loopback port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from zerosum.cli import main

SRC = str(Path(__file__).resolve().parents[2] / "src")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_serve_prints_its_loopback_address_serves_the_page_and_caps_each_client() -> None:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    command = [sys.executable, "-m", "zerosum", "serve", "--port", str(port)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line == f"zerosum: serving on http://127.0.0.1:{port}/ (Ctrl-C stops)\n"
        # the address is listening once printed: the first request, sent at once, is
        # answered as soon as the server has started (never refused)
        page = httpx.get(f"http://127.0.0.1:{port}/", timeout=60)
        assert page.status_code == 200 and "zerosum" in page.text
        # a client cannot pass for 21 clients by forging the header a proxy would add
        made = [
            httpx.post(
                f"http://127.0.0.1:{port}/api/games",
                json={"game": "tictactoe", "opponent": "dummy"},
                headers={"X-Forwarded-For": f"10.0.0.{i}"},
            ).status_code
            for i in range(21)
        ]
        assert made == [201] * 20 + [429]
    finally:
        server.terminate()
        server.wait(10)


def test_the_served_address_queues_connections_before_the_server_starts() -> None:
    # what serve binds is already listening: a person who opens the printed address while
    # the server starts waits for the page rather than being refused
    from zerosum.web import bind

    sock = bind("127.0.0.1", 0)
    try:
        with socket.create_connection(sock.getsockname(), timeout=5):
            pass  # queued, though nothing has accepted it yet
    finally:
        sock.close()


@pytest.mark.parametrize(
    "option, value, message",
    [
        ("--move-seconds", "nan", "more than 0 and at most 3600 seconds"),
        ("--move-seconds", "-1", "more than 0 and at most 3600 seconds"),
        ("--move-seconds", "0", "more than 0 and at most 3600 seconds"),
        ("--move-seconds", "inf", "more than 0 and at most 3600 seconds"),
        ("--move-seconds", "abc", "expected a number of seconds, not 'abc'"),
        ("--port", "99999", "expected a port number 1..65535, not 99999"),
        ("--port", "-1", "expected a port number 1..65535, not -1"),
        ("--port", "0", "expected a port number 1..65535, not 0"),
        ("--port", "abc", "expected a port number 1..65535, not 'abc'"),
    ],
)
def test_bad_serve_options_exit_2_with_one_line(
    option: str, value: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", option, value]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"zerosum: error: serve: argument {option}: ") and message in err


def test_a_taken_port_is_one_line_and_exit_2_before_serving(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # it never claimed to be serving
    assert err == f"zerosum: error: cannot serve on 127.0.0.1:{port}: the port is taken\n"


def test_only_serve_imports_the_web_server() -> None:
    # every command reads the page's catalog; a command that does not serve (play, match,
    # a --help) must not pay for starlette's import, nor PyTorch's
    env = {**os.environ, "PYTHONPATH": SRC}
    code = (
        "import sys; from zerosum.cli import main; from zerosum.web.catalog import PRESETS;"
        "heavy = ('starlette.applications', 'uvicorn', 'torch');"
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert loaded.stdout.strip() == "[]", loaded.stderr
    code = (
        "import sys; from zerosum.web import create_app;"
        "print('starlette.applications' in sys.modules)"
    )
    loaded = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert loaded.stdout.strip() == "True", loaded.stderr
