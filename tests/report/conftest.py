"""A small tournament with a forfeiting agent, shared by the report's tests."""

from __future__ import annotations

import pytest

import zerosum as zs
from arena_agents import Raiser

C4 = "connect4:width=5,height=4"


@pytest.fixture(scope="session")
def cup() -> zs.arena.TournamentResult:
    return zs.tournament(C4, {"mm": "minimax:depth=2", "rnd": "random", "bug": Raiser()}, 4)
