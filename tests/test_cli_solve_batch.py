from __future__ import annotations

from pathlib import Path

import pytest

from zerosum.cli import main

END_EASY = Path(__file__).parent / "data" / "connect4" / "Test_L3_R1.txt"


def test_batch_writes_scores_in_order_and_reports_bad_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = END_EASY.read_text().splitlines()[:5]
    source = tmp_path / "positions.txt"
    source.write_text("\n".join([lines[0], "8", "4444444", lines[1], lines[2].split()[0] + " x"]))
    assert main(["solve", "connect4", "--batch", str(source)]) == 1
    captured = capsys.readouterr()
    out = captured.out.splitlines()
    assert out[:2] == [lines[0], lines[1]]
    assert out[2] == lines[2]
    assert "line 2: column 8 is out of range 1..7" in captured.err
    assert "line 3: column 4 is full" in captured.err
    assert "3 positions, 2 failed" in captured.err


def test_batch_of_good_lines_exits_zero_and_weak_gives_signs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = END_EASY.read_text().splitlines()[:20]
    source = tmp_path / "positions.txt"
    source.write_text("\n".join(lines))
    assert main(["solve", "connect4", "--batch", str(source), "--weak", "--tt-mb", "8"]) == 0
    for got, want in zip(capsys.readouterr().out.splitlines(), lines, strict=True):
        expected = int(want.split()[1])
        assert int(got.split()[1]) == (expected > 0) - (expected < 0)


def test_batch_needs_the_compiled_solver(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "connect4:k=3", "--batch", "-"]) == 2
    assert "need connect4 with k=4" in capsys.readouterr().err


def test_solve_prints_every_column_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "connect4", "--moves", "44455554221"]) == 0
    out = capsys.readouterr().out
    assert "player 2 to move loses in 2 plies (score -15)" in out
    assert out.count("score -15") == 8
