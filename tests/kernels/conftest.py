"""Make this checkout's ``src`` win over any installed ``zerosum``.

Until this branch meets the package root, an installed ``zerosum`` (another
checkout) may be imported instead; this checkout's package directories are put
first on the package paths so the kernels under test are the ones beside these
tests. Once merged, this only puts ``src`` on ``sys.path``.
"""

import importlib
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))

for name in ("zerosum", "zerosum.kernels"):
    package = importlib.import_module(name)
    here = str(SRC.joinpath(*name.split(".")))
    if isinstance(package.__path__, list) and here not in package.__path__:
        package.__path__.insert(0, here)
