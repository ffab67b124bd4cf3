"""Test helpers importable from every test module (``tests`` is on the path)."""

from __future__ import annotations

import pytest

from zerosum.games import GAMES

#: Every built-in game at sizes whose random playouts are quick: the ``small_specs`` of
#: its registry line (``games/registry.py``), so a new game is played with no edit here.
SMALL_GAMES = [spec for entry in GAMES for spec in entry.small_specs]


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    """The command's standard error, checked to be one ``zerosum: error:`` line."""
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith("zerosum: error: "), err
    assert "Traceback" not in err
    return err
