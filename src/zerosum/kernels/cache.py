"""Where numba caches the compiled kernels, so that a read-only install still compiles
each of them once per user, not once per process.

numba writes its cache beside the code (``__pycache__`` in the installed package) and,
where that folder cannot be written (a system-wide or read-only install), in the user's
cache folder (``$XDG_CACHE_HOME/numba`` or ``~/.cache/numba``). Where neither can be
written (a service account without a home), numba refuses to load any function declared
``cache=True``: :func:`ensure_writable` then points its ``NUMBA_CACHE_DIR`` at a folder of
this user's own under the system's temporary folder. A ``NUMBA_CACHE_DIR`` already set
is left alone.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

#: The folder numba caches this package's kernels in when it can write there.
IN_TREE = Path(__file__).resolve().parent / "__pycache__"


def user_cache() -> Path:
    """numba's user-wide cache folder on Linux (``numba.misc.appdirs``' rule)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(base) / "numba"


def writable(folder: Path) -> bool:
    """Whether a file can be made in ``folder`` (made if missing), as numba checks it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def fallback() -> Path:
    """A cache folder of this user's own under the temporary folder, kept between
    processes. numba's cache files are pickles, so a folder of that name that another user
    could have made or could write to is not used: a new private one is made instead."""
    folder = Path(tempfile.gettempdir()) / f"zerosum-numba-cache-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        status = folder.lstat()
        if folder.is_dir() and not folder.is_symlink() and status.st_uid == os.getuid():
            if status.st_mode & 0o077 == 0:
                return folder
    except OSError:
        pass
    return Path(tempfile.mkdtemp(prefix="zerosum-numba-cache-"))


def ensure_writable() -> None:
    """Set ``NUMBA_CACHE_DIR`` to :func:`fallback` when numba could cache nowhere else."""
    if os.environ.get("NUMBA_CACHE_DIR") or writable(IN_TREE) or writable(user_cache()):
        return
    folder = fallback()
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    config = sys.modules.get("numba.core.config")  # numba read the variable when imported
    if config is not None:
        config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]
