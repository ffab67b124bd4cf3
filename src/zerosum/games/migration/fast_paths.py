"""Migration's fast paths, registered for the class :class:`~.game.Migration` alone: its
compiled rules, the settled positions and weak solves of its compiled solver, its
transposition key and its parts of the ``zerosum`` command (:mod:`zerosum.fast_paths`:
a subclass gets the generic path unless it registers them too)."""

from __future__ import annotations

from ...fast_paths import FastPaths
from .commands import MigrationCommands
from .game import Migration
from .shape import MigrationAction, MigrationState

__all__ = ["FAST_PATHS"]

#: Migration's bundle, registered for the class in the package's ``__init__``.
FAST_PATHS: FastPaths[Migration, MigrationState, MigrationAction] = FastPaths(
    compiled_rules=Migration.compiled_rules,
    key=Migration.key,
    settled=Migration.settled,
    solve_weakly=Migration.solve_weakly,
    perfect_is_instant=lambda game: game.perfect_is_instant,
    minimax_is_instant=lambda game: game.minimax_is_instant,
    command_line=MigrationCommands,
)
