"""Migration's parts of the command line: ``zerosum solve --split/--proof`` and
``zerosum check-proof``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import zerosum as zs
from zerosum.cli import main


def test_a_proof_is_written_and_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    proof = tmp_path / "five.npz"
    assert main(["solve", "migration:n=5", "--proof", str(proof)]) == 0
    assert "player 1 wins migration:n=5" in capsys.readouterr().out
    assert main(["check-proof", str(proof)]) == 0
    assert "checked: player 1 wins migration:n=5" in capsys.readouterr().out


def test_a_split_solve_journals_and_says_each_first_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "j.jsonl"
    command = [
        "solve",
        "migration:n=5",
        "--split",
        "2",
        "--journal",
        str(journal),
        "--workers",
        "1",
    ]
    assert main(command) == 0
    out = capsys.readouterr().out
    assert "| 2,1>2,2 | yes | wins |" in out and out.strip().endswith("player 1 to move wins")
    assert main(command) == 0  # again: everything from the journal
    assert "up to 0 to go" in capsys.readouterr().err
    kept = journal.read_bytes()
    with journal.open("ab") as file:  # a line being written by a running solve
        file.write(b'{"moves": ')
    assert main([*command, "--status"]) == 0
    assert "| 2,1>2,2 | yes | wins |" in capsys.readouterr().out
    assert journal.read_bytes() == kept + b'{"moves": '  # left alone


def test_the_distance_is_said_in_plies(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "migration:n=5", "--distance"]) == 0
    assert capsys.readouterr().out.startswith("player 1 to move wins in 23 plies (")


@pytest.mark.parametrize(
    "args, message",
    [
        (["migration:n=5", "--split", "2"], "--split PLIES and --journal FILE go together"),
        (["tictactoe", "--proof", "x.npz"], "--proof: only for migration up to n=8"),
        (["migration:n=5", "--moves", "2,1", "--proof", "x"], "from the game's start only"),
        (["migration:n=5", "--distance", "--proof", "x"], "one of --split, --proof"),
        (["migration:n=5", "--proofs", "d"], "--proofs DIR: the folder of a split run's"),
        (["migration:n=5", "--split", "2", "--proofs", "d"], "--split PLIES and --journal FILE"),
        (
            ["migration:n=5", "--split", "2", "--journal", "j", "--proof", "x"],
            "--split with --proof FILE needs --proofs DIR",
        ),
    ],
)
def test_misuse_is_refused(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", *args]) != 0
    assert message in capsys.readouterr().err


def test_a_split_solve_runs_on_a_dask_cluster(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    distributed = pytest.importorskip("distributed")
    journal = tmp_path / "j.jsonl"
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        command = ["solve", "migration:n=6", "--split", "3", "--journal", str(journal)]
        command += ["--proofs", str(tmp_path / "proofs")]  # sent back from the workers
        assert main([*command, "--scheduler", cluster.scheduler_address]) == 0
    assert capsys.readouterr().out.strip().endswith("player 1 to move wins")
    jobs = len(journal.read_text().splitlines()) - 1
    assert jobs > 1
    assert (
        main(["check-proof", "--journal", str(journal), "--proofs", str(tmp_path / "proofs")]) == 0
    )
    assert capsys.readouterr().out.startswith(f"{jobs} of {jobs} settled jobs checked")


def test_a_split_solve_with_proofs_is_checked_job_by_job_and_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal, proofs, whole = tmp_path / "j.jsonl", tmp_path / "proofs", tmp_path / "six.npz"
    command = ["solve", "migration:n=6", "--split", "3", "--journal", str(journal)]
    command += ["--workers", "1", "--proofs", str(proofs), "--proof", str(whole)]
    assert main(command) == 0
    out = capsys.readouterr().out
    assert "player 1 to move wins" in out and "player 1 wins migration:n=6; its move in" in out
    assert main(["check-proof", str(whole)]) == 0
    assert "checked: player 1 wins migration:n=6" in capsys.readouterr().out
    jobs = len(journal.read_text().splitlines()) - 1
    job = json.loads(journal.read_text().splitlines()[1])
    assert main(["check-proof", str(proofs / job["proof"]["file"])]) == 0
    position = zs.games.Migration(n=6).position_text(tuple(job["state"]))
    assert f"wins migration:n=6 from {position} (" in capsys.readouterr().out
    assert main(["check-proof", "--journal", str(journal), "--proofs", str(proofs)]) == 0
    assert capsys.readouterr().out.startswith(f"{jobs} of {jobs} settled jobs checked (")
    next(proofs.iterdir()).unlink()
    assert main(["check-proof", "--journal", str(journal), "--proofs", str(proofs)]) != 0
    assert "is missing" in capsys.readouterr().err


def test_jobs_without_proofs_are_counted_unchecked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "j.jsonl"
    command = ["solve", "migration:n=5", "--split", "2", "--journal", str(journal)]
    assert main([*command, "--workers", "1"]) == 0
    capsys.readouterr()
    assert main(["check-proof", "--journal", str(journal), "--proofs", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    jobs = len(journal.read_text().splitlines()) - 1
    assert captured.out.startswith(f"0 of {jobs} settled jobs checked (0 positions")
    assert f"no proof yet for {jobs} of the settled jobs: run the split solve again" in captured.err


@pytest.mark.parametrize(
    "args, message",
    [
        ([], "give a proof FILE, or --journal FILE and --proofs DIR"),
        (["x.npz", "--journal", "j"], "give a proof FILE, or --journal FILE and --proofs DIR"),
        (["--journal", "j"], "--journal FILE needs --proofs DIR"),
        (["--journal", "none.jsonl", "--proofs", "d"], "none.jsonl: cannot read the journal"),
    ],
)
def test_check_proof_misuse_is_refused(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check-proof", *args]) != 0
    assert message in capsys.readouterr().err
