"""Migration proofs (``games/migration/proof.py``): the winner's moves, each a winning one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import zerosum as zs
from zerosum.games.migration.proof import encode, load, prove, save
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


def random_position(game: zs.games.Migration, plies: int, seed: int) -> tuple[int, int, int]:
    rng = np.random.default_rng(seed)
    state = game.initial_state
    for _ in range(plies):
        actions = game.actions(state)
        state = game.result(state, actions[rng.integers(len(actions))])
    return state


@pytest.mark.parametrize("seed", range(6))
def test_a_proof_from_a_searched_table_wins_the_same_and_reuses_it(seed: int) -> None:
    # what a split run's job does: its search's table serves the proof
    game = zs.games.Migration(n=7)
    state = random_position(game, 8, seed)
    wins, searched, table = position_wins(game, state, 1 << 20)
    reused = prove(game, state, table=table)
    fresh = prove(game, state, slots=1 << 20)
    assert reused.winner == fresh.winner == (state[2] if wins else 3 - state[2])
    assert reused.root == state and reused.positions >= len(reused.moves) > 0
    assert reused.searched < fresh.searched  # the search's outcomes spared it work


def test_the_file_is_read_back_whole_and_written_to_the_path_given(tmp_path: Path) -> None:
    game = zs.games.Migration(n=5)
    strategy = prove(game, game.initial_state)
    save(strategy, tmp_path / "proof")  # no .npz added
    back = load(tmp_path / "proof")
    assert (back.n, back.root, back.winner, back.moves) == (
        5,
        game.initial_state,
        1,
        strategy.moves,
    )
    assert (tmp_path / "proof").read_bytes() == encode(strategy)
