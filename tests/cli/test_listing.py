"""The ``games`` and ``agents`` commands: every registered entry with its parameters."""

from __future__ import annotations

import pytest

from zerosum.cli import main


def test_games_lists_every_game_with_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for text in ("connect4", "width=7 (int)", "migration", "n=8 (int)", "pick", "tictactoe"):
        assert text in out


def test_agents_lists_every_agent_with_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agents"]) == 0
    out = capsys.readouterr().out
    for text in ("dummy", "random", "seed=None (int or none)", "human", "minimax"):
        assert text in out
