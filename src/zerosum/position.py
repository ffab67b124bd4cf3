"""A position: a game and one of its states that draws itself in notebooks, and a state
read from text or written as text (``zs.position(game, text)``, ``zs.position_text``)
through the game's ``position`` and ``position_text`` hooks.

>>> import zerosum as zs
>>> game = zs.games.TicTacToe()
>>> position = zs.show(game, game.result(game.initial_state, 4), last=4)
>>> position
Position(TicTacToe(), last=4)
>>> position._repr_svg_().startswith("<svg")
True
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from html import escape
from typing import Generic

from . import hooks
from .game import Action, Game, State, ZerosumError, format_action, game_name, render_state

__all__ = ["Position", "PositionError", "board_html", "position", "position_text", "show"]


@dataclass(frozen=True)
class Position(Generic[State, Action]):
    """A state of ``game``, optionally with the action that led to it (``last``, highlighted).

    Jupyter shows it with the game's ``to_svg`` when the game has one; ``str()`` is the
    game's text rendering either way.
    """

    game: Game[State, Action]
    state: State
    last: Action | None = None

    def svg(self) -> str | None:
        """The game's drawing of the state, or None when the game has no ``to_svg``."""
        draw = hooks.to_svg(self.game)
        if draw is None:
            return None
        return str(draw(self.state) if self.last is None else draw(self.state, last=self.last))

    def _repr_svg_(self) -> str | None:
        return self.svg()

    def _repr_html_(self) -> str | None:
        """The text rendering, for games without ``to_svg`` (None lets the SVG show)."""
        return None if self.svg() is not None else f"<pre>{escape(str(self))}</pre>"

    def __str__(self) -> str:
        return render_state(self.game, self.state)

    def __repr__(self) -> str:
        last = "" if self.last is None else f", last={format_action(self.game, self.last)}"
        return f"Position({self.game!r}{last})"


def show(
    game: Game[State, Action], state: State | None = None, last: Action | None = None
) -> Position[State, Action]:
    """Wrap ``state`` (default: the start) of ``game`` so notebooks draw it as SVG."""
    return Position(game, game.initial_state if state is None else state, last)


def board_html(game: Game[State, Action], state: State, last: Action | None = None) -> str:
    """``state`` drawn by ``game.to_svg`` (highlighting ``last`` if it can), else its text:
    how a board shows inside a larger drawing (a game record, a search tree)."""
    draw = hooks.to_svg(game)
    if draw is None:
        return f"<pre>{escape(render_state(game, state))}</pre>"
    if last is not None and "last" in inspect.signature(draw).parameters:
        return str(draw(state, last=last))
    return str(draw(state))


class PositionError(ZerosumError):
    """A position's text that cannot be read, or a position that cannot occur: the reason
    in one line (a wrong character and where, floating discs, two winners...)."""


def position(game: Game[State, Action], text: str) -> State:
    """The state ``text`` describes in ``game``: its board as it prints, or its compact
    line (side to move included), read by the game's ``position`` hook.

    Raises :class:`PositionError` for text the game cannot read or a position that
    cannot occur, and when the game reads no positions.

    >>> import zerosum as zs
    >>> game = zs.games.TicTacToe()
    >>> state = position(game, "XO./.X./... O")
    >>> state == game.result(game.result(game.result(game.initial_state, 0), 1), 4)
    True
    """
    read = hooks.position(game)
    if read is None:
        raise PositionError(f"{game_name(game)} reads no positions as text (it has no position())")
    try:
        return read(text)
    except PositionError:
        raise
    except ValueError as exc:  # a user game's own refusal, in the same one line
        raise PositionError(str(exc)) from exc


def position_text(game: Game[State, Action], state: State) -> str:
    """``state`` as ``game``'s compact line, which :func:`position` reads back."""
    write = hooks.position_text(game)
    if write is None:
        raise PositionError(f"{game_name(game)} writes no positions as text")
    return str(write(state))
