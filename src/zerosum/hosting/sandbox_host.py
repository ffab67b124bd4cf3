"""An agent host inside a sandbox: ``python -m zerosum.hosting.sandbox_host FD NICE HELD MB``.

Started by :func:`zerosum.hosting.sandbox.launch` inside bubblewrap, it serves the referee
over the socket ``FD`` like any host (:func:`~zerosum.hosting.isolation._serve`), except
that its replies are data (:func:`~zerosum.hosting.sandbox.encode_reply`) and that it first
copies zerosum's compiled code into its own cache (:func:`~zerosum.hosting.sandbox.copy_compiled`).
"""

from __future__ import annotations

import sys
from multiprocessing.connection import Connection

from .isolation import _serve
from .sandbox import copy_compiled


def main(argv: list[str]) -> None:
    fd, nice, held, memory_mb = (int(a) for a in argv)
    copy_compiled()
    _serve(Connection(fd), nice, held, memory_mb or None, confined=True)


if __name__ == "__main__":
    main(sys.argv[1:])
