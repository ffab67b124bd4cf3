"""Sandboxes for agents from the user's files: bubblewrap, a cgroup, and replies that are data.

A class tournament runs code its organizer has not read. Each such entry's agent host
(:class:`~zerosum.hosting.isolation.AgentHost`) runs in a sandbox of its own, started by
:func:`launch`:

- bubblewrap (``bwrap``; :data:`BWRAP_VARIABLE` names another) gives it new namespaces:
  its own PIDs (it cannot see or signal the referee, its host's parent, or other
  entries; when its host dies, everything it started dies), no network, its own session
  and process group, no capabilities, and, when the referee runs as root, the user
  ``nobody``. Its file system is an empty ``tmpfs`` (its home, ``/tmp``) plus, read-only,
  the system's libraries, Python, zerosum and the installed packages, its own file and
  the game's: not the other entries, the journal or the outputs. It starts in a folder at
  the same path as the referee's working directory, empty but for those files, so a file
  named as the user typed it (``entries/ada.py``) is found inside under the same name.
  Its environment is cleared.
- a :class:`~zerosum.hosting.cgroups.Cgroup` counts all the memory it uses, however mapped,
  against its limit, caps its processes (threads included) at :data:`PROCESSES`, and
  keeps them all frozen between the host's answer and the next thing it is asked: what
  it started cannot take the processor from its opponent.
- its output (stdout and stderr) goes to a pipe the referee drains while it waits for a
  reply, keeping the last :data:`KEPT_OUTPUT` bytes (shown when the host dies); the rest
  is dropped, and nothing reaches the referee's own output.
- its replies are JSON of bounded size (:func:`encode_reply`, :func:`decode_reply`),
  never pickles (unpickling runs code): a move is the index of the action among the
  referee's own ``game.actions(state)``.

:func:`unavailable` says why no sandbox can be started here (None when one can).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import math
import multiprocessing.util
import os
import shutil
import signal
import site
import socket
import struct
import subprocess
import sys
import time
import weakref
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

from ..agents.base import SearchInfo
from ..game import Game, SpecError, format_action
from ..records.jsonvalue import JSONObject
from ..spec import parse_code_spec, parse_spec
from .cgroups import Cgroup
from .messages import Answer, Done, Failed, Missing, Ready, Reply

__all__ = [
    "BWRAP_VARIABLE",
    "Confinement",
    "Confined",
    "ForeignAction",
    "unavailable",
    "launch",
    "encode_reply",
    "decode_reply",
    "readable_files",
    "code_file",
]

#: The environment variable naming the bubblewrap program (default: ``bwrap`` on the PATH).
BWRAP_VARIABLE = "ZEROSUM_BWRAP"
#: Processes and threads a sandbox may hold at once.
PROCESSES = 64
#: Memory its cgroup allows beyond the agent's own limit: the kernel's memory for the
#: sandbox, so a heap that grows past the limit meets a ``MemoryError`` first.
SLACK_MB = 64
#: Bytes of a sandbox's output kept: the last ones, shown when its host dies.
KEPT_OUTPUT = 1024
#: The longest reply a sandboxed host may send, in bytes.
MAX_REPLY = 1 << 16
#: The longest text (an illegal action, an error) kept from a reply.
_MAX_TEXT = 500
#: Longest traceback of an agent's own code a sandboxed host's error reply carries.
_MAX_TRACE = 4000
#: Whom the sandbox runs as when the referee is root.
_NOBODY = "65534"
#: System folders the sandbox sees, read-only, when they exist.
_SYSTEM = (
    *("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"),
    *("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives"),
    "/etc/localtime",
)
#: The sandbox's whole environment.
_ENVIRONMENT = {
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "HOME": "/tmp",
    "LANG": "C.UTF-8",
    "PYTHONDONTWRITEBYTECODE": "1",
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "NUMBA_NUM_THREADS": "1",
    "NUMBA_CACHE_DIR": "/tmp/.numba",
}
#: zerosum's own package folder.
_PACKAGE = Path(__file__).resolve().parent.parent
#: Where a sandbox sees zerosum's compiled code, read-only (:func:`copy_compiled`).
COMPILED = "/run/zerosum-compiled"
#: Joins the cgroups named before ``--`` (writing its own pid), then runs the rest.
_JOIN = 'while [ "$1" != -- ]; do echo $$ > "$1/cgroup.procs" || exit 125; shift; done; shift; exec "$@"'  # noqa: E501


@dataclass(frozen=True)
class Confinement:
    """How an agent host is sandboxed: the files (absolute paths) it may read besides the
    system and Python's own, e.g. the entry's file and the game's; and the folder it
    starts in (``workdir``, absolute: by default the working directory of the process that
    made this, the referee's), so that a file named relative to the user's folder, as
    typed, names the same file inside."""

    readable: tuple[str, ...] = ()
    workdir: str = field(default_factory=os.getcwd)


def code_file(spec: object) -> str | None:
    """The absolute path of the user's file that the spec string ``spec`` runs: a file
    spec's own, or one given as a parameter of a registered spec (``connectx:bot.py``);
    None when it runs none. A relative name is taken from the working directory, and
    links are kept: the sandbox shows the file at the path the user named."""
    if not isinstance(spec, str):
        return None
    code = parse_code_spec(spec)
    if code is None:
        with contextlib.suppress(SpecError):
            values = parse_spec(spec)[1].values()
            code = next((c for c in map(parse_code_spec, values) if c and c.is_file), None)
    return os.path.abspath(code.source) if code is not None and code.is_file else None


def readable_files(*specs: object) -> tuple[str, ...]:
    """The absolute paths of the user's files that ``specs`` run (:func:`code_file`)."""
    return tuple(dict.fromkeys(f for f in map(code_file, specs) if f is not None))


def _bwrap() -> str:
    return os.environ.get(BWRAP_VARIABLE) or shutil.which("bwrap") or "bwrap"


def unavailable() -> str | None:
    """Why no sandbox can be started here, in one line; None when one can."""
    return _check(_bwrap(), os.geteuid() == 0)


@functools.cache
def _check(bwrap: str, root: bool) -> str | None:
    if shutil.which(bwrap) is None:
        return (
            f"bubblewrap was not found ({bwrap}; install the bubblewrap package, or set "
            f"{BWRAP_VARIABLE} to its path)"
        )
    if root and shutil.which("setpriv") is None:
        return "setpriv (util-linux) was not found: it runs the sandbox as nobody"
    try:
        group = Cgroup(64, 8)
    except OSError as exc:
        return f"no cgroup with memory and process limits can be created here ({exc})"
    group.remove()
    command = [*_command(bwrap, Confinement(), root), sys.executable, "-c", "import zerosum"]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bubblewrap cannot start a sandbox here ({exc})"
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines() or [f"exit {done.returncode}"]
        return f"bubblewrap cannot start a sandbox here ({lines[-1]})"
    return None


def _python_folders() -> list[str]:
    """The folders Python and zerosum run from: its prefixes, the installed packages and
    zerosum's own package (not the folders around it)."""
    folders = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    folders.add(str(Path(os.path.realpath(sys.executable)).parent))
    folders.update(p for p in site.getsitepackages() if p in sys.path)
    user = site.getusersitepackages()
    if user in sys.path:
        folders.add(user)
    folders.add(str(_PACKAGE))
    kept: list[str] = []
    for folder in sorted(os.path.realpath(f) for f in folders):
        if os.path.isdir(folder) and not any(folder.startswith(k.rstrip("/") + "/") for k in kept):
            kept.append(folder)
    return kept


@functools.cache
def _compiled() -> tuple[tuple[str, str], ...]:
    """zerosum's compiled code cached by numba here: (folder, numba's name for the source
    folder) pairs, from ``NUMBA_CACHE_DIR`` or the package's ``__pycache__`` folders."""
    root = _PACKAGE
    user = os.environ.get("NUMBA_CACHE_DIR")
    found = []
    for folder in [root, *sorted(p for p in root.rglob("*") if p.is_dir())]:
        name = f"{folder.name}_{hashlib.sha1(str(folder).encode()).hexdigest()}"
        source = Path(user) / name if user else folder / "__pycache__"
        if folder.name != "__pycache__" and source.is_dir():
            found.append((str(source), name))
    return tuple(found)


def copy_compiled() -> None:
    """In a sandbox: copy zerosum's compiled code into its own numba cache, so that it
    loads rather than compiles (numba loads only from a folder it may write to)."""
    shown = Path(COMPILED)
    if not shown.is_dir():
        return
    for folder in shown.iterdir():
        target = Path(_ENVIRONMENT["NUMBA_CACHE_DIR"]) / folder.name
        target.mkdir(parents=True, exist_ok=True)
        for path in folder.iterdir():
            if path.suffix in (".nbi", ".nbc"):
                shutil.copyfile(path, target / path.name)


def _command(bwrap: str, confinement: Confinement, root: bool) -> list[str]:
    """The command that runs what follows it in a sandbox.

    Run by root, bubblewrap keeps only the right to change users, which ``setpriv``
    uses inside to become nobody (a user namespace would map nobody to root); run by
    anyone else, it makes a user namespace of the user's own and drops everything."""
    if root:
        command = [bwrap, "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts"]
        command += ["--unshare-cgroup-try", "--cap-drop", "ALL"]
        command += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:
        command = [bwrap, "--unshare-all", "--cap-drop", "ALL"]
    command += ["--die-with-parent", "--new-session", "--clearenv"]
    home = str(_PACKAGE.parent)  # zerosum is found there where it is found here
    for name, value in {**_ENVIRONMENT, "PYTHONPATH": home}.items():
        command += ["--setenv", name, value]
    bound = [f for f in _SYSTEM if os.path.exists(f)] + _python_folders()
    command += ["--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--tmpfs", "/tmp"]
    binds = [(path, path) for path in [*bound, *confinement.readable]]
    binds += [(source, f"{COMPILED}/{name}") for source, name in _compiled()]
    made: set[Path] = set()
    workdir = Path(confinement.workdir)
    if not any(workdir.is_relative_to(b) for b in bound):  # else it is there, read-only
        for folder in [*reversed(workdir.parents[:-1]), workdir]:
            if folder != Path("/tmp"):  # the tmpfs above
                made.add(folder)
                perms = "1777" if folder == workdir else "0755"  # it may write where it starts
                command += ["--perms", perms, "--dir", str(folder)]
    command += ["--chdir", str(workdir)]
    for _, path in binds:  # the folders on the way, open to all
        for folder in reversed(Path(path).parents[:-1]):
            if folder not in made and not any(folder.is_relative_to(b) for b in bound):
                made.add(folder)
                command += ["--perms", "0755", "--dir", str(folder)]
    for source, path in binds:
        command += ["--ro-bind", source, path]
    command.append("--")
    if root:
        command += ["setpriv", f"--reuid={_NOBODY}", f"--regid={_NOBODY}", "--clear-groups"]
    return command


class Confined:
    """A sandboxed host process, as the referee holds it: the interface of
    :class:`multiprocessing.Process` that :class:`~zerosum.hosting.isolation.AgentHost` uses,
    and the reading of its replies and output (``output``: the pipe's reading end)."""

    def __init__(
        self, popen: subprocess.Popen[bytes], group: Cgroup, output: int, memory_mb: int | None
    ) -> None:
        self.popen, self.group, self.output, self.memory_mb = popen, group, output, memory_mb
        self.kept = b""  # the last KEPT_OUTPUT bytes of its output
        self.oom_killed = False  # whether the kernel killed a process of it for its memory
        _LIVE.add(self)

    def is_alive(self) -> bool:
        return self.popen.poll() is None

    def freeze(self, frozen: bool) -> None:
        """Stop all its processes (``frozen``), or let them run again."""
        self.group.freeze(frozen)

    def kill(self) -> None:
        """Kill the sandbox: its bubblewrap (and so its namespace) and all in its cgroup."""
        self.group.kill()
        with contextlib.suppress(ProcessLookupError):
            self.popen.kill()

    def join(self, timeout: float | None = None) -> None:
        """Wait for it to end (at most ``timeout`` seconds), then remove its cgroup."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(timeout)
        if self.popen.returncode is not None:
            self.close()

    def close(self) -> None:
        """Kill it and free what it held: its cgroup, its output pipe."""
        self.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(5)
        self.oom_killed = self.oom_killed or self.group.oom_killed()
        self.group.remove()
        if self.output >= 0:
            self._drain()
        if self.output >= 0:
            os.close(self.output)
            self.output = -1
        _LIVE.discard(self)

    @property
    def exitcode(self) -> int | None:
        """Its exit code; a signal that killed its host as a negative number (bubblewrap
        exits with 128 plus the signal)."""
        code = self.popen.returncode
        return -(code - 128) if code is not None and code > 128 else code

    def death(self) -> str:
        """Why it died, in a few words, with the last line it printed."""
        self.oom_killed = self.oom_killed or self.group.oom_killed()
        if self.memory_mb is not None and self.oom_killed:
            why = f"over its memory limit of {self.memory_mb} MB (its process was killed)"
        elif self.exitcode == -signal.SIGKILL:  # its cgroup says: not for its memory
            why = "its process died (SIGKILL: killed)"
        else:
            from .isolation import death_of_code

            why = death_of_code(self.exitcode)
        if self.output >= 0:
            self._drain()
        lines = self.kept.decode(errors="replace").strip().splitlines()
        return f"{why}; it printed: {lines[-1][:200]}" if lines else why

    def receive(self, conn: Connection, seconds: float | None) -> bytes | None:
        """A reply's bytes (sent with ``send_bytes``), waiting at most ``seconds`` for all
        of it (None: no limit) and draining the output meanwhile; None when it did not
        come in time. Raises :class:`EOFError` or :class:`OSError` when the host died or
        announced more than :data:`MAX_REPLY` bytes."""
        end = None if seconds is None else time.monotonic() + seconds
        header = self._read(conn, 4, end)
        if header is None:
            return None
        (size,) = struct.unpack("!i", header)
        if not 0 <= size <= MAX_REPLY:
            raise OSError(f"a reply of {size} bytes (at most {MAX_REPLY})")
        return self._read(conn, size, end)

    def _read(self, conn: Connection, size: int, end: float | None) -> bytes | None:
        """``size`` bytes from ``conn`` by ``end`` (None when they did not all come)."""
        data = b""
        while len(data) < size:
            left = None if end is None else max(0.0, end - time.monotonic())
            ready = wait([conn, self.output] if self.output >= 0 else [conn], left)
            if self.output in ready:
                self._drain()
            if conn in ready:
                chunk = os.read(conn.fileno(), size - len(data))
                if not chunk:
                    raise EOFError("its host closed the connection")
                data += chunk
            elif not ready and left is not None and left <= 0:
                return None
        return data

    def _drain(self) -> None:
        """Read what its output pipe holds now: keep the last bytes, drop the rest."""
        while True:
            try:
                chunk = os.read(self.output, 1 << 16)
            except BlockingIOError:
                return
            if not chunk:
                os.close(self.output)
                self.output = -1
                return
            self.kept = (self.kept + chunk)[-KEPT_OUTPUT:]


_LIVE: weakref.WeakSet[Confined] = weakref.WeakSet()


def close_all() -> None:
    """Stop every sandbox this process started and remove its cgroup: after a
    tournament, and when this process ends (a worker process too, whose exit runs
    multiprocessing's finalizers, not ``atexit``)."""
    for confined in list(_LIVE):
        confined.close()


_AT_EXIT: set[int] = set()  # the processes that run close_all at exit


def _close_at_exit() -> None:
    """Have this process run :func:`close_all` when it ends (registered once per process:
    a forked child starts without its parent's finalizers)."""
    if os.getpid() not in _AT_EXIT:
        _AT_EXIT.add(os.getpid())
        multiprocessing.util.Finalize(None, close_all, exitpriority=0)


def launch(
    confinement: Confinement, nice: int, held: int, memory_mb: int | None
) -> tuple[Confined, Connection]:
    """Start a sandboxed agent host (:mod:`zerosum.hosting.sandbox_host`) and the connection
    to it. Raises :class:`OSError` when no sandbox can be started."""
    reason = unavailable()
    if reason is not None:
        raise OSError(f"no sandbox: {reason}")
    _close_at_exit()
    memory = None if memory_mb is None else memory_mb + SLACK_MB
    group = Cgroup(memory, PROCESSES)
    ours, theirs = socket.socketpair()
    read, write = os.pipe()
    host = [sys.executable, "-m", "zerosum.hosting.sandbox_host", str(theirs.fileno())]
    host += [str(nice), str(held), str(memory_mb or 0)]
    command = ["/bin/sh", "-c", _JOIN, "sh", *map(str, group.dirs), "--"]
    command += _command(_bwrap(), confinement, os.geteuid() == 0) + host
    try:
        popen = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=write,
            stderr=write,
            pass_fds=(theirs.fileno(),),
            start_new_session=True,
        )
    except OSError:
        group.remove()
        os.close(read)
        raise
    finally:
        os.close(write)
        theirs.close()
    os.set_blocking(read, False)
    return Confined(popen, group, read, memory_mb), Connection(ours.detach())


class ForeignAction:
    """An action a sandboxed agent played that is not among the legal ones: only its text
    came back (the referee never rebuilds the sandbox's objects). It equals nothing."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __eq__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return hash(self.text)

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__


def encode_reply(reply: Reply, game: Game | None = None, state: object = None) -> bytes:
    """A host's reply as JSON (in the sandbox): a move as its action's index among
    ``game.actions(state)``, or the action's text when it is not there; a search summary
    without its principal variation and extras (they hold the sandbox's objects)."""
    data: JSONObject = {"status": _STATUS[type(reply)]}
    if isinstance(reply, Failed):
        data["name"], data["text"] = str(reply.name)[:_MAX_TEXT], str(reply.text)[:_MAX_TEXT]
        data["trace"] = str(reply.trace)[:_MAX_TRACE]
    elif isinstance(reply, Missing):
        data["text"] = repr(reply.key)[:_MAX_TEXT]
    elif isinstance(reply, Answer):
        action, search, spent = reply.action, reply.search, reply.seconds
        assert game is not None, "a move's reply is encoded with its game"
        legal = list(game.actions(state))
        try:
            data["index"] = legal.index(action)
        except Exception:  # not there, or not comparable: the referee calls it illegal
            try:
                data["text"] = format_action(game, action)[:_MAX_TEXT]
            except Exception:
                data["text"] = repr(action)[:_MAX_TEXT]
        data["spent"] = float(spent)
        if isinstance(search, SearchInfo):
            data["search"] = [float(search.value), int(search.depth), int(search.nodes),
                              float(search.seconds), str(search.note)[:_MAX_TEXT]]  # fmt: skip
    return json.dumps(data).encode()


#: How each reply is named in a sandboxed host's JSON (:func:`encode_reply`); a
#: :class:`~zerosum.hosting.messages.Traced` has none: a sandboxed host does not trace.
_STATUS: dict[type, str] = {Ready: "ready", Done: "ok", Answer: "ok", Missing: "missing",
                            Failed: "error"}  # fmt: skip


def decode_reply(data: bytes, game: Game | None = None, state: object = None) -> Reply:
    """A reply from a sandboxed host, as the reply a trusted host would have sent.

    Raises :class:`ValueError` for anything that is not such a reply."""
    try:
        reply = json.loads(data)
        status = reply["status"]
        if status == "ready" and set(reply) == {"status"}:
            return Ready()
        if status == "ok" and set(reply) == {"status"}:
            return Done()
        if status == "error":
            trace = reply.get("trace", "")
            if not isinstance(trace, str):
                raise TypeError(type(trace).__name__)
            return Failed(_text(reply["name"]), _text(reply["text"]), trace[:_MAX_TRACE])
        if status == "missing":
            return Missing(_text(reply["text"]))
        if status != "ok" or game is None:
            raise ValueError(status)
        legal = list(game.actions(state))
        if "index" in reply:
            index = reply["index"]
            if type(index) is not int or not 0 <= index < len(legal):
                raise ValueError(index)
            action = legal[index]
        else:
            action = ForeignAction(_text(reply["text"]))
        return Answer(action, _search(reply.get("search")), _number(reply["spent"]))
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
        raise ValueError(f"its host sent something that is not a reply ({exc!r:.100})") from None


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(type(value).__name__)
    return value[:_MAX_TEXT]


def _number(value: Any) -> float:
    if type(value) not in (int, float) or not math.isfinite(value):
        raise TypeError(type(value).__name__)
    return float(value)


def _search(value: Any) -> SearchInfo | None:
    if value is None:
        return None
    score, depth, nodes, seconds, note = value
    if type(score) not in (int, float) or type(depth) is not int or type(nodes) is not int:
        raise TypeError("search")
    return SearchInfo(float(score), depth, nodes, _number(seconds), note=_text(note))
