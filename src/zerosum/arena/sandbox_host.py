"""Moved to :mod:`zerosum.hosting.sandbox_host`; ``python -m zerosum.arena.sandbox_host FD
NICE HELD MB`` keeps working (sandboxes now start the new path)."""

import sys

from ..hosting.sandbox_host import main

__all__ = ["main"]

if __name__ == "__main__":
    main(sys.argv[1:])
