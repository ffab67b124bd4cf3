from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest

from processes import Command
from zerosum.cli import main

END_EASY = Path(__file__).parents[2] / "data" / "connect4" / "Test_L3_R1.txt"


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
    # 13 stones, past the opening book: whatever player 2 plays, player 1 wins with the
    # 14th stone, a score of (42 + 1 - 14) // 2 = 14 for the winner
    assert main(["solve", "connect4", "--moves", "7744455554221"]) == 0
    out = capsys.readouterr().out
    assert "player 2 to move loses in 2 plies (score -14)" in out
    assert out.count("score -14") == 8


def test_a_won_position_a_full_board_and_bytes_not_utf8_fail_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = END_EASY.read_text().splitlines()[:2]
    full = "547125662261271266215743771576315353334444"  # 42 stones, no four: a draw
    source = tmp_path / "positions.txt"
    lines = [b"1212121", good[0].encode(), b"12\xff4", full.encode(), good[1].encode()]
    source.write_bytes(b"\n".join(lines) + b"\n")
    assert main(["solve", "connect4", "--batch", str(source)]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == good
    errors = captured.err.splitlines()
    assert "line 1: the game is already won by the last move of '1212121'" in errors
    assert "line 3: not UTF-8 text (byte 0xff at byte 3)" in errors
    assert f"line 4: the board is full after {full[:40]!r}...: the game is over (a draw)" in errors
    assert "2 positions, 3 failed" in captured.err


def test_a_very_long_bad_line_is_quoted_shortened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "positions.txt"
    source.write_text("1234x" + "5" * 10_000 + "\n")
    assert main(["solve", "connect4", "--batch", str(source)]) == 1
    err = capsys.readouterr().err
    shown = repr("1234x" + "5" * 35) + "..."
    assert f"line 1: 'x' is not a column digit at move 5 of {shown}\n" in err
    assert len(err.splitlines()[0]) < 120


def test_results_keep_input_order_across_chunks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = END_EASY.read_text().splitlines()[:300]
    mixed = [*lines[:100], "9", *lines[100:250], "", "0", *lines[250:]]
    source = tmp_path / "positions.txt"
    source.write_text("\n".join(mixed) + "\n")
    assert main(["solve", "connect4", "--batch", str(source)]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == lines  # many chunks of growing size, in order
    assert captured.err.index("line 101: column 9") < captured.err.index("line 253: column 0")


@pytest.mark.alone
def test_each_chunk_is_written_at_once_and_sigterm_keeps_it(tmp_path: Path) -> None:
    easy = END_EASY.read_text().splitlines()[:3]
    source = tmp_path / "positions.txt"
    # chunks grow from one position: the three easy lines are out before "4" starts,
    # which takes minutes
    source.write_text("\n".join([*easy, "4", *easy]) + "\n")
    run = Command("solve", "connect4", "--batch", str(source))
    try:
        assert [run.next_line(timeout=60) for _ in easy] == easy
        time.sleep(1)  # well inside the compiled solve of "4"
        assert run.process.poll() is None, "the batch ended: '4' should take minutes"
        seconds = run.stop(signal.SIGTERM)
    finally:
        run.kill()
    assert seconds < 2
    assert run.process.returncode in (-signal.SIGTERM, 128 + signal.SIGTERM)
    assert run.output()[0] == []  # nothing after the hard line was written
