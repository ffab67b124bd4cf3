"""Shared fixtures: every built-in game at sizes small enough to play out quickly."""

from __future__ import annotations

import pytest

import zerosum as zs
from helpers import SMALL_GAMES


@pytest.fixture(params=SMALL_GAMES)
def game(request: pytest.FixtureRequest) -> object:
    return zs.load_game(request.param)
