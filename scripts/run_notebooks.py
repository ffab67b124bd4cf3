"""Execute the example notebooks in docs/examples in place, keeping their outputs.

    python scripts/run_notebooks.py                 # every notebook
    python scripts/run_notebooks.py docs/examples/04_pick.ipynb

Each runs in a fresh Jupyter kernel with its own (full-size) parameters and with this
checkout's ``src`` first on the path, so the saved numbers come from this code.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import nbclient
import nbformat

ROOT = Path(__file__).resolve().parents[1]


def execute(path: Path, timeout: int = 3600) -> None:
    """Run ``path`` top to bottom and save it with its outputs."""
    notebook = nbformat.read(path, as_version=4)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")])
    )
    client = nbclient.NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            _shorten_plain_text(output.get("data", {}))
    nbformat.write(notebook, path)


def _shorten_plain_text(data: dict[str, str], limit: int = 2000) -> None:
    """Cut a long plain-text repr (a match's every game) where an HTML rendering exists:
    notebooks show the HTML, and the saved file stays small."""
    text = data.get("text/plain", "")
    if "text/html" in data and len(text) > limit:
        data["text/plain"] = text[:limit] + " ..."


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted((ROOT / "docs" / "examples").glob("*.ipynb"))
    for path in paths:
        begin = time.perf_counter()
        execute(path)
        print(f"{path.name}: {time.perf_counter() - begin:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
