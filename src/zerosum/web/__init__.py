"""Play in the browser: a small starlette app serving the page and its JSON API.

``zerosum serve`` runs it with uvicorn; :func:`create_app` builds it for any ASGI server.
Starlette is imported by the first use of ``create_app``, not by this package: every
command reads the page's catalog (:mod:`.catalog`), and only ``serve`` needs the server.
"""

from __future__ import annotations

import errno
import socket
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..game import ZerosumError
from .guard import LOOPBACK_HOSTS, is_loopback

if TYPE_CHECKING:
    from .app import create_app

__all__ = ["create_app", "serve", "bind", "proxy_options"]


def __getattr__(name: str) -> object:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def proxy_options(trusted_proxy: str | None) -> dict[str, object]:
    """uvicorn's options for ``X-Forwarded-For``: ignored unless the connection comes from
    ``trusted_proxy`` (an address, or a comma-separated list of them), so that the
    per-client cap counts the connection's address, which a client cannot choose (uvicorn
    otherwise believes the header from 127.0.0.1)."""
    if trusted_proxy is None:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": trusted_proxy}


def bind(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` and listening; :class:`~zerosum.game.ZerosumError`
    in one line when the address cannot be used (taken, not this machine's, not allowed)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, OverflowError) as exc:
        raise ZerosumError(f"cannot serve on {host}:{port}: {exc.args[-1]}") from None
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        why = "the port is taken" if exc.errno == errno.EADDRINUSE else exc.strerror
        raise ZerosumError(f"cannot serve on {host}:{port}: {why}") from None
    # Listening now, before the server has started, queues the connections of a person
    # (or a script) who follows the "serving on" line at once: a socket only bound refuses
    # them until the server accepts.
    sock.listen(2048)
    return sock


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    move_seconds: float = 5.0,
    games: Sequence[str] = (),
    agents: Sequence[str] = (),
    trusted_proxy: str | None = None,
) -> None:
    """Serve the page on ``host``:``port`` until interrupted (loopback unless told otherwise),
    with the operator's own ``games`` and ``agents`` (file or module specs) in its menus;
    clients are told apart by their connection's address, or by ``X-Forwarded-For`` on
    connections from ``trusted_proxy`` (:func:`proxy_options`).

    On a loopback address the server answers only requests naming it by a loopback name
    (``Host: localhost:8000`` or ``127.0.0.1``), which defeats DNS rebinding.
    """
    import uvicorn

    from .app import create_app

    allowed = (*LOOPBACK_HOSTS, host) if is_loopback(host) else None
    app = create_app(move_seconds=move_seconds, allowed_hosts=allowed, games=games, agents=agents)
    sock = bind(host, port)
    shown = f"[{host}]" if ":" in host else host
    print(f"zerosum: serving on http://{shown}:{port}/ (Ctrl-C stops)", flush=True)
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        # Requests still open at a Ctrl-C or SIGTERM get half a second; the agent hosts are
        # then killed, so the server stops within about two seconds whatever they did.
        timeout_graceful_shutdown=0.5,  # type: ignore[arg-type]  # a float works (wait_for)
        **proxy_options(trusted_proxy),  # type: ignore[arg-type]
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
