"""Migration proofs (``games/migration/proof.py``): the winner's moves, each a winning one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import zerosum as zs
from zerosum.games.migration.proof import prove, save
from zerosum.games.migration.solver import position_wins


@pytest.mark.parametrize("n", [4, 5, 6])
def test_every_stored_move_wins(n: int) -> None:
    game = zs.games.Migration(n=n)
    strategy = prove(game, game.initial_state)
    assert strategy.winner == (2 if n == 4 else 1)
    for (p1, p2), cell in strategy.moves.items():
        mover = strategy.winner
        action = next(a for a in game.actions((p1, p2, mover)) if a[0] * n + a[1] == cell)
        child = game.result((p1, p2, mover), action)
        assert game.is_terminal(child) or not position_wins(game, child, 1 << 12)[0]


def test_the_file_keeps_every_move(tmp_path: Path) -> None:
    game = zs.games.Migration(n=5)
    strategy = prove(game, game.initial_state)
    save(strategy, tmp_path / "p.npz")
    with np.load(tmp_path / "p.npz") as data:
        kept = dict(
            zip(
                zip(data["p1"].tolist(), data["p2"].tolist(), strict=True),
                data["move"].tolist(),
                strict=True,
            )
        )
        assert (int(data["n"]), int(data["winner"])) == (5, 1)
    assert kept == strategy.moves
