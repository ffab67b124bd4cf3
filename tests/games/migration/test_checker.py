"""The plain checker of Migration proofs (``games/migration/checker.py``): it accepts the
proofs the solver writes and refuses one with a wrong or missing move."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import zerosum as zs
from zerosum.games import Migration
from zerosum.games.migration.checker import ProofError, check
from zerosum.games.migration.proof import prove, save

# One pytest-xdist worker runs this module, so that the 6x6 proof is made once:
# its module-scoped fixture is not set up again on another worker.
pytestmark = pytest.mark.xdist_group("games/migration/test_checker")


@pytest.fixture(scope="module")
def proof6(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("proof") / "six.npz"
    save(prove(zs.games.Migration(n=6), zs.games.Migration(n=6).initial_state), path)
    return path


def rewritten(path: Path, out: Path, **changes: object) -> Path:
    with np.load(path) as data:
        arrays = {key: data[key] for key in data.files}
    arrays.update(changes)  # type: ignore[arg-type]
    np.savez(out, **arrays)  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize("n, winner", [(4, 2), (5, 1), (6, 1)])
def test_a_true_proof_is_accepted(n: int, winner: int, tmp_path: Path) -> None:
    game = zs.games.Migration(n=n)
    save(prove(game, game.initial_state), tmp_path / "p.npz")
    checked = check(tmp_path / "p.npz", Migration)
    assert (checked.n, checked.winner) == (n, winner)
    assert checked.positions > checked.stored > 0


def test_a_wrong_move_is_refused(proof6: Path, tmp_path: Path) -> None:
    # the start's move for player 1 (3,1>3,2, the only winning one) made 1,0>1,1
    game = zs.games.Migration(n=6)
    with np.load(proof6) as data:
        moves = data["move"].copy()
        start = np.flatnonzero(
            (data["p1"] == game.initial_state[0]) & (data["p2"] == game.initial_state[1])
        )
    assert moves[start] == [3 * 6 + 1]
    moves[start] = 1 * 6 + 0
    with pytest.raises(ProofError, match="no move for player 1|wins the settled"):
        check(rewritten(proof6, tmp_path / "bad.npz", move=moves), Migration)


def test_an_illegal_or_missing_move_is_refused(proof6: Path, tmp_path: Path) -> None:
    start = zs.games.Migration(n=6).initial_state
    with np.load(proof6) as data:
        moves, p1, p2 = data["move"], data["p1"], data["p2"]
    with pytest.raises(ProofError, match="cell 0 is not legal"):  # it never moves in 6x6
        check(rewritten(proof6, tmp_path / "illegal.npz", move=np.zeros_like(moves)), Migration)
    kept = (p1 != start[0]) | (p2 != start[1])
    assert not kept.all()
    with pytest.raises(ProofError, match="no move for player 1"):
        check(
            rewritten(proof6, tmp_path / "short.npz", p1=p1[kept], p2=p2[kept], move=moves[kept]),
            Migration,
        )


def test_a_file_that_is_no_proof_is_refused(tmp_path: Path) -> None:
    (tmp_path / "x.npz").write_text("hello")
    with pytest.raises(ProofError, match="not a Migration proof file"):
        check(tmp_path / "x.npz", Migration)


def deep_position(seed: int) -> tuple[int, int, int]:
    """A position of 6x6 5 to 8 random plies in, as a split run's job might be."""
    game = zs.games.Migration(n=6)
    rng = np.random.default_rng(seed)
    state = game.initial_state
    for _ in range(5 + seed % 4):
        actions = game.actions(state)
        state = game.result(state, actions[rng.integers(len(actions))])
    return state


@pytest.mark.parametrize("seed", range(8))
def test_a_proof_rooted_deep_in_the_game_is_accepted(seed: int, tmp_path: Path) -> None:
    state = deep_position(seed)
    strategy = prove(zs.games.Migration(n=6), state)
    save(strategy, tmp_path / "job.npz")
    checked = check(tmp_path / "job.npz", Migration)
    assert (checked.root, checked.winner) == (state, strategy.winner)
    assert checked.positions >= checked.stored


def test_the_deep_proofs_are_of_either_mover_winning_or_losing() -> None:
    game = zs.games.Migration(n=6)
    sides = {(s[2], prove(game, s).winner == s[2]) for s in map(deep_position, range(8))}
    assert len({mover for mover, _ in sides}) == 2 and len({won for _, won in sides}) == 2
