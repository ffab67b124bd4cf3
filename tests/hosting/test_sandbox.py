"""Class tournaments contained for real: each escape an entry tried, as a tournament entry.

Every entry here plays a real tournament through the CLI (the referee in this process,
or in a process of its own where a breach would kill it). An entry that gets through
says so by playing an illegal move, so a breach shows in the results as well as in the
files and processes checked afterwards.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from zerosum.cli import main
from zerosum.hosting.cgroups import _own_groups
from zerosum.hosting.sandbox import BWRAP_VARIABLE, PROCESSES

needs_sandbox = pytest.mark.usefixtures("sandbox")

FIRST = """
    def agent(game, state):
        return game.actions(state)[0]
"""


def _folder(tmp_path: Path, entries: dict[str, str]) -> Path:
    folder = tmp_path / "class"
    folder.mkdir()
    for name, text in entries.items():
        (folder / f"{name}.py").write_text(textwrap.dedent(text))
    return folder


def _args(folder: Path, tmp_path: Path, *extra: str) -> list[str]:
    args = ["tournament", "tictactoe", str(folder), "-n", "2", "--workers", "1"]
    return [*args, "--move-time", "2", "--json", str(tmp_path / "out.json"), *extra]


def _forfeits(tmp_path: Path) -> dict[str, list[str]]:
    """Each entry's lost-by-forfeit games' details; every game must have been played."""
    data = json.loads((tmp_path / "out.json").read_text())
    losses: dict[str, list[str]] = {name: [] for name in data["agents"]}
    for g in data["games"]:
        record = g["record"]
        assert record is not None, g["note"]
        if record["reason"].startswith("forfeit"):
            second = ({g["a"], g["b"]} - {g["first"]}).pop()
            losses[g["first"] if record["winner"] == 2 else second].append(record["detail"])
    return losses


def _descendants() -> list[str]:
    """The command lines of this process's descendants still running (read from /proc)."""
    parents: dict[int, int] = {}
    lines: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                lines[int(entry.name)] = (entry / "cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if fields[0] != "Z":  # a zombie is dead, waiting to be reaped
                parents[int(entry.name)] = int(fields[1])
    found = []
    for pid in parents:
        up = parents.get(pid)
        while up is not None and up != os.getpid():
            up = parents.get(up)
        if up == os.getpid():
            found.append(lines[pid].replace("\0", " "))
    return found


def _none_left(token: str) -> None:
    """Assert that no process holding ``token`` runs, killing any that do (ours, left by
    an entry that got out)."""
    left = _running(token)
    for pid in left:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    assert left == []


def _running(token: str) -> list[int]:
    """The processes anywhere whose command line holds ``token``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if token.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@needs_sandbox
def test_an_entry_cannot_rewrite_another_entry(tmp_path: Path) -> None:
    victim = tmp_path / "class" / "victim.py"
    vandal = f"""
        import os

        def agent(game, state):
            try:
                with open({str(victim)!r}, "w") as f:
                    f.write("def agent(game, state):\\n    return 99\\n")
                return 99  # it got through
            except OSError:
                return game.actions(state)[0]
    """
    folder = _folder(tmp_path, {"victim": FIRST, "vandal": vandal})
    before = victim.read_bytes()
    assert main(_args(folder, tmp_path)) == 0
    assert victim.read_bytes() == before
    assert _forfeits(tmp_path) == {"vandal": [], "victim": []}


@needs_sandbox
def test_an_entry_cannot_forge_journal_lines(tmp_path: Path) -> None:
    journal = tmp_path / "cup.jsonl"
    forger = f"""
        def agent(game, state):
            try:
                with open({str(journal)!r}, "a") as f:
                    f.write('{{"a": "forger", "b": "first", "index": 0}}\\n')
                return 99  # it got through
            except OSError:
                return game.actions(state)[0]
    """
    folder = _folder(tmp_path, {"first": FIRST, "forger": forger})
    assert main(_args(folder, tmp_path, "--journal", str(journal))) == 0
    lines = journal.read_text().splitlines()
    assert len(lines) == 1 + 2 and all("forger" in line for line in lines)  # header + games
    assert all('"index": 0}' not in line for line in lines)
    assert _forfeits(tmp_path) == {"first": [], "forger": []}
    assert main(_args(folder, tmp_path, "--journal", str(journal))) == 0  # resumes cleanly
    assert journal.read_text().splitlines() == lines


@needs_sandbox
def test_an_entry_reads_neither_other_entries_nor_the_referees_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = uuid.uuid4().hex
    monkeypatch.setenv("ZEROSUM_TEST_SECRET", secret)
    victim = tmp_path / "class" / "victim.py"
    spy = f"""
        import os

        def found():
            if {secret!r} in str(os.environ):
                return True
            for pid in os.listdir("/proc"):
                try:
                    with open(f"/proc/{{pid}}/environ", "rb") as f:
                        if {secret!r}.encode() in f.read():
                            return True
                except OSError:
                    pass
            folder = {str(victim.parent)!r}  # where its own file is too
            return os.path.exists({str(victim)!r}) or os.listdir(folder) != ["spy.py"]

        def agent(game, state):
            return 99 if found() else game.actions(state)[0]
    """
    folder = _folder(tmp_path, {"victim": FIRST + f"    # {secret}\n", "spy": spy})
    assert main(_args(folder, tmp_path)) == 0
    assert _forfeits(tmp_path) == {"spy": [], "victim": []}


@needs_sandbox
def test_a_connectx_submission_in_a_match_is_sandboxed_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = uuid.uuid4().hex
    monkeypatch.setenv("ZEROSUM_TEST_SECRET", secret)
    spy = tmp_path / "submission.py"
    spy.write_text(
        "import os\n\n"
        "def my_agent(observation, configuration):\n"
        f"    seen = os.listdir({str(tmp_path)!r})\n"
        f"    if {secret!r} in str(os.environ) or seen != ['submission.py']:\n"
        "        return 99  # it got through\n"
        "    return [c for c in range(configuration.columns) if observation.board[c] == 0][0]\n"
    )
    (tmp_path / "neighbour.py").write_text("")
    args = ["match", "connect4", f"connectx:{spy}", "random", "-n", "2", "--workers", "1"]
    assert main([*args, "--json", str(tmp_path / "out.json")]) == 0
    assert _forfeits(tmp_path)[f"connectx:{spy}"] == []


@needs_sandbox
def test_no_process_an_entry_forks_outlives_the_tournament(tmp_path: Path) -> None:
    token = f"{uuid.uuid4().int % 10**6 + 10**6}.5"  # how long its children sleep: our mark
    forker = f"""
        import os

        forked = 0

        def agent(game, state):
            global forked
            while forked < 200:
                try:
                    pid = os.fork()
                except OSError:
                    break
                if pid == 0:
                    os.execv("/bin/sleep", ["sleep", {token!r}])
                forked += 1
            return 99 if forked >= 200 else game.actions(state)[0]
    """
    folder = _folder(tmp_path, {"first": FIRST, "forker": forker})
    assert main(_args(folder, tmp_path)) == 0
    assert _forfeits(tmp_path) == {"first": [], "forker": []}  # fewer than 200 forks
    _none_left(token)
    assert [c for c in _descendants() if "sandbox_host" in c or "bwrap" in c] == []
    mine = f"zerosum-{os.getpid()}-"
    assert [f for p in _own_groups().values() for f in p.iterdir() if f.name.startswith(mine)] == []
    assert PROCESSES < 200


@needs_sandbox
def test_nothing_an_entry_started_runs_while_its_opponent_thinks(tmp_path: Path) -> None:
    thinker = """
        import time

        def agent(game, state):
            time.sleep(0.3)
            return game.actions(state)[0]
    """
    busy = """
        import mmap, os, struct, time

        gap = mmap.mmap(-1, 8, flags=mmap.MAP_SHARED)  # its child's longest pause, seconds
        if os.fork() == 0:
            last = time.monotonic()
            while True:
                now = time.monotonic()
                if now - last > struct.unpack("d", gap[:])[0]:
                    gap[:] = struct.pack("d", now - last)
                last = now
        moves = 0

        def agent(game, state):
            global moves
            moves += 1
            time.sleep(0.1)  # time for its child to see its latest pause
            ran = moves > 1 and struct.unpack("d", gap[:])[0] < 0.25
            return 99 if ran else game.actions(state)[0]  # 99: its child never stopped
    """
    folder = _folder(tmp_path, {"busy": busy, "thinker": thinker})
    assert main(_args(folder, tmp_path)) == 0
    assert _forfeits(tmp_path) == {"busy": [], "thinker": []}


@needs_sandbox
def test_a_forged_reply_runs_nothing_in_the_referee(tmp_path: Path) -> None:
    marker = tmp_path / "ran-in-the-referee"
    forger = f"""
        import os, pickle, struct, sys

        class Payload:
            def __reduce__(self):  # unpickled, it creates the marker
                return (open, ({str(marker)!r}, "w"))

        def agent(game, state):
            reply = pickle.dumps(("ok", Payload(), None, 0.0))
            os.write(int(sys.argv[1]), struct.pack("!i", len(reply)) + reply)  # its socket
            return game.actions(state)[0]
    """
    folder = _folder(tmp_path, {"first": FIRST, "forger": forger})
    assert main(_args(folder, tmp_path)) == 0
    assert not marker.exists()
    losses = _forfeits(tmp_path)
    assert losses["first"] == [] and len(losses["forger"]) == 2
    assert all("its host sent something that is not a reply" in d for d in losses["forger"])


@needs_sandbox
def test_half_a_reply_holds_nothing_up(tmp_path: Path) -> None:
    staller = """
        import os, struct, sys, time

        def agent(game, state):
            os.write(int(sys.argv[1]), struct.pack("!i", 100) + b"{")  # 1 byte of 100
            time.sleep(60)
    """
    folder = _folder(tmp_path, {"first": FIRST, "staller": staller})
    assert main(_args(folder, tmp_path, "--move-time", "0.5")) == 0
    losses = _forfeits(tmp_path)
    assert losses["first"] == [] and len(losses["staller"]) == 2
    assert all("its process was stopped" in d for d in losses["staller"])


@needs_sandbox
def test_memory_is_counted_however_it_is_mapped(tmp_path: Path) -> None:
    hoarder = """
        import mmap

        hoard = []

        def agent(game, state):
            shared = mmap.mmap(-1, 600 << 20, flags=mmap.MAP_SHARED)
            for at in range(0, 600 << 20, 4096):
                shared[at] = 1
            hoard.append(shared)
            return 99  # it got through: 600 MB held under a 256 MB limit
    """
    folder = _folder(tmp_path, {"first": FIRST, "hoarder": hoarder})
    assert main(_args(folder, tmp_path, "--memory-mb", "256")) == 0
    losses = _forfeits(tmp_path)
    assert losses["first"] == [] and len(losses["hoarder"]) == 2
    assert all("over its memory limit of 256 MB" in d for d in losses["hoarder"])


def _cli(args: list[str]) -> subprocess.CompletedProcess[str]:
    """The CLI as a process of its own: an entry that could kill its referee kills that."""
    command = [sys.executable, "-m", "zerosum", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


@needs_sandbox
def test_an_entry_cannot_kill_the_referee(tmp_path: Path) -> None:
    # its parent, and any process whose command names this test's folder (the referee):
    # never anything else, should the sandbox fail
    killer = f"""
        import os, signal

        def referees():
            yield os.getppid()
            for pid in filter(str.isdigit, os.listdir("/proc")):
                try:
                    with open(f"/proc/{{pid}}/cmdline", "rb") as f:
                        if {str(tmp_path)!r}.encode() in f.read():
                            yield int(pid)
                except OSError:
                    pass

        def agent(game, state):
            for pid in referees():
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            return game.actions(state)[0]
    """
    folder = _folder(tmp_path, {"first": FIRST, "killer": killer})
    for _ in range(2):  # and again on resume
        done = _cli(_args(folder, tmp_path, "--journal", str(tmp_path / "cup.jsonl")))
        assert done.returncode == 0, done.stderr
        assert _forfeits(tmp_path) == {"first": [], "killer": []}


@needs_sandbox
def test_an_entry_that_kills_its_host_forfeits_and_leaves_nothing(tmp_path: Path) -> None:
    token = f"{uuid.uuid4().int % 10**6 + 10**6}.25"
    suicide = f"""
        import os, signal

        def agent(game, state):
            for _ in range(25):
                if os.fork() == 0:
                    os.execv("/bin/sleep", ["sleep", {token!r}])
            os.kill(os.getpid(), signal.SIGKILL)
    """
    folder = _folder(tmp_path, {"first": FIRST, "suicide": suicide})
    done = _cli(_args(folder, tmp_path, "--journal", str(tmp_path / "cup.jsonl")))
    assert done.returncode == 0, done.stderr
    losses = _forfeits(tmp_path)
    assert losses["first"] == [] and len(losses["suicide"]) == 2
    assert all("its process died (SIGKILL: killed)" in d for d in losses["suicide"])
    _none_left(token)


@needs_sandbox
def test_an_entrys_output_is_capped(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    spammer = """
        import os, sys

        def agent(game, state):
            for _ in range(20):
                os.write(1, b"SPAM" * (1 << 18))
                print("SPAM" * 1000, file=sys.stderr)
            return game.actions(state)[0]
    """
    folder = _folder(tmp_path, {"first": FIRST, "spammer": spammer})
    assert main(_args(folder, tmp_path)) == 0
    out, err = capfd.readouterr()
    assert "SPAM" not in out and "SPAM" not in err and len(out) + len(err) < 20_000
    assert _forfeits(tmp_path) == {"first": [], "spammer": []}  # dropped, not punished


def test_without_a_sandbox_untrusted_entries_are_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(BWRAP_VARIABLE, str(tmp_path / "no-bwrap"))
    folder = _folder(tmp_path, {"first": FIRST, "second": FIRST})
    assert main(_args(folder, tmp_path, "--untrusted")) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "cannot be sandboxed here: bubblewrap was not found" in err
    assert not (tmp_path / "out.json").exists()
    assert main(_args(folder, tmp_path)) == 0  # played, and said so
    said = [line for line in capsys.readouterr().err.splitlines() if "sandbox" in line]
    assert said == [
        f"zerosum: entries from files play without a sandbox: bubblewrap was not found "
        f"({tmp_path / 'no-bwrap'}; install the bubblewrap package, or set {BWRAP_VARIABLE} "
        "to its path)"
    ]


@needs_sandbox
def test_entries_named_as_a_user_types_them_play_from_the_users_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``cd course && zerosum tournament tictactoe entries/``: the sandbox starts in a
    folder at the user's path holding only the entry's own file, under the name typed,
    and what the entry writes there stays in the sandbox."""
    course = tmp_path / "my course"
    entries = course / "élèves"
    entries.mkdir(parents=True)
    (course / "notes.txt").write_text("the organizer's notes")
    looker = f"""
        import os

        def agent(game, state):
            here = os.getcwd() == {str(course)!r}
            here = here and set(os.listdir(".")) <= {{"élèves", "scratch.txt"}}
            alone = os.listdir("élèves") == [os.path.basename(__file__)]
            with open("scratch.txt", "w") as f:  # its own folder is its to write
                f.write("mine")
            return game.actions(state)[0] if here and alone else 99
    """
    (entries / "ada lovelace.py").write_text(textwrap.dedent(looker))
    (entries / "bob.py").write_text(textwrap.dedent(looker))
    monkeypatch.chdir(course)
    args = ["tournament", "tictactoe", "élèves/", "-n", "2", "--workers", "1", "--untrusted"]
    assert main([*args, "--move-time", "2", "--json", "out.json"]) == 0
    assert "left out" not in capsys.readouterr().err
    assert _forfeits(course) == {"ada lovelace": [], "bob": []}
    assert sorted(p.name for p in course.iterdir()) == ["notes.txt", "out.json", "élèves"]


@needs_sandbox
def test_a_match_and_a_connectx_submission_take_names_relative_to_the_users_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "entries").mkdir()
    (tmp_path / "entries" / "greedy.py").write_text(textwrap.dedent(FIRST))
    (tmp_path / "sub.py").write_text(
        "def my_agent(observation, configuration):\n"
        "    return [c for c in range(configuration.columns) if observation.board[c] == 0][0]\n"
    )
    monkeypatch.chdir(tmp_path)
    for game, spec in [("tictactoe", "./entries/greedy.py"), ("connect4", "connectx:sub.py")]:
        args = ["match", game, spec, "random", "-n", "2", "--workers", "1", "--untrusted"]
        assert main([*args, "--json", "out.json"]) == 0
        name = "greedy" if game == "tictactoe" else spec  # named as typed
        assert _forfeits(tmp_path)[name] == []
    import zerosum as zs

    match = zs.match("tictactoe", "entries/greedy.py", "random", games=2, sandbox=True)
    assert match.tally.wins + match.tally.draws + match.tally.losses == 2
