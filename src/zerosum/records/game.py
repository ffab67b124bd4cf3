"""The record of one played game and the reasons a game ends.

:func:`zerosum.arena.play` makes a :class:`GameRecord`; journals, exports, result
tables, the notebook's drawing and the page read it. It lives on the records floor so
that each of them imports it without importing the arena.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, TypeVar

from . import show
from .search import SearchInfo

__all__ = ["Reason", "GameRecord", "TRACE_HEADING"]

#: The heading a record's ``trace`` is shown under (Python's traceback, cut to the frames
#: of the agent's own files).
TRACE_HEADING = "Traceback (most recent call last, the agent's own code):"

#: The game's state and action types (as :data:`zerosum.game.State` and ``Action``).
State = TypeVar("State")
Action = TypeVar("Action")


class Reason(StrEnum):
    """How a game ended."""

    END = "end"  # played to a terminal state
    ILLEGAL = "forfeit-illegal"  # an agent returned an illegal action
    ERROR = "forfeit-error"  # an agent raised an exception
    TIME = "forfeit-time"  # an agent took longer than allowed
    RESIGN = "resign"  # an agent gave up (a person closing the input)

    @property
    def forfeit(self) -> bool:
        return self in (Reason.ILLEGAL, Reason.ERROR, Reason.TIME)


@dataclass(frozen=True)
class GameRecord(Generic[State, Action]):
    """Everything about one played game.

    ``winner`` is 1, 2 or None (a draw); ``utilities`` maps each player to its utility;
    ``reason`` says how it ended and ``detail`` why, for forfeits; ``move_seconds[i]`` is the
    time the mover took for ``actions[i]`` and ``searches[i]`` its search summary, if any;
    ``trace``, for a forfeit by exception, the frames of the agent's own code it passed
    through (``File "bot.py", line 4, in helper`` and the line, as Python prints them),
    so that a student finds the line of their file that raised.
    """

    game: str
    players: tuple[str, str]
    initial_state: State
    actions: tuple[Action, ...]
    final_state: State
    winner: int | None
    utilities: dict[int, float]
    reason: Reason
    detail: str = ""
    move_seconds: tuple[float, ...] = ()
    searches: tuple[SearchInfo | None, ...] = field(default=(), repr=False)
    trace: str = field(default="", repr=False)

    @property
    def plies(self) -> int:
        return len(self.actions)

    def why(self) -> str:
        """Why the game ended before its end: ``detail``, and under it, for an agent that
        raised, the traceback of its own code (:data:`TRACE_HEADING`, then ``trace``)."""
        if not self.trace:
            return self.detail
        return f"{self.detail}\n{TRACE_HEADING}\n{self.trace}"

    def seconds(self, player: int) -> float:
        """Total thinking time of ``player`` (1 or 2), assuming player 1 moved first."""
        return sum(self.move_seconds[player - 1 :: 2])

    def _repr_html_(self) -> str:
        """Jupyter's drawing (:func:`zerosum.report.display.game_html`)."""
        return show.html(self)
