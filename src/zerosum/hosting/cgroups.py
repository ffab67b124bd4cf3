"""A Linux control group of its own for a sandboxed process tree: memory and process limits.

The kernel charges a cgroup for every page its processes use, however it is mapped (heap,
shared memory, ``memfd``, files on a ``tmpfs``), refuses a fork past ``pids.max``, and
freezes all its processes at once (so that none runs while another agent thinks):
what ``setrlimit`` and signals cannot do. A :class:`Cgroup` is created below the cgroup this
process is in (v1: one per controller, v2: one), holds one sandbox, and is removed with it.
A process joins it by writing its own pid to ``cgroup.procs`` before it starts anything
(see :mod:`zerosum.hosting.sandbox`), so nothing it starts escapes.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import signal
import time
from collections.abc import Iterable
from pathlib import Path

__all__ = ["Cgroup"]

_CONTROLLERS = ("memory", "pids")
_OPTIONAL = ("freezer",)  # v1; v2 freezes any group
_NAME = re.compile(r"zerosum-(\d+)-\d+")
_COUNT = itertools.count()


def _own_groups() -> dict[str, Path]:
    """The directories of this process's cgroups: ``{"memory": ..., "pids": ...}`` (and
    ``"freezer"`` when mounted) for v1 controllers mounted apart, ``{"v2": ...}`` for the
    unified hierarchy."""
    mounts: dict[str, Path] = {}
    for line in Path("/proc/self/mounts").read_text().splitlines():
        _, where, kind, options, *_ = line.split()
        if kind == "cgroup":
            for name in set(options.split(",")) & {*_CONTROLLERS, *_OPTIONAL}:
                mounts[name] = Path(where)
        elif kind == "cgroup2":
            mounts["v2"] = Path(where)
    paths: dict[str, str] = {}
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        number, names, path = line.split(":", 2)
        for name in names.split(",") if names else ["v2"] if number == "0" else []:
            paths[name] = path.lstrip("/")
    if all(name in mounts and name in paths for name in _CONTROLLERS):
        found = (n for n in (*_CONTROLLERS, *_OPTIONAL) if n in mounts and n in paths)
        return {name: mounts[name] / paths[name] for name in found}
    if "v2" in mounts and "v2" in paths:
        return {"v2": mounts["v2"] / paths["v2"]}
    raise OSError("no cgroup hierarchy with the memory and pids controllers is mounted")


def _write(path: Path, text: str) -> None:
    path.write_text(text)


class Cgroup:
    """A new cgroup below this process's own, limited to ``memory_mb`` MB of memory (swap
    included; None: no memory limit) and ``processes`` processes and threads.

    Raises :class:`OSError` when it cannot be created (no cgroup controllers mounted, or
    no right to create one: not root, or a v2 hierarchy not delegated to us)."""

    def __init__(self, memory_mb: int | None, processes: int) -> None:
        own = _own_groups()
        name = f"zerosum-{os.getpid()}-{next(_COUNT)}"
        self.v2 = "v2" in own
        self.folders = {kind: parent / name for kind, parent in own.items()}
        self.dirs = list(self.folders.values())
        _remove_stale(own.values())
        if self.v2:
            controls = own["v2"] / "cgroup.subtree_control"
            if not set(_CONTROLLERS) <= set(controls.read_text().split()):
                _write(controls, " ".join(f"+{c}" for c in _CONTROLLERS))
        try:
            for folder in self.dirs:
                folder.mkdir()
            self._limit(memory_mb, processes)
        except OSError:
            self.remove()
            raise

    def _limit(self, memory_mb: int | None, processes: int) -> None:
        if self.v2:
            (folder,) = self.dirs
            if memory_mb is not None:
                _write(folder / "memory.max", str(memory_mb << 20))
                with contextlib.suppress(FileNotFoundError):  # no swap accounting
                    _write(folder / "memory.swap.max", "0")
            _write(folder / "pids.max", str(processes))
            return
        memory, pids = self.folders["memory"], self.folders["pids"]
        if memory_mb is not None:
            _write(memory / "memory.limit_in_bytes", str(memory_mb << 20))
            with contextlib.suppress(FileNotFoundError):  # no swap accounting
                _write(memory / "memory.memsw.limit_in_bytes", str(memory_mb << 20))
        _write(pids / "pids.max", str(processes))

    def pids(self) -> list[int]:
        """The processes in the group now."""
        return sorted(set().union(*map(_pids, self.dirs)))

    def oom_killed(self) -> bool:
        """Whether the kernel killed a process of the group for going over its memory."""
        name = "memory.events" if self.v2 else "memory.oom_control"
        try:
            text = (self.folders["v2" if self.v2 else "memory"] / name).read_text()
        except OSError:
            return False
        found = re.search(r"^oom_kill (\d+)$", text, re.MULTILINE)
        return found is not None and int(found.group(1)) > 0

    def freeze(self, frozen: bool) -> None:
        """Stop every process in the group (``frozen``), or let them run again; nothing
        where there is no freezer."""
        for folder in self.dirs:
            _freeze(folder, frozen)

    def kill(self) -> None:
        """Kill every process in the group (only ours can be there)."""
        _end(self.dirs)

    def remove(self, seconds: float = 2.0) -> None:
        """Kill what is left in the group and remove it (a dying process leaves it within
        ``seconds``; a group that stays is removed by the next one created here)."""
        _remove(list(reversed(self.dirs)), seconds)


def _remove_stale(parents: Iterable[Path], seconds: float = 1.0) -> None:
    """Remove the groups left by zerosum processes that were killed, and end what still
    runs in them. A referee killed outright (``kill -9``) leaves the sandbox it had frozen
    frozen for good: a frozen process does not act on its parent's death, and under v1 no
    signal reaches it until the group is thawed, which only its referee would have done."""
    stale: list[Path] = []
    for parent in parents:
        with contextlib.suppress(OSError):
            for folder in parent.iterdir():
                found = _NAME.fullmatch(folder.name)
                if found and not Path(f"/proc/{found.group(1)}").exists():
                    stale.append(folder)
    _remove(stale, seconds)


# The file that freezes a group, with what freezes and what thaws it: v2's, then v1's.
_FREEZERS = (("cgroup.freeze", "1", "0"), ("freezer.state", "FROZEN", "THAWED"))


def _freeze(folder: Path, frozen: bool) -> None:
    """Freeze or thaw one group folder's processes through the freezer file it has (a
    v1 memory or pids folder has none: nothing; a group already gone: nothing)."""
    for name, freeze, thaw in _FREEZERS:
        with contextlib.suppress(OSError):
            if (folder / name).exists():
                _write(folder / name, freeze if frozen else thaw)


def _pids(folder: Path) -> set[int]:
    """The processes in one group folder now (none once it is gone)."""
    try:
        return {int(pid) for pid in (folder / "cgroup.procs").read_text().split()}
    except (OSError, ValueError):
        return set()


def _end(folders: list[Path]) -> None:
    """Kill every process in ``folders``, all thawed first: v1 delivers no signal to a
    frozen process, and its freezer is one folder of several."""
    for folder in folders:
        _freeze(folder, False)
    for folder in folders:
        for pid in _pids(folder):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def _remove(folders: list[Path], seconds: float) -> None:
    """End what runs in ``folders`` and remove them, trying again while dying processes
    leave, for up to ``seconds`` (what is left then, the next group created removes)."""
    end = time.monotonic() + seconds
    while folders:
        _end(folders)
        for folder in folders:
            with contextlib.suppress(OSError):
                folder.rmdir()
        folders = [folder for folder in folders if folder.is_dir()]
        if folders and time.monotonic() > end:
            return
        if folders:
            time.sleep(0.01)
