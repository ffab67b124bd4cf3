"""A split run's proofs taken as a whole (:mod:`.split`, :mod:`.proof_folder`): every
settled job's proof file checked against the journal (present, unaltered, confirmed by
the plain :mod:`.checker` from the job's position, for the winner the journal says), and,
once the root is decided, one strategy for the whole game assembled from them.

The assembled strategy holds the winner's moves in the first plies, chosen from the
jobs' outcomes by minimax (at the winner's positions a move to a position lost for its
mover; at the loser's, every move is followed), and the moves of every job proof the
tree reaches. Where two job proofs hold the same position either move will do: each
stays inside a proof that wins from there, so the checker confirms the whole from the
game's start.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...game import ZerosumError
from .checker import ProofError, check
from .proof import Strategy, load

if TYPE_CHECKING:
    from .proof_folder import ProofFolder
    from .shape import MigrationBoard
    from .split import Node, SplitRun

__all__ = ["JobsChecked", "check_jobs", "assemble"]


@dataclass
class JobsChecked:
    """What :func:`check_jobs` confirmed: how many of the journal's settled jobs have a
    proof that checks, the positions the checker went through, and the seconds."""

    settled: int
    checked: int
    positions: int
    seconds: float


def check_jobs(run: SplitRun, board: Callable[[int], MigrationBoard]) -> JobsChecked:
    """Check the proof of every settled job of ``run`` that has one (see the module);
    raise :class:`~.checker.ProofError` at the first file missing, altered or wrong."""
    started = time.perf_counter()
    checked = positions = 0
    for state, entry in run.done.items():
        if "proof" not in entry:
            continue
        node = run.jobs[state]
        path = _folder(run).verified(entry["proof"], node.moves)
        found = check(path, board)
        winner = state[2] if entry["wins"] else 3 - state[2]
        if (found.n, found.root) != (run.game.n, state):
            raise ProofError(
                f"job {node.moves}: {path} proves another position, "
                f"{board(found.n).position_text(found.root)}, not the job's "
                f"{run.game.position_text(state)}"
            )
        if found.winner != winner:
            raise ProofError(
                f"job {node.moves}: {path} proves player {found.winner} wins, the journal "
                f"says player {winner}"
            )
        checked += 1
        positions += found.positions
    return JobsChecked(len(run.done), checked, positions, time.perf_counter() - started)


def assemble(run: SplitRun) -> Strategy:
    """The whole game's strategy from ``run``'s decided root and its jobs' proofs (each
    file's size and sha256 checked against the journal as it is read)."""
    wins = run.root.decide()
    if wins is None:
        raise ZerosumError(f"{run.path}: the start is not decided yet, so there is no proof")
    game, root = run.game, run.root.state
    winner = root[2] if wins else 3 - root[2]
    moves: dict[tuple[int, int], int] = {}
    seen: set[tuple[int, int, int]] = set()
    stack = [run.root]
    while stack:
        node = stack.pop()
        if node.state in seen:
            continue
        seen.add(node.state)
        if node.job:
            moves.update(_job_strategy(run, node, winner).moves)
        elif node.state[2] != winner:
            stack.extend(node.children)
        elif node.children:  # (none: the game is over or settled there)
            child = next(child for child in node.children if child.decide() is False)
            action = next(
                a for a in game.actions(node.state) if game.result(node.state, a) == child.state
            )
            moves[(node.state[0], node.state[1])] = action[0] * game.n + action[1]
            stack.append(child)
    return Strategy(game.n, root, winner, moves)


def _job_strategy(run: SplitRun, node: Node, winner: int) -> Strategy:
    """The strategy of the proof file of the job ``node``, which ``winner`` must win."""
    record = run.done[node.state].get("proof")
    if record is None:
        raise ProofError(f"job {node.moves} has no proof yet: run again with --proofs")
    path: Path = _folder(run).verified(record, node.moves)
    strategy = load(path)
    if (strategy.root, strategy.winner) != (node.state, winner):
        raise ProofError(
            f"job {node.moves}: {path} is the proof of player {strategy.winner} at another "
            f"position or side, not player {winner}'s at the job's"
        )
    return strategy


def _folder(run: SplitRun) -> ProofFolder:
    if run.proofs is None:
        raise ZerosumError("the split run was opened without its proof folder (--proofs)")
    return run.proofs
