"""The live games of the web server: one person against one agent each, with limits.

Ids are 128-bit random hex strings. Idle games and finished games are dropped after a
while (checked whenever a game is created or looked up), and the number of live games
is capped so memory stays bounded whatever clients do.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from .thinking import Reply

__all__ = ["Move", "Session", "Sessions", "TooManyGames"]


class TooManyGames(Exception):
    """The cap on live games is reached."""


@dataclass(frozen=True)
class Move:
    """One action played in a session, by ``"you"`` (the person) or ``"agent"``."""

    action: Any
    player: int
    by: str
    reply: Reply | None = None


@dataclass
class Session:
    """A game in progress: the game, the agent (rebuilt from ``agent_spec`` when needed),
    the side the person plays, and every state so far (``states[0]`` is the start)."""

    id: str
    game: Any
    agent: Any
    agent_spec: str
    human: int
    states: list[Any]
    touched: float
    moves: list[Move] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def over(self) -> bool:
        return bool(self.game.is_terminal(self.state))

    @property
    def agent_to_move(self) -> bool:
        return not self.over and self.game.player(self.state) != self.human

    def play(self, action: Any, by: str, reply: Reply | None = None) -> None:
        """Play an already checked ``action``."""
        self.moves.append(Move(action, self.game.player(self.state), by, reply))
        self.states.append(self.game.result(self.state, action))

    def undo(self) -> bool:
        """Take back the person's last move and everything after it; False if there is none."""
        mine = [i for i, move in enumerate(self.moves) if move.by == "you"]
        if not mine:
            return False
        del self.moves[mine[-1] :]
        del self.states[mine[-1] + 1 :]
        return True


class Sessions:
    """The live sessions, at most ``max_games`` of them.

    A game untouched for ``idle_seconds``, or finished and untouched for
    ``finished_seconds``, is dropped, unless a move is being played in it.
    """

    def __init__(
        self, max_games: int = 1000, idle_seconds: float = 1800.0, finished_seconds: float = 300.0
    ) -> None:
        self.max_games = max_games
        self.idle_seconds = idle_seconds
        self.finished_seconds = finished_seconds
        self._live: dict[str, Session] = {}

    def __len__(self) -> int:
        return len(self._live)

    def create(self, game: Any, agent: Any, agent_spec: str, human: int) -> Session:
        """A new session at the start of ``game``; raises :class:`TooManyGames` at the cap."""
        self.sweep()
        if len(self._live) >= self.max_games:
            raise TooManyGames(
                f"the server has {self.max_games} live games, its limit; "
                "try again when some have finished"
            )
        session_id = secrets.token_hex(16)  # 128 random bits
        session = Session(session_id, game, agent, agent_spec, human, [game.initial_state], 0.0)
        self.touch(session)
        self._live[session_id] = session
        return session

    def get(self, session_id: str) -> Session | None:
        """The live session with this id (marking it used), or None."""
        session = self._live.get(session_id)
        if session is None:
            return None
        if self._expired(session, time.monotonic()):
            del self._live[session_id]
            return None
        self.touch(session)
        return session

    def touch(self, session: Session) -> None:
        session.touched = time.monotonic()

    def remove(self, session_id: str) -> bool:
        return self._live.pop(session_id, None) is not None

    def _expired(self, session: Session, now: float) -> bool:
        limit = self.finished_seconds if session.over else self.idle_seconds
        return now - session.touched > limit and not session.lock.locked()

    def sweep(self) -> None:
        """Drop idle and finished sessions that no move is being played in (done at every
        creation, so the cap counts only live games; a lookup checks its own game)."""
        now = time.monotonic()
        for session_id, session in list(self._live.items()):
            if self._expired(session, now):
                del self._live[session_id]
