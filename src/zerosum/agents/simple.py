"""Agents that do not search: the first legal move, a random move, and a person."""

from __future__ import annotations

import sys
from typing import Any, TextIO

from .. import notices
from ..game import Game, ZerosumError, parse_action, render_state, side_label
from .base import Resignation, Seeded

__all__ = ["Dummy", "Random", "Human", "Resignation"]


class Dummy:
    """Plays the first legal action: the weakest baseline, and perfectly predictable."""

    def __call__(self, game: Game, state: Any) -> Any:
        return game.actions(state)[0]

    def __repr__(self) -> str:
        return "Dummy()"


class Random(Seeded):
    """Plays a uniformly random legal action; reproducible with ``seed``."""

    def __call__(self, game: Game, state: Any) -> Any:
        return self.rng.choice(list(game.actions(state)))

    def __repr__(self) -> str:
        return f"Random(seed={self.seed!r})"


class Human:
    """Asks a person for a move on the terminal.

    Shows the board first (unless ``show_board`` is false, for callers that already print
    every state), re-asks with the legal moves when the input is illegal or unreadable, and
    resigns the game at the end of input (Ctrl-D) instead of crashing. Notices of slow
    work (:mod:`zerosum.notices`: a compile in the background) wait until the person has
    answered, so that none lands on the prompt's line or among what the person types;
    input that a terminal did not echo (a pipe, a file) has its line ended for it.
    """

    def __init__(
        self, show_board: bool = True, input: TextIO | None = None, output: TextIO | None = None
    ) -> None:
        self.show_board = show_board
        self.input = input
        self.output = output

    def __call__(self, game: Game, state: Any) -> Any:
        out = self.output or sys.stdout
        source = self.input or sys.stdin
        if self.show_board:
            print(render_state(game, state), file=out)
        with notices.held():
            try:
                return self._ask(game, state, out, source)
            except KeyboardInterrupt:  # Ctrl-C at the prompt: what is told next starts a line
                print(file=out, flush=True)
                raise

    def _ask(self, game: Game, state: Any, out: TextIO, source: TextIO) -> Any:
        """The person's move, asked until it is legal."""
        while True:
            print(
                f"{side_label(game, game.player(state))}, your move: ", end="", file=out, flush=True
            )
            line = source.readline()
            if line and not source.isatty():  # as a terminal's echo of the Enter key
                print(file=out, flush=True)
            if not line:
                print(file=out)
                raise Resignation("end of input")
            if not line.strip():
                continue
            try:
                return parse_action(game, line, state)
            except ZerosumError as exc:
                print(exc, file=out)

    def __repr__(self) -> str:
        return "Human()"
