"""Connect Four's parts of the command line: ``zerosum solve``'s ``--tt-mb`` and
``--workers`` hand the game a solver of that table and those threads (an object passed
in, no module setting), and the command line finds them through the game registry."""

from __future__ import annotations

import os

from zerosum import hooks
from zerosum.cli import build_parser
from zerosum.cli.game_commands import Kit
from zerosum.games import ConnectFour, TicTacToe
from zerosum.games.connect_four import solver as connect4
from zerosum.games.connect_four.commands import ConnectFourCommands


def _before_solve(game: object, *options: str) -> int | None:
    args = build_parser().parse_args(["solve", "connect4", *options])
    return ConnectFourCommands(Kit()).before_solve(game, args)


def test_the_solve_options_give_the_game_its_solver() -> None:
    game = ConnectFour()
    assert _before_solve(game, "--tt-mb", "2", "--workers", "3") is None
    assert game.solver is not None
    assert (game.solver.workers, game.solver.table.megabytes) == (3, 2)
    assert game.solver.table is not connect4.kept_table()
    assert ConnectFour().solver is None  # another game keeps the process's own


def test_without_a_table_size_the_game_keeps_the_processs_table_on_every_core() -> None:
    game = ConnectFour()
    assert _before_solve(game) is None
    assert game.solver is not None
    assert game.solver.table is connect4.kept_table()
    assert game.solver.workers == (os.cpu_count() or 1)


def test_other_games_get_no_solver() -> None:
    game = TicTacToe()
    assert _before_solve(game) is None
    assert not hasattr(game, "solver")


def test_the_command_line_finds_them_through_the_registry() -> None:
    assert hooks.command_line(ConnectFour) is ConnectFourCommands
    assert hooks.command_line(TicTacToe) is None
    parser = build_parser()
    assert parser.parse_args(["book", "--plies", "3"]).plies == 3
    assert parser.parse_args(["solve", "connect4", "--batch", "-"]).batch == "-"
