"""Without open_spiel, zerosum still imports, and asking for an OpenSpiel game says how to
install it. Absence is real: a subprocess whose import system refuses ``pyspiel``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SRC = str(Path(__file__).resolve().parents[2] / "src")

BLOCK_PYSPIEL = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "pyspiel" or name.startswith("open_spiel"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, Block())
"""


def python(code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": SRC}
    return subprocess.run(
        [sys.executable, "-c", BLOCK_PYSPIEL + code],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def test_loading_says_how_to_install_open_spiel() -> None:
    result = python(
        "import zerosum as zs\n"
        "from zerosum.interop import openspiel\n"
        "try:\n"
        "    openspiel.load('connect_four')\n"
        "except ImportError as exc:\n"
        "    print(type(exc).__name__, isinstance(exc, zs.ZerosumError), exc)\n"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("MissingDependencyError True OpenSpiel's games need")
    assert "pip install 'zerosum[openspiel]'" in result.stdout


def test_the_cli_says_how_to_install_open_spiel_in_one_line() -> None:
    result = python(
        "import sys\nfrom zerosum.cli import main\n"
        "sys.exit(main(['play', 'openspiel:breakthrough']))\n"
    )
    assert result.returncode == 2
    assert result.stderr.startswith("zerosum: error: OpenSpiel's games need the open_spiel")
    assert "pip install 'zerosum[openspiel]'" in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
