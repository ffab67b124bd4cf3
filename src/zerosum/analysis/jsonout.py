"""The JSON form both analyses' results share."""

from __future__ import annotations

import json
from pathlib import Path

from ..files import write_file

__all__ = ["to_json"]


def to_json(data: object, path: str | Path | None = None) -> str:
    """``data`` as indented JSON text; also written to ``path`` (with a final newline)."""
    text = json.dumps(data, indent=1)
    if path is not None:
        write_file(path, lambda f: f.write(text + "\n"))
    return text
