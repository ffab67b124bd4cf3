"""The folder of a split run's job proofs (``games/migration/proof_folder.py``): files
named by the job, written whole, refused once missing or altered."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from zerosum.games.migration.checker import ProofError
from zerosum.games.migration.proof_folder import ProofFolder

STATE = (0x83160C080, 0xF8C0C0000000, 1)


def test_a_file_is_named_by_its_job_and_recorded_with_its_size_and_sha256(tmp_path: Path) -> None:
    folder = ProofFolder(tmp_path / "proofs")  # made when first written to
    record = folder.write(STATE, b"proof bytes")
    assert record == {
        "file": "000000083160c080-0000f8c0c0000000.npz",
        "bytes": 11,
        "sha256": hashlib.sha256(b"proof bytes").hexdigest(),
    }
    assert (tmp_path / "proofs" / record["file"]).read_bytes() == b"proof bytes"
    assert [p.name for p in (tmp_path / "proofs").iterdir()] == [record["file"]]  # no temp left
    assert folder.verified(record, "3,2>3,3") == tmp_path / "proofs" / record["file"]


def test_a_missing_or_altered_file_is_refused(tmp_path: Path) -> None:
    folder = ProofFolder(tmp_path)
    record = folder.write(STATE, b"proof bytes")
    (tmp_path / record["file"]).write_bytes(b"proof bytez")
    with pytest.raises(ProofError, match=r"job 3,2>3,3: .*\.npz was altered since the journal"):
        folder.verified(record, "3,2>3,3")
    (tmp_path / record["file"]).unlink()
    with pytest.raises(ProofError, match=r"job 3,2>3,3: its proof .*c0000000\.npz is missing"):
        folder.verified(record, "3,2>3,3")
