"""Entries from the user's code: folders of agent files, their names, and a safe first load.

A class tournament takes a folder of agent files (or a list of them): each file is one
entry, named after the file. Each is first loaded in a process of its own
(:func:`probe`), so one that does not import, hangs at import or eats all memory is
reported and left out before the tournament starts, and never touches this process.
Entries from files are loaded, like they play, in a sandbox when asked to
(:mod:`zerosum.hosting.sandbox`): their code runs at import.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import TypeGuard

from .. import budget
from ..game import ZerosumError
from ..hosting.isolation import AgentCrashed, AgentError, AgentHost, context, limit_memory
from ..hosting.sandbox import Confinement, code_file, readable_files
from ..spec import parse_code_spec

__all__ = [
    "expand",
    "is_code",
    "is_file",
    "entry_name",
    "probe",
    "CODE_MOVE_SECONDS",
    "CODE_MEMORY_MB",
]

#: The per-move time limit of an agent from the user's code, unless told otherwise.
CODE_MOVE_SECONDS = 2.0
#: The memory limit of the process an agent from the user's code plays in, in MB.
CODE_MEMORY_MB = 2048
#: Seconds an entry may take to load in its probe.
LOAD_SECONDS = 30.0
#: Probes run at once.
_AT_ONCE = 8


def is_code(spec: object) -> TypeGuard[str]:
    """Whether ``spec`` is a spec string that runs the user's code: a file or module, or a
    file given to a registered agent (``connectx:bot.py``)."""
    return isinstance(spec, str) and (parse_code_spec(spec) is not None or is_file(spec))


def is_file(spec: object) -> TypeGuard[str]:
    """Whether ``spec`` is a spec string that runs a file of the user's (what a sandbox
    holds; a module spec names code installed where it runs)."""
    return code_file(spec) is not None


def expand(specs: Iterable[str]) -> list[str]:
    """``specs`` with each folder replaced by its ``.py`` files (sorted; names starting
    with ``_`` or ``.`` skipped). A folder without any is an error."""
    out: list[str] = []
    for spec in specs:
        path = Path(spec)
        if not path.is_dir():
            out.append(spec)
            continue
        files = sorted(
            p for p in path.glob("*.py") if not p.name.startswith(("_", ".")) and p.is_file()
        )
        if not files:
            raise ZerosumError(f"the folder {spec} has no .py files to enter")
        out.extend(str(p) for p in files)
    return out


def entry_name(spec: str) -> str:
    """A file spec without a name or parameters is named after its file (``bots/ada.py``
    is ``ada``); any other spec by itself."""
    code = parse_code_spec(spec)
    if code is not None and code.is_file and code.attribute is None and not code.args:
        return Path(code.source).stem
    return spec.strip()


def probe(
    specs: list[str],
    seconds: float = LOAD_SECONDS,
    memory_mb: int | None = None,
    confine: bool = False,
) -> dict[str, str | None]:
    """Load each agent spec in a process of its own: ``{spec: None}`` when it loads and is
    an agent, else ``{spec: why not}`` (the import error with its file and line, a
    hang past ``seconds``, a death). With ``confine``, file specs load in a sandbox."""
    if confine:
        with ThreadPoolExecutor(_AT_ONCE) as pool:
            whys = pool.map(lambda s: _load_confined(s, seconds, memory_mb), specs)
            return dict(zip(specs, whys, strict=True))
    ctx = context()
    found: dict[str, str | None] = {}
    for start in range(0, len(specs), _AT_ONCE):
        running = []
        for spec in specs[start : start + _AT_ONCE]:
            ours, theirs = ctx.Pipe(duplex=False)
            process = ctx.Process(target=_load, args=(theirs, spec, memory_mb), daemon=True)
            process.start()
            theirs.close()
            running.append((spec, process, ours))
        deadline = time.monotonic() + seconds
        for spec, process, conn in running:
            found[spec] = _outcome(process, conn, deadline, seconds)
    return found


def _outcome(process: BaseProcess, conn: Connection, deadline: float, seconds: float) -> str | None:
    try:
        if conn.poll(max(0.0, deadline - time.monotonic())):
            return conn.recv()  # type: ignore[no-any-return]
        if process.is_alive():
            return f"it did not finish loading within {seconds:g} s"
        return f"its process died while loading (exit code {process.exitcode})"
    except (EOFError, OSError):
        process.join(1)
        return f"its process died while loading (exit code {process.exitcode})"
    finally:
        if process.is_alive():
            process.kill()
        process.join(1)
        conn.close()


def _load_confined(spec: str, seconds: float, memory_mb: int | None) -> str | None:
    """Load ``spec`` in a sandboxed host: None when it loads, else why not."""
    host = AgentHost(memory_mb=memory_mb, confine=Confinement(readable_files(spec)))
    try:
        host.load(0, spec, seconds)
    except budget.Overrun:
        return f"it did not finish loading within {seconds:g} s"
    except AgentCrashed as exc:
        return f"it did not load: {exc}"
    except AgentError as exc:
        if exc.name == "MemoryError":
            return f"it went over its memory limit of {memory_mb} MB while loading"
        return exc.text if exc.name == "SpecError" else str(exc)
    finally:
        host.stop()
    return None


def _load(conn: Connection, spec: str, memory_mb: int | None) -> None:
    """In a probe process: load the agent and say what went wrong, if anything."""
    from ..agents.registry import make_agent

    limit_memory(memory_mb)
    try:
        make_agent(spec)
        conn.send(None)
    except MemoryError:
        conn.send(f"it went over its memory limit of {memory_mb} MB while loading")
    except BaseException as exc:  # anything the user's code raises, SystemExit included
        conn.send(str(exc) if isinstance(exc, ZerosumError) else f"{type(exc).__name__}: {exc}")
