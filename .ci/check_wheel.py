"""Checks the built wheel and sdist (.ci/run): the wheel carries every file of the package
that is not Python (opening book, the page's static files, data sets) and the sdist every
file of the package, so nothing the installed package reads is left behind.

    python .ci/check_wheel.py dist/
"""

from __future__ import annotations

import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "zerosum"
#: What a checkout's package folder holds that is no part of the package: caches.
NOT_SHIPPED = {"__pycache__"}


def package_files() -> set[str]:
    """The package's files, as ``zerosum/...`` paths, caches left out."""
    return {
        "zerosum/" + path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and not NOT_SHIPPED & set(path.relative_to(PACKAGE).parts)
    }


def main(dist: Path) -> int:
    (wheel,) = dist.glob("zerosum-*.whl")
    (sdist,) = dist.glob("zerosum-*.tar.gz")
    expected = package_files()
    in_wheel = {name for name in zipfile.ZipFile(wheel).namelist() if name.startswith("zerosum/")}
    with tarfile.open(sdist) as archive:
        in_sdist = {n.split("/src/", 1)[1] for n in archive.getnames() if "/src/zerosum/" in n}
    problems = [f"{wheel.name} lacks {name}" for name in sorted(expected - in_wheel)]
    problems += [f"{sdist.name} lacks {name}" for name in sorted(expected - in_sdist)]
    data = sorted(name for name in expected if not name.endswith(".py"))
    for problem in problems:
        print(problem)
    print(
        f"wheel: {len(expected)} package files, {len(data)} of them data: "
        f"{len(expected) - len(problems)} found, {len(problems)} missing"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
