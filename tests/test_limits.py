"""Sizes and parameters that would take gigabytes or days are refused up front, naming the
limit: AlphaBeta's table, the solver's --tt-mb, --workers; exit 2 with one line on the CLI."""

from __future__ import annotations

import os

import pytest

import zerosum as zs
from zerosum.cli import main
from zerosum.limits import (
    MAX_TABLE_SIZE,
    LimitError,
    check_move_seconds,
    check_table_megabytes,
    check_workers,
    machine_megabytes,
    max_workers,
)


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("zerosum: error: ")
    return err


def test_alphabeta_tables_over_the_limit_are_refused_before_searching() -> None:
    assert zs.agents.AlphaBeta(table_size=MAX_TABLE_SIZE).table_size == MAX_TABLE_SIZE
    with pytest.raises(LimitError, match=r"table_size 10000001 is over .* \(MAX_TABLE_SIZE"):
        zs.agents.AlphaBeta(table_size=MAX_TABLE_SIZE + 1)
    with pytest.raises(LimitError, match="MAX_TABLE_SIZE"):
        zs.make_agent("alphabeta:table_size=1000000000000")


def test_a_huge_table_on_the_command_line_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "tictactoe", "--p1", "alphabeta:table_size=99999999999"]) == 2
    assert "MAX_TABLE_SIZE" in one_line_error(capsys)


def test_the_solver_table_is_at_most_half_the_machine_memory(
    capsys: pytest.CaptureFixture[str],
) -> None:
    memory = machine_megabytes()
    assert memory is not None and memory > 100
    assert check_table_megabytes(memory / 2) == memory / 2
    too_much = str(int(memory))  # all of it: more than half
    # refused before the solver is compiled or any table allocated
    assert main(["solve", "connect4", "--moves", "4453", "--tt-mb", too_much]) == 2
    assert "over the limit of half this machine's memory" in one_line_error(capsys)
    for bad in ("0", "nan", "inf", "-5"):
        assert main(["solve", "connect4", "--tt-mb", bad]) == 2
        assert "--tt-mb" in one_line_error(capsys)


def test_workers_are_at_least_1_and_at_most_4_per_core(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert max_workers() == 4 * (os.cpu_count() or 1)
    assert check_workers(max_workers()) == max_workers()
    with pytest.raises(LimitError, match="4 per core"):
        zs.match("tictactoe", "dummy", "random", games=2, workers=max_workers() + 1)
    match = ["match", "tictactoe", "dummy", "random", "-n", "2", "--workers"]
    assert main([*match, str(max_workers() + 1)]) == 2
    assert f"workers {max_workers() + 1} is over the limit" in one_line_error(capsys)
    assert main([*match, "0"]) == 2
    assert "at least 1" in one_line_error(capsys)


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), -1.0, 0.0, 3601.0])
def test_move_caps_outside_0_to_an_hour_are_refused(seconds: float) -> None:
    with pytest.raises(LimitError, match="MAX_MOVE_SECONDS"):
        check_move_seconds(seconds)
    assert check_move_seconds(0.5) == 0.5
