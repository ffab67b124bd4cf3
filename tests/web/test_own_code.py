"""The operator's own code: checked at start, and the only code a request may name."""

from __future__ import annotations

from pathlib import Path

import pytest

from zerosum.game import ZerosumError
from zerosum.web.own_code import OwnCode

AGENT = "def first(game, state):\n    return game.actions(state)[0]\n"


def test_a_request_names_built_in_agents_or_the_operator_s_own(tmp_path: Path) -> None:
    mine = tmp_path / "mine.py"
    mine.write_text(AGENT)
    other = tmp_path / "other.py"
    other.write_text(AGENT)
    own = OwnCode([], [f"{mine}:first"])
    assert own.agent("random").spec == "random"
    assert callable(own.agent(f"{mine}:first"))
    assert own.presets() == [{"label": f"yours: {mine}:first", "spec": f"{mine}:first"}]
    with pytest.raises(ZerosumError, match="names code the server was not started with"):
        own.agent(f"{other}:first")
    assert own.game_entries() == []


def test_built_in_specs_are_not_the_operator_s_code() -> None:
    with pytest.raises(ZerosumError, match="--agent takes your own code"):
        OwnCode([], ["random"])
    with pytest.raises(ZerosumError, match="--game takes your own code"):
        OwnCode(["tictactoe"], [])
