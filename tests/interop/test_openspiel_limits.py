"""OpenSpiel games too big to play are refused before OpenSpiel builds them, naming the limit."""

from __future__ import annotations

import time

import pytest

import zerosum as zs
from zerosum.cli import main
from zerosum.interop import openspiel
from zerosum.limits import LimitError

pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")


@pytest.mark.parametrize(
    "spec, message",
    [
        ("openspiel:connect_four,rows=10000,columns=10000", "their product, 4e+08"),
        ("openspiel:connect_four,rows=100000,columns=100000", "openspiel.MAX_SIZE"),
        # OpenSpiel's gomoku allocates its whole board at load: 10**9 cells took 15 GB
        ("openspiel:gomoku,size=1000,dims=3", "to the power dims"),
        ("openspiel:gomoku,dims=99999999999999", "to the power dims, 1e+30"),
        ("openspiel:hex,board_size=1000", "openspiel.MAX_SIZE"),
        ("openspiel:go,board_size=1000", "1000001 distinct actions, over the limit of 100000"),
        ("openspiel:cursor_go,max_cursor_moves=1000", "plies at most, over the limit"),
    ],
)
def test_games_over_the_limits_are_refused_at_once(spec: str, message: str) -> None:
    start = time.perf_counter()
    with pytest.raises(LimitError, match="is too big") as refused:
        zs.load_game(spec)
    assert message in str(refused.value)
    assert time.perf_counter() - start < 1.0


def test_every_fitting_game_loads_with_its_defaults_and_bigger_boards_still_do() -> None:
    for name in openspiel.fitting_games():
        zs.load_game(f"openspiel:{name}")
    assert zs.load_game("openspiel:connect_four,rows=100,columns=100").native_game
    assert openspiel.size_estimate({"size": 8, "dims": 3, "connect": 5, "name": "x"}) == 40**3


def test_the_command_line_exits_2_naming_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "openspiel:connect_four,rows=10000,columns=10000", "--p1", "dummy"]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "openspiel.MAX_SIZE" in err
