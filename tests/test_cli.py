"""The ``zerosum`` command's top level: its version."""

from __future__ import annotations

import pytest

import zerosum
from zerosum.cli import main


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["--version"])
    assert exit.value.code == 0
    assert capsys.readouterr().out == f"zerosum {zerosum.__version__}\n"
