"""The computer's move in a notebook: run in a thread of its own, under a time cap.

The kernel cannot kill a thread, so the cap works as the page's does, in two layers:
the agent is told a deadline a little under the cap (:mod:`zerosum.budget`) and answers
with its best move so far; one still thinking at the cap plus a margin has a random
legal move played for it, with a note saying so, and its thread is left to finish
(the next move waits for it, up to the cap, before asking the agent again).
"""

from __future__ import annotations

import threading
import time

from .. import budget
from ..agents.base import Agent
from ..arena.play import Forfeit, Move, ask_move
from ..game import Game
from ..hosting.messages import MoveRequest

# the page's margin past the cap, its reply, and its random move in the agent's place
from ..web.thinking import MARGIN, Reply
from ..web.thinking import _fallback as fallback

__all__ = ["Thinker"]


class Thinker:
    """Asks one agent for its moves, each capped at ``cap`` seconds."""

    def __init__(self, agent: Agent, cap: float) -> None:
        self.agent = agent
        self.cap = cap
        self._stray: threading.Thread | None = None  # a move abandoned at the cap

    def move(self, game: Game, state: object) -> Reply:
        """The agent's move in ``state``, or a random legal move with a note saying why
        not (it overran the cap, raised, or chose an illegal move)."""
        start = time.perf_counter()
        if self._stray is not None:
            self._stray.join(self.cap + MARGIN)
            if self._stray.is_alive():
                note = "the agent is still thinking about an earlier move"
                return fallback(game, state, note, time.perf_counter() - start)
            self._stray = None
        answer: list[Move | Forfeit] = []
        mover = game.player(state)
        told = budget.soft_share(self.cap)

        def ask() -> None:
            answer.append(ask_move(game, MoveRequest.within(state, told), mover, self.agent, None))

        thread = threading.Thread(target=ask, name="zerosum-move", daemon=True)
        thread.start()
        thread.join(self.cap + MARGIN)
        seconds = time.perf_counter() - start  # what the person waited
        if not answer:
            self._stray = thread
            note = f"the agent did not answer within the {self.cap:g} s cap"
            return fallback(game, state, note, seconds, timed_out=True)
        found = answer[0]
        if isinstance(found, Forfeit):
            return fallback(game, state, found.detail, seconds)
        return Reply(found.action, found.search, seconds)
