"""A sandbox's cgroup, and what a referee killed outright leaves behind."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from zerosum.hosting.cgroups import Cgroup


def dead_pid() -> int:
    """The id of a process that has ended (a killed referee's)."""
    gone = subprocess.Popen(["true"])
    gone.wait()
    return gone.pid


def test_a_frozen_group_left_by_a_killed_referee_is_ended_by_the_next_one(
    sandbox: None,
) -> None:
    # what `kill -9` of a tournament leaves: its sandbox frozen between two moves, in a
    # group named for the referee, which no longer runs
    made = Cgroup(None, 8)
    try:
        stale = {
            kind: folder.parent / f"zerosum-{dead_pid()}-0" for kind, folder in made.folders.items()
        }
    finally:
        made.remove()
    for folder in stale.values():
        folder.mkdir()
    # a process of the sandbox: not this test's child (the referee that started it is dead)
    started = subprocess.run(["sh", "-c", "sleep 600 >/dev/null 2>&1 & echo $!"],
                             capture_output=True, text=True, check=True)  # fmt: skip
    pid = int(started.stdout)
    alive = Path(f"/proc/{pid}")
    try:
        for folder in stale.values():
            (folder / "cgroup.procs").write_text(str(pid))
        if "freezer" in stale:
            (stale["freezer"] / "freezer.state").write_text("FROZEN")
        elif "v2" in stale:
            (stale["v2"] / "cgroup.freeze").write_text("1")
        time.sleep(0.2)
        assert alive.exists()
        Cgroup(None, 8).remove()  # the next sandbox's group
        assert not any(folder.exists() for folder in stale.values())
        deadline = time.monotonic() + 5
        while alive.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive.exists()
    finally:
        for folder in stale.values():
            for name, thawed in (("freezer.state", "THAWED"), ("cgroup.freeze", "0")):
                if (folder / name).exists():
                    (folder / name).write_text(thawed)
        if alive.exists():
            os.kill(pid, signal.SIGKILL)
        for folder in stale.values():
            if folder.exists():
                folder.rmdir()
