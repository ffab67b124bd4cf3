"""The server's defences against other sites and hostile bodies, checked before any work.

- :class:`Guard` (ASGI middleware) refuses, for every request, a ``Host`` that is not one of
  the allowed names (DNS rebinding: a page on ``evil.example`` whose name points at
  127.0.0.1 must not reach the local server), an ``Origin`` other than the server's own,
  ``Sec-Fetch-Site: cross-site``/``same-site`` (a page on another site or another local
  port), and a body that is not ``application/json``.
- :func:`json_depth` measures how deep a JSON text nests before ``json.loads`` recurses
  into it, so a body of thousands of ``[`` is refused instead of raising RecursionError.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["LOOPBACK_HOSTS", "Guard", "is_json_type", "json_depth", "is_loopback"]

#: The names a loopback server answers to (``Host`` without the port).
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` serves this machine only."""
    return host in LOOPBACK_HOSTS or host.startswith("127.")


def is_json_type(content_type: str) -> bool:
    """Whether a ``Content-Type`` header is ``application/json`` (parameters such as
    ``charset`` allowed)."""
    return content_type.split(";")[0].strip().lower() == "application/json"


def json_depth(text: bytes | bytearray) -> int:
    """The deepest nesting of ``[`` and ``{`` in a JSON text, brackets inside strings not
    counted (it does not check the text is valid JSON)."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in text:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # closing quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
    return deepest


def _host_name(host: str) -> str:
    """``host`` of a ``Host`` header without its port, brackets of IPv6 removed, lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    return host.rpartition(":")[0] if host.count(":") == 1 else host


def _netloc(url: str) -> str | None:
    """The ``host:port`` of ``url`` in lower case, or None when it is no URL (an IPv6
    address without its closing bracket)."""
    try:
        return urlsplit(url).netloc.lower()
    except ValueError:
        return None


def _has_body(headers: dict[str, str]) -> bool:
    length = headers.get("content-length", "")
    return "transfer-encoding" in headers or (length != "" and length != "0")


class Guard:
    """ASGI middleware answering refused requests with ``{"error": message}`` before the app
    sees them: 400 for a ``Host`` outside ``allowed_hosts`` (None: any host), 403 for a
    request from another origin, 415 for a body that is not ``application/json``."""

    def __init__(self, app: ASGIApp, allowed_hosts: Collection[str] | None) -> None:
        self.app = app
        self.allowed_hosts = None if allowed_hosts is None else {h.lower() for h in allowed_hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refusal = self.refusal(scope)
            if refusal is not None:
                await _answer(send, *refusal)
                return
        await self.app(scope, receive, send)

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """``(status, message)`` when the request must be refused, else None."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        if self.allowed_hosts is not None and _host_name(host) not in self.allowed_hosts:
            allowed = ", ".join(sorted(self.allowed_hosts))
            return 400, (
                f"the Host header {host!r} is not a name of this server ({allowed}); "
                "open the page at the address the server printed"
            )
        site = headers.get("sec-fetch-site", "").lower()
        if site in ("cross-site", "same-site"):
            return 403, f"requests from other sites are refused (Sec-Fetch-Site: {site})"
        origin = headers.get("origin")
        if origin is not None and _netloc(origin) != host.strip().lower():
            return 403, (
                f"requests from other origins are refused: Origin {origin!r} "
                f"is not this server (Host {host!r})"
            )
        content_type = headers.get("content-type", "")
        if _has_body(headers) and not is_json_type(content_type):
            return 415, _type_message(content_type)
        return None


def _type_message(content_type: str) -> str:
    shown = repr(content_type) if content_type else "none"
    return f"request bodies must be application/json, not {shown} (Content-Type)"


async def _answer(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
