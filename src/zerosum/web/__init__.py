"""Play in the browser: a small starlette app serving the page and its JSON API.

``zerosum serve`` runs it with uvicorn; :func:`create_app` builds it for any ASGI server.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, move_seconds: float = 5.0) -> None:
    """Serve the page on ``host``:``port`` until interrupted (loopback unless told otherwise)."""
    import uvicorn

    app = create_app(move_seconds=move_seconds)
    shown = f"[{host}]" if ":" in host else host
    print(f"zerosum: serving on http://{shown}:{port}/ (Ctrl-C stops)", flush=True)
    # Requests still open at a Ctrl-C or SIGTERM get a second; the agent hosts are then
    # killed, so the server stops within about two seconds whatever they were doing.
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=1,
    )
