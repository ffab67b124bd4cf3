"""Output files written safely: checked up front, written whole or not at all.

Every file zerosum writes for a user (exports, charts, pages, the opening book) goes
through :func:`write_file`: the text or bytes go to a temporary file in the target's
folder, which is renamed over the target only once it is complete, so an interrupted or
failed write leaves the old file as it was. Only a regular file is ever replaced: a
device (``/dev/full``), a FIFO, a socket or a directory at the target is refused by
:func:`check_output` before any work. A symbolic link is followed: the file it points to
is replaced (and the link kept), under the same rule.

A refused path raises :class:`OutputError` (bad input: the command line's exit 2); a
failed write (disk full, read-only) raises :class:`WriteError` (an ``OSError``: exit 1),
with the path and the reason.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from .game import ZerosumError

__all__ = ["OutputError", "WriteError", "check_output", "check_folder", "write_file"]


class OutputError(ZerosumError):
    """An output path that cannot be a file zerosum writes (a device, a FIFO, a directory,
    a missing or read-only folder): refused before any work."""


class WriteError(OSError):
    """Writing an output file failed (disk full, read-only file system): the message
    names the file and the reason; the target was left as it was."""


def _kind(mode: int) -> str:
    kinds = (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((name for test, name in kinds if test(mode)), "not a regular file")


def check_folder(folder: str | os.PathLike[str], what: str) -> Path:
    """``folder`` if it is a directory this process may create files in; ``what`` names
    it in the error (an option such as ``--journals``)."""
    path = Path(folder)
    if not path.is_dir():
        found = "does not exist" if not path.exists() else "is not a folder"
        raise OutputError(f"{what} {folder}: {found}")
    if not os.access(path, os.W_OK | os.X_OK):
        raise OutputError(f"{what} {folder}: the folder is not writable")
    return path


def check_output(path: str | os.PathLike[str], what: str | None = None) -> Path:
    """The regular file ``path`` stands for (a symbolic link followed), checked up front:
    it is missing or a regular file, and its folder exists and is writable. ``what``
    names the path in the error (an option such as ``--csv``; default: "output")."""
    label = f"{what} {os.fspath(path)}" if what else f"output {os.fspath(path)}"
    target = Path(os.path.realpath(path))  # a link: the file it points to
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise OutputError(f"{label}: {exc.strerror}") from None
    if mode is not None and not stat.S_ISREG(mode):
        raise OutputError(f"{label} is {_kind(mode)}, not a regular file: refusing to replace it")
    folder = target.parent
    if not folder.is_dir():
        raise OutputError(f"{label}: the folder {Path(path).parent} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{label}: the folder {folder} is not writable")
    return target


def write_file(
    path: str | os.PathLike[str], write: Callable[[IO[Any]], object], *, binary: bool = False
) -> None:
    """Call ``write`` with a file open on a temporary name beside ``path``, then rename it
    over ``path`` (see the module). The file gets the target's permissions, or those of a
    new file under the umask."""
    target = check_output(path)
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0o022)
        os.umask(umask)
        mode = 0o666 & ~umask
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
        os.fchmod(handle, mode)
        flags = "wb" if binary else "w"
        encoding = None if binary else "utf-8"
        with os.fdopen(handle, flags, encoding=encoding, newline=None if binary else "") as f:
            write(f)
        os.replace(temporary, target)
        temporary = None
    except OSError as exc:
        raise WriteError(f"cannot write {os.fspath(path)}: {exc.strerror or exc}") from None
    finally:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except FileNotFoundError:
                pass
