"""OpenSpiel games too big to play, or that OpenSpiel cannot play, are refused before they
are played, naming the limit or what failed; games too long to solve before any search."""

from __future__ import annotations

import time

import pytest

import zerosum as zs
from zerosum.cli import main
from zerosum.game import SpecError
from zerosum.interop import openspiel
from zerosum.limits import LimitError

pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install open_spiel)")


@pytest.mark.alone
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


@pytest.mark.parametrize(
    "args, message",
    [
        # a segmentation fault inside OpenSpiel, which ended the command (exit 139)
        (["play", "openspiel:connect_four,rows=0"], "OpenSpiel crashed (SIGSEGV)"),
        (["play", "openspiel:go,board_size=1"], "unsupported board size"),
        (["play", "openspiel:hex,board_size=0"], "failed at its start"),
        (["solve", "openspiel:chess"], "a game may last 17695 plies, over the limit of 500"),
        (["grade", "openspiel:chess", "random"], "openspiel.MAX_SOLVE_PLIES"),
    ],
)
def test_openspiel_games_it_cannot_play_or_solve_are_one_line_and_exit_2(
    args: list[str], message: str, capfd: pytest.CaptureFixture[str]
) -> None:
    start = time.perf_counter()
    assert main(args) == 2
    out, err = capfd.readouterr()
    assert err.count("\n") == 1 and message in err, err
    assert time.perf_counter() - start < 10


@pytest.mark.alone
def test_a_verdict_is_kept_and_a_crash_costs_only_the_checking_process() -> None:
    with pytest.raises(SpecError, match="crashed") as first:
        zs.load_game("openspiel:y,board_size=-1")
    start = time.perf_counter()
    with pytest.raises(SpecError) as again:
        zs.load_game("openspiel:y,board_size=-1")
    assert str(again.value) == str(first.value)
    assert time.perf_counter() - start < 0.05  # the verdict kept: no second process
    assert zs.load_game("openspiel:y,board_size=5").native_game  # other values still load


def test_a_game_short_enough_is_still_solved() -> None:
    assert zs.solve(zs.load_game("openspiel:tic_tac_toe")).value == 0
