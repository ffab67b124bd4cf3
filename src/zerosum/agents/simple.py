"""Agents that do not search: the first legal move, a random move, and a person."""

from __future__ import annotations

import sys
from typing import TextIO

from .. import notices
from ..game import (
    Action,
    Game,
    IllegalActionError,
    State,
    legal_list,
    parse_action,
    render_state,
    side_label,
)
from .base import Resignation, Seeded

__all__ = ["Dummy", "Random", "Human", "Resignation", "QUIT_WORDS", "QUIT"]

#: What a person types to leave a game (any case); end of input (Ctrl-D) leaves it too.
QUIT_WORDS = ("quit", "exit", "q")
#: Why a person's game ended when they left it (:class:`Resignation`'s message).
QUIT = "quit"


class Dummy:
    """Plays the first legal action: the weakest baseline, and perfectly predictable."""

    def __call__(self, game: Game[State, Action], state: State) -> Action:
        return game.actions(state)[0]

    def __repr__(self) -> str:
        return "Dummy()"


class Random(Seeded):
    """Plays a uniformly random legal action; reproducible with ``seed``."""

    def __call__(self, game: Game[State, Action], state: State) -> Action:
        return self.rng.choice(list(game.actions(state)))

    def __repr__(self) -> str:
        return f"Random(seed={self.seed!r})"


class Human:
    """Asks a person for a move on the terminal.

    Shows the board first (unless ``show_board`` is false, for callers that already print
    every state), re-asks with the legal moves when the input is illegal or unreadable, and
    resigns the game (:class:`Resignation`) when the person types ``quit``, ``exit`` or
    ``q`` or at the end of input (Ctrl-D) instead of crashing. Notices of slow
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

    def __call__(self, game: Game[State, Action], state: State) -> Action:
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

    def _ask(self, game: Game[State, Action], state: State, out: TextIO, source: TextIO) -> Action:
        """The person's move, asked until it is legal."""
        while True:
            mover = side_label(game, game.player(state), pieces=True)
            print(f"{mover}, your move: ", end="", file=out, flush=True)
            line = source.readline()
            if line and not source.isatty():  # as a terminal's echo of the Enter key
                print(file=out, flush=True)
            if not line:
                print(file=out)
                raise Resignation("end of input")
            if not line.strip():
                continue
            if line.strip().lower() in QUIT_WORDS:
                raise Resignation(QUIT)
            try:
                return parse_action(game, line, state)
            except IllegalActionError as exc:
                print(not_a_move(game, line.strip(), exc), file=out)


def not_a_move(game: Game, typed: str, error: IllegalActionError) -> str:
    """What a person is told when what they typed is no move: why (the game's own reason,
    else that it cannot be played now) and the moves they may type, in their words, with
    no spec or player number (the prompt names them)."""
    why = error.reason or f"{typed} cannot be played now"
    return f"Not a move: {why}. Your moves: {legal_list(game, error.legal)}"

    def __repr__(self) -> str:
        return "Human()"
