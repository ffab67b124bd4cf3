"""Self-play spread over worker processes: two local ones, and a Dask cluster's, each
playing its share of a round's games with the weights it is sent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="the learn extra (scripts/test.sh installs it)")

from zerosum.games import load_game  # noqa: E402
from zerosum.learn.config import LearnConfig  # noqa: E402
from zerosum.learn.trainer import _due, train  # noqa: E402


def one_round(out: Path, **where: object) -> dict[str, object]:
    """Train tic-tac-toe for one round of 6 tiny games; its journal line."""
    lines: list[str] = []
    config = LearnConfig("tictactoe", simulations=4, games=6)
    train(load_game("tictactoe"), config, out, 0.001, say=lines.append, truth_positions=10,
          **where)  # type: ignore[arg-type]  # fmt: skip
    assert lines and lines[0].startswith("round 1: 6 games")
    (first,) = [json.loads(line) for line in (out / "journal.jsonl").read_text().splitlines()]
    assert (out / "model.json").exists()
    return first


def test_a_round_on_two_local_processes(tmp_path: Path) -> None:
    first = one_round(tmp_path / "run", workers=2)
    assert first["games"] == 6 and first["positions"] >= 6 * 5


def test_a_round_on_a_dask_cluster(tmp_path: Path, dask_scheduler: str) -> None:
    first = one_round(tmp_path / "run", scheduler=dask_scheduler)
    assert first["games"] == 6 and first["positions"] >= 6 * 5


def test_measuring_and_rating_fall_on_the_first_round_and_every_nth_after() -> None:
    assert [r for r in range(1, 40) if _due(r, 16)] == [1, 17, 33]
    assert [r for r in range(1, 10) if _due(r, 4)] == [1, 5, 9]
    assert all(_due(r, 1) for r in range(1, 10))
    assert not any(_due(r, 0) for r in range(1, 40))  # 0: never, not a division by zero


def test_the_curve_is_drawn_once_in_a_while_and_after_the_last_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import zerosum.learn.curve
    import zerosum.learn.trainer

    drawn: list[int] = []  # the rounds each drawing shows
    monkeypatch.setattr(
        zerosum.learn.curve, "plot_curve", lambda rounds, _: drawn.append(len(rounds))
    )
    config = LearnConfig("tictactoe", simulations=4, games=6)

    def rounds_trained(out: Path) -> int:
        done = train(load_game("tictactoe"), config, out, 0.02, say=lambda _: None,
                     truth_positions=10)  # fmt: skip
        return len(done.journal)

    rounds = rounds_trained(tmp_path / "a")  # rounds far quicker than CURVE_SECONDS
    assert rounds >= 3 and drawn == [1, rounds]
    drawn.clear()
    monkeypatch.setattr(zerosum.learn.trainer, "CURVE_SECONDS", 0.0)
    rounds = rounds_trained(tmp_path / "b")
    assert drawn == list(range(1, rounds + 1))
