"""Seeds derived from other seeds, stable across processes and Python runs."""

from __future__ import annotations

import hashlib


def derive_seed(*parts: object) -> int:
    """A 63-bit seed determined by ``parts`` (e.g. match seed, pairing, game index).

    Unlike ``hash()``, the result does not change between processes, so a game played in a
    worker gets the same seed as when played in-process.
    """
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
