"""Make ``zerosum`` importable from this checkout's ``src`` without installing.

If another ``zerosum`` is installed (or this checkout lacks the package root),
this checkout's ``src/zerosum`` is put first on the package path so the kernels
under test are the ones beside these tests.
"""

import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))

import zerosum  # noqa: E402

if isinstance(zerosum.__path__, list) and str(SRC / "zerosum") not in zerosum.__path__:
    zerosum.__path__.insert(0, str(SRC / "zerosum"))
