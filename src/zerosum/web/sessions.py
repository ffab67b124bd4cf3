"""The live games of the web server: one person against one agent each, with limits.

Ids are 128-bit random hex strings. Idle games, finished games and games the person has
not played in yet are dropped after a while (checked whenever a game is created or looked
up), and the number of live games is capped overall and per client, so memory stays
bounded whatever clients do and one client cannot lock the others out.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..game import Game
from .thinking import Reply

if TYPE_CHECKING:
    from .why import Explained

__all__ = ["Move", "Session", "Sessions", "TooManyGames", "TooManyForClient", "TWO_PEOPLE"]

#: ``Session.human`` of a game between two people on one screen (no agent).
TWO_PEOPLE = 0


class TooManyGames(Exception):
    """The cap on live games is reached."""


class TooManyForClient(TooManyGames):
    """The cap on one client's live games is reached."""


@dataclass(frozen=True)
class Move:
    """One action played in a session, by ``"you"`` (the person) or ``"agent"``."""

    action: object
    player: int
    by: str
    reply: Reply | None = None


@dataclass
class Session:
    """A game in progress: the game, the agent (rebuilt from ``agent_spec`` when needed),
    the side the person plays (:data:`TWO_PEOPLE`: both sides, no agent), and every state
    so far (``states[0]`` is the start: the game's, or a position given)."""

    id: str
    game: Game
    agent: object
    agent_spec: str
    human: int
    states: list[object]
    touched: float
    client: str = ""
    moves: list[Move] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    game_spec: str = ""  # how the game was asked for (agent hosts load a user's game by it)
    #: Set when the game is deleted or dropped, so a move still running in it knows.
    removed: bool = False
    #: The computer's last move explained ("Why this move?"), kept for its boards.
    explained: Explained | None = None

    @property
    def state(self) -> object:
        return self.states[-1]

    @property
    def over(self) -> bool:
        return bool(self.game.is_terminal(self.state))

    @property
    def played(self) -> bool:
        """Whether the person has made a move (an unplayed game expires sooner)."""
        return any(move.by == "you" for move in self.moves)

    @property
    def agent_to_move(self) -> bool:
        return (
            self.human != TWO_PEOPLE
            and not self.over
            and self.game.player(self.state) != self.human
        )

    def truncate(self, at: int) -> None:
        """Forget the moves after the first ``at`` (playing on from an earlier point)."""
        del self.moves[at:]
        del self.states[at + 1 :]

    def play(self, action: object, by: str, reply: Reply | None = None) -> None:
        """Play an already checked ``action`` (nothing changes if the game raises)."""
        move = Move(action, self.game.player(self.state), by, reply)
        self.states.append(self.game.result(self.state, action))
        self.moves.append(move)

    def undo(self) -> bool:
        """Take back the person's last move and everything after it; False if there is none."""
        mine = [i for i, move in enumerate(self.moves) if move.by == "you"]
        if not mine:
            return False
        del self.moves[mine[-1] :]
        del self.states[mine[-1] + 1 :]
        return True


class Sessions:
    """The live sessions, at most ``max_games`` of them and ``max_per_client`` per client.

    A game untouched for ``idle_seconds``, finished and untouched for ``finished_seconds``,
    or untouched for ``unplayed_seconds`` before the person's first move, is dropped,
    unless a move is being played in it.
    """

    def __init__(
        self,
        max_games: int = 1000,
        idle_seconds: float = 1800.0,
        finished_seconds: float = 300.0,
        *,
        max_per_client: int = 20,
        unplayed_seconds: float = 120.0,
        on_remove: Callable[[str], None] | None = None,
    ) -> None:
        self.max_games = max_games
        self.max_per_client = max_per_client
        self.idle_seconds = idle_seconds
        self.finished_seconds = finished_seconds
        self.unplayed_seconds = unplayed_seconds
        self._on_remove = on_remove  # told the id of every session removed or dropped
        self._live: dict[str, Session] = {}

    def __len__(self) -> int:
        return len(self._live)

    def create(
        self,
        game: Game,
        agent: object,
        agent_spec: str,
        human: int,
        client: str = "",
        game_spec: str = "",
        start: object = None,
    ) -> Session:
        """A new session at ``start`` (default: the start of ``game``) for ``client`` (its
        address); raises
        :class:`TooManyForClient` at the client's cap, :class:`TooManyGames` at the cap."""
        self.sweep()
        mine = sum(1 for session in self._live.values() if session.client == client)
        if mine >= self.max_per_client:
            raise TooManyForClient(
                f"you have {mine} live games, the limit per client ({self.max_per_client}); "
                f"delete one, or wait: games you have not played in are dropped after "
                f"{self.unplayed_seconds:g} s"
            )
        if len(self._live) >= self.max_games:
            raise TooManyGames(
                f"the server has {self.max_games} live games, its limit; "
                "try again when some have finished"
            )
        session_id = secrets.token_hex(16)  # 128 random bits
        session = Session(
            session_id, game, agent, agent_spec, human,
            [game.initial_state if start is None else start], 0.0, client,
        )  # fmt: skip
        session.game_spec = game_spec
        self.touch(session)
        self._live[session_id] = session
        return session

    def get(self, session_id: str) -> Session | None:
        """The live session with this id (marking it used), or None."""
        session = self._live.get(session_id)
        if session is None:
            return None
        if self._expired(session, time.monotonic()):
            self.remove(session_id)
            return None
        self.touch(session)
        return session

    def touch(self, session: Session) -> None:
        session.touched = time.monotonic()

    def remove(self, session_id: str) -> bool:
        """Forget a session (marking it removed); False if there was none."""
        session = self._live.pop(session_id, None)
        if session is None:
            return False
        session.removed = True
        if self._on_remove is not None:
            self._on_remove(session_id)
        return True

    def _expired(self, session: Session, now: float) -> bool:
        if session.over:
            limit = self.finished_seconds
        elif not session.played:
            limit = min(self.unplayed_seconds, self.idle_seconds)
        else:
            limit = self.idle_seconds
        return now - session.touched > limit and not session.lock.locked()

    def sweep(self) -> None:
        """Drop idle and finished sessions that no move is being played in (done at every
        creation, so the cap counts only live games; a lookup checks its own game)."""
        now = time.monotonic()
        for session_id, session in list(self._live.items()):
            if self._expired(session, now):
                self.remove(session_id)
