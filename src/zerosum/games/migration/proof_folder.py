"""The proofs of a split run's jobs (:mod:`.proof` files), kept in one folder beside its
journal (:mod:`.split`): each job's file is named by the job's position (both armies in
hex: the mover follows from the board), written whole or not at all, and recorded in the
journal with its size and sha256, so that a file missing or altered since is caught
before it is trusted.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from .checker import ProofError
from .proof import write_synced

__all__ = ["ProofFolder"]


class ProofFolder:
    """The folder of a split run's job proofs (made if missing when written to)."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)

    @staticmethod
    def name(state: tuple[int, int, int]) -> str:
        """The file name of the proof of the job at ``state``."""
        return f"{state[0]:016x}-{state[1]:016x}.npz"

    def write(self, state: tuple[int, int, int], data: bytes) -> dict[str, Any]:
        """Save the proof file ``data`` of the job at ``state``; what the journal records
        of it: its name, size and sha256."""
        self.folder.mkdir(parents=True, exist_ok=True)
        name = self.name(state)
        write_synced(self.folder / name, data)
        return {"file": name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}

    def verified(self, record: dict[str, Any], job: str) -> Path:
        """The path of the file ``record`` (a journal's) names, once its size and sha256
        match the record's; ``job`` names the job in the error."""
        path = self.folder / record["file"]
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise ProofError(f"job {job}: its proof {path} is missing") from None
        digest = hashlib.sha256(data).hexdigest()
        if len(data) != record["bytes"] or digest != record["sha256"]:
            raise ProofError(
                f"job {job}: {path} was altered since the journal recorded it ({len(data):,} "
                f"bytes, sha256 {digest[:16]}...; the journal: {record['bytes']:,} bytes, "
                f"sha256 {record['sha256'][:16]}...)"
            )
        return path
