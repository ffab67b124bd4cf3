"""Output files: only a regular file is ever replaced (a device, a FIFO or a directory is
refused up front in one line), a symbolic link is followed, and a failed write (here a
file-size limit, as a full disk) is one line with exit 1 that leaves the old file whole."""

from __future__ import annotations

import os
import resource
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

import zerosum as zs
from helpers import one_line_error
from zerosum.cli import main
from zerosum.files import OutputError, WriteError, check_output, write_file

SRC = str(Path(__file__).resolve().parents[1] / "src")
MATCH = ["match", "tictactoe", "random", "random", "-n", "2"]


@pytest.mark.parametrize("option", ["--csv", "--json", "--html", "--journal"])
def test_a_device_is_never_replaced(option: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*MATCH, option, "/dev/null"]) == 2
    assert "is a character device, not a regular file" in one_line_error(capsys)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_dev_full_stays_a_device(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*MATCH, "--csv", "/dev/full"]) == 2
    assert "--csv /dev/full is a character device" in one_line_error(capsys)
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_fifo_and_a_directory_are_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    assert main([*MATCH, "--csv", str(fifo)]) == 2
    assert "is a FIFO, not a regular file" in one_line_error(capsys)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert main([*MATCH, "--json", str(tmp_path)]) == 2
    assert f"--json {tmp_path} is a directory" in one_line_error(capsys)
    assert main(["analyze", "tictactoe", "--json", str(fifo)]) == 2
    assert "is a FIFO" in one_line_error(capsys)


def test_a_link_to_a_device_is_refused_and_a_link_to_a_file_followed(tmp_path: Path) -> None:
    to_device = tmp_path / "out.csv"
    to_device.symlink_to("/dev/full")
    with pytest.raises(OutputError, match="is a character device"):
        write_file(to_device, lambda f: f.write("x"))
    assert to_device.is_symlink()

    real = tmp_path / "real.csv"
    real.write_text("old\n")
    real.chmod(0o640)
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    zs.match("tictactoe", "random", "dummy", games=2).to_csv(link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text().startswith("a,b,index,")
    assert stat.S_IMODE(real.stat().st_mode) == 0o640  # the file's own permissions kept


def test_a_new_file_gets_the_usual_permissions_and_no_temporary_is_left(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    zs.match("tictactoe", "random", "dummy", games=2).to_json(path)
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="does not exist"):
        check_output(tmp_path / "no" / "x.csv", "--csv")


def _file_size_limit(limit: int) -> None:
    """In the child: writes past ``limit`` bytes fail with EFBIG, as on a full disk."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


def test_a_failed_write_is_exit_1_in_one_line_and_the_old_file_is_kept(tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    out.write_text("the previous export\n")
    env = {**os.environ, "PYTHONPATH": SRC}
    args = [sys.executable, "-m", "zerosum", *MATCH[:-1], "40", "--csv", str(out)]
    done = subprocess.run(
        args,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=lambda: _file_size_limit(1000),
    )
    assert done.returncode == 1, done.stderr
    last = done.stderr.strip().splitlines()[-1]  # after the progress line
    assert last == f"zerosum: error: cannot write {out}: File too large"
    assert "Traceback" not in done.stderr
    assert out.read_text() == "the previous export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.csv"]


def test_write_error_is_an_os_error_naming_the_file(tmp_path: Path) -> None:
    def fail(f: object) -> None:
        raise OSError(28, "No space left on device")

    with pytest.raises(WriteError, match=r"cannot write .*x\.csv: No space left on device"):
        write_file(tmp_path / "x.csv", fail)
    assert list(tmp_path.iterdir()) == []


def test_a_book_build_on_a_full_disk_is_one_line_and_resumes(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    args = [sys.executable, "-m", "zerosum", "book", "--plies", "7", "--exact-plies", "7"]
    args += ["--journals", str(tmp_path), "--out", str(tmp_path / "b.npz"), "--workers", "1"]
    journal = tmp_path / "connect4-book-7.jsonl"
    # first with no limit, until a chunk is journaled: on a cold numba cache the limit
    # would stop the cache's own writes before the journal's
    warming = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 300
        while not (journal.exists() and journal.read_bytes().count(b"\n") > 1):
            assert warming.poll() is None and time.monotonic() < deadline, "the warm-up failed"
            time.sleep(0.2)
    finally:
        warming.kill()
        warming.wait()
    kept = journal.read_bytes().count(b"\n") - 1  # a line a position; a cut one is dropped
    assert kept >= 1
    room = journal.stat().st_size + 40  # the disk fills during the next chunk's lines
    full = subprocess.run(
        args, env=env, capture_output=True, text=True, timeout=120,
        preexec_fn=lambda: _file_size_limit(room),
    )  # fmt: skip
    assert full.returncode == 1, full.stderr
    last = full.stderr.strip().splitlines()[-1]
    assert last.startswith(f"zerosum: error: cannot write book journal {journal}: File too large")
    assert "Traceback" not in full.stderr
    assert full.stdout.startswith(f"ply 7 (exact scores): {kept} positions solved before")
    solved = journal.read_bytes().count(b"\n") - 1
    assert solved >= kept
    again = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert again.stdout is not None
        first = again.stdout.readline()
    finally:
        again.kill()
        again.wait()
    assert first.startswith(f"ply 7 (exact scores): {solved} positions solved before")


def test_book_refuses_a_file_as_its_journals_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journals = tmp_path / "notes.txt"
    journals.write_text("mine\n")
    assert main(["book", "--plies", "1", "--journals", str(journals)]) == 2
    assert f"{journals}: is not a folder" in one_line_error(capsys)
    assert journals.read_text() == "mine\n"


@pytest.mark.parametrize("where", ["missing folder", "directory"])
def test_book_checks_its_output_before_solving(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "no" / "x.npz" if where == "missing folder" else tmp_path
    journals = tmp_path / "journals"
    assert main(["book", "--plies", "1", "--journals", str(journals), "--out", str(out)]) == 2
    err = one_line_error(capsys)
    assert "does not exist" in err if where == "missing folder" else "is a directory" in err
    assert not journals.exists()  # nothing was solved (no journal begun)
