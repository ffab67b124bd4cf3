"""The arena's options: nonsense refused before anything is played."""

from __future__ import annotations

import math

import pytest

import zerosum as zs
from zerosum.arena.options import ArenaOptions
from zerosum.game import ZerosumError


def test_the_defaults_are_match_s() -> None:
    ArenaOptions().check()
    assert ArenaOptions().games == 100 and ArenaOptions().random_opening == "auto"


@pytest.mark.parametrize(
    "settings, named",
    [
        ({"games": 0}, "games"),
        ({"games": True}, "games"),
        ({"random_opening": -1}, "random_opening"),
        ({"random_opening": "many"}, "random_opening"),
        ({"workers": 0}, "workers"),
        ({"move_time": 0}, "move"),
        ({"move_time": math.nan}, "move"),
        ({"time_margin": -1}, "margin"),
        ({"memory_mb": 0}, "memory_mb"),
    ],
)
def test_nonsense_is_refused_naming_the_setting(settings: dict, named: str) -> None:
    with pytest.raises(ZerosumError, match=named):
        ArenaOptions(**settings).check()


@pytest.mark.parametrize(
    "limits, message",
    [
        ({"move_time": 0}, "move cap must be more than 0"),
        ({"move_time": float("nan")}, "not nan"),
        ({"time_margin": -1}, "time_margin must be seconds from 0"),
        ({"memory_mb": -1}, "memory_mb must be a whole number of MB"),
    ],
)
def test_the_library_refuses_the_same_nonsense_before_playing(limits: dict, message: str) -> None:
    with pytest.raises(ZerosumError, match=message):
        zs.match("tictactoe", "random", "random", games=2, **limits)
