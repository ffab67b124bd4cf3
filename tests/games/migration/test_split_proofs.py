"""A split run's proofs as a whole (``games/migration/split_proofs.py``): every job's
proof checked against the journal, and the whole game's proof assembled from them, which
the plain checker confirms from the start."""

from __future__ import annotations

import hashlib
import json
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import zerosum as zs
from zerosum.game import ZerosumError
from zerosum.games import Migration
from zerosum.games.migration.checker import ProofError, check
from zerosum.games.migration.proof import save
from zerosum.games.migration.proof_folder import ProofFolder
from zerosum.games.migration.solver import position_wins
from zerosum.games.migration.split import SplitRun
from zerosum.games.migration.split_proofs import assemble, check_jobs

# One pytest-xdist worker runs this module, so that the 7x7 run is proved once:
# its module-scoped fixture is not set up again on another worker.
pytestmark = pytest.mark.xdist_group("games/migration/test_split_proofs")


@pytest.fixture(scope="module")
def run7(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished 7x7 run split 2 plies in, with its jobs' proofs: its folder."""
    folder = tmp_path_factory.mktemp("run7")
    game = zs.games.Migration(n=7)
    run = SplitRun(game, game.initial_state, 2, folder / "j.jsonl", proofs=ProofFolder(folder))
    assert run.run(ThreadPoolExecutor(1), 1, 1 << 20) is True
    return folder


def opened(folder: Path, proofs: Path | None = None) -> SplitRun:
    game = zs.games.Migration(n=7)
    return SplitRun(
        game,
        game.initial_state,
        2,
        folder / "j.jsonl",
        read_only=True,
        proofs=ProofFolder(proofs or folder),
    )


def copied(run7: Path, tmp_path: Path) -> Path:
    shutil.copytree(run7, tmp_path / "run", dirs_exist_ok=True)
    return tmp_path / "run"


def test_the_assembled_proof_checks_with_the_unsplit_solves_value(
    run7: Path, tmp_path: Path
) -> None:
    game = zs.games.Migration(n=7)
    strategy = assemble(opened(run7))
    save(strategy, tmp_path / "whole.npz")
    checked = check(tmp_path / "whole.npz", Migration)
    wins, _, _ = position_wins(game, game.initial_state, 1 << 20)
    assert wins and checked.winner == game.initial_state[2] == 1
    assert checked.root == game.initial_state
    # the first move is one the journal decided winning: the middle row's
    assert strategy.moves[game.initial_state[:2]] == 3 * 7 + 2
    assert checked.positions > checked.stored == len(strategy.moves) > 1000


def test_every_settled_job_is_checked(run7: Path) -> None:
    run = opened(run7)
    checked = check_jobs(run, Migration)
    assert checked.checked == checked.settled == len(run.done) >= 2
    assert checked.positions > 0


def test_a_missing_file_is_reported_with_its_job(run7: Path, tmp_path: Path) -> None:
    folder = copied(run7, tmp_path)
    run = opened(folder)
    first = next(iter(run.done.values()))
    (folder / first["proof"]["file"]).unlink()
    with pytest.raises(ProofError, match=rf"job {first['moves']}: its proof .* is missing"):
        check_jobs(opened(folder), Migration)
    with pytest.raises(ProofError, match="is missing"):
        assemble(opened(folder))


def spoil(path: Path) -> None:
    """Replace one stored move of the winner by a move that loses (by the solver)."""
    with np.load(path) as data:
        arrays = {key: data[key].copy() for key in data.files}
    game = zs.games.Migration(n=7)
    for i, (p1, p2) in enumerate(zip(arrays["p1"].tolist(), arrays["p2"].tolist(), strict=True)):
        position = (p1, p2, int(arrays["winner"]))
        for action in game.actions(position):
            child = game.result(position, action)
            if not game.is_terminal(child) and position_wins(game, child, 1 << 16)[0]:
                arrays["move"][i] = action[0] * 7 + action[1]
                with path.open("wb") as file:
                    np.savez_compressed(file, **arrays)
                return
    raise AssertionError("every move wins everywhere")


def test_an_altered_file_is_refused_by_its_sha256_and_by_the_checker(
    run7: Path, tmp_path: Path
) -> None:
    folder = copied(run7, tmp_path)
    run = opened(folder)
    job = max(run.done.values(), key=lambda entry: entry["proof"]["stored"])
    path = folder / job["proof"]["file"]
    spoil(path)
    with pytest.raises(ProofError, match=rf"job {job['moves']}: .* was altered since"):
        check_jobs(opened(folder), Migration)
    # the journal rewritten to vouch for the altered file: the checker still refuses it
    lines = (folder / "j.jsonl").read_text().splitlines()
    data = path.read_bytes()
    rewritten = []
    for line in lines:
        entry = json.loads(line)
        if entry.get("state") == job["state"]:
            entry["proof"].update(bytes=len(data), sha256=hashlib.sha256(data).hexdigest())
        rewritten.append(json.dumps(entry))
    (folder / "j.jsonl").write_text("\n".join(rewritten) + "\n")
    with pytest.raises(ProofError, match=r"no move for player 1|wins the settled|not legal"):
        check_jobs(opened(folder), Migration)


def test_a_proof_of_the_other_side_is_refused(run7: Path, tmp_path: Path) -> None:
    folder = copied(run7, tmp_path)
    lines = [json.loads(line) for line in (folder / "j.jsonl").read_text().splitlines()]
    lines[1]["wins"] = not lines[1]["wins"]
    (folder / "j.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    with pytest.raises(ProofError, match=rf"job {lines[1]['moves']}: .* proves player \d wins, "):
        check_jobs(opened(folder), Migration)


def test_a_proof_of_another_job_is_refused(run7: Path, tmp_path: Path) -> None:
    folder = copied(run7, tmp_path)
    lines = [json.loads(line) for line in (folder / "j.jsonl").read_text().splitlines()]
    first, second = lines[1], lines[2]
    first["proof"], second["proof"] = second["proof"], first["proof"]
    (folder / "j.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    with pytest.raises(ProofError, match=rf"job {first['moves']}: .* proves another position"):
        check_jobs(opened(folder), Migration)
    with pytest.raises(ProofError, match=r"job .*: .* is the proof of player \d at another"):
        assemble(opened(folder))


def test_nothing_is_assembled_before_the_start_is_decided_and_its_jobs_proved(
    tmp_path: Path,
) -> None:
    game = zs.games.Migration(n=5)
    path = tmp_path / "j.jsonl"
    run = SplitRun(game, game.initial_state, 2, path, proofs=ProofFolder(tmp_path))
    with pytest.raises(ZerosumError, match=r"j.jsonl: the start is not decided yet"):
        assemble(run)
    SplitRun(game, game.initial_state, 2, path).run(ThreadPoolExecutor(1), 1, 64)
    with pytest.raises(ProofError, match=r"job .* has no proof yet: run again with --proofs"):
        assemble(SplitRun(game, game.initial_state, 2, path, proofs=ProofFolder(tmp_path)))


def test_proofs_are_not_checked_without_their_folder(run7: Path) -> None:
    game = zs.games.Migration(n=7)
    run = SplitRun(game, game.initial_state, 2, run7 / "j.jsonl", read_only=True)
    with pytest.raises(ZerosumError, match="opened without its proof folder"):
        check_jobs(run, Migration)
