"""The claim games' fast paths, registered for the classes :class:`~.tictactoe.TicTacToe`
and :class:`~.pick.Pick` alone: their compiled rules (:mod:`.rules`), their symmetries
and the orders of play that reach a position, and Pick's compiled state-space counter
(:mod:`zerosum.fast_paths`: a subclass gets the generic path unless it registers them
too)."""

from __future__ import annotations

from ...fast_paths import FastPaths
from .pick import Pick
from .shape import PickState, TicTacToeState
from .tictactoe import TicTacToe

__all__ = ["TICTACTOE", "PICK"]

#: Tic-tac-toe's bundle, registered for the class in the package's ``__init__``.
TICTACTOE: FastPaths[TicTacToe, TicTacToeState, int] = FastPaths(
    compiled_rules=TicTacToe.compiled_rules,
    canonical_key=TicTacToe.canonical_key,
    symmetry=lambda game: game.symmetry,
    move_orders=TicTacToe.move_orders,
    perfect_is_instant=lambda game: game.perfect_is_instant,
    minimax_is_instant=lambda game: game.minimax_is_instant,
)
#: Pick's bundle.
PICK: FastPaths[Pick, PickState, int] = FastPaths(
    compiled_rules=Pick.compiled_rules,
    canonical_key=Pick.canonical_key,
    symmetry=lambda game: game.symmetry,
    move_orders=Pick.move_orders,
    space_layers=Pick.space_layers,
    perfect_is_instant=lambda game: game.perfect_is_instant,
    minimax_is_instant=lambda game: game.minimax_is_instant,
)
