"""The board widget: a game against an agent, played by clicking the notebook's output.

The Python side holds the game (a :class:`~zerosum.web.sessions.Session`, as the page
does) and sends the front-end (``static/board.js``) what to draw as synced traits; the
front-end sends back the person's clicks as messages. The computer's moves and the
hints run in a background thread, so the kernel keeps answering while it thinks.

>>> from zerosum.notebook import Board
>>> board = Board("tictactoe", opponent="alphabeta", human=1)
>>> board.play("4")  # the centre, as clicking it does
>>> board.wait(60)
True
>>> len(board.moves), board.status
(2, 'Your move (you play X).')
"""

from __future__ import annotations

import threading
from pathlib import Path

import anywidget
import traitlets

from .. import budget, hooks
from ..agents import make_agent
from ..agents.base import Agent
from ..agents.hints import hints_unavailable, move_hints
from ..arena.play import agent_name, prepare_agent, reset_agent
from ..game import (
    Game,
    ZerosumError,
    check_action,
    parse_action,
    side_label,
    side_name,
)
from ..games import load_game
from ..web.catalog import DEFAULT_OPPONENT, game_title, opponent_title
from ..web.sessions import Session
from ..web.views import session_view
from .thinking import Thinker

__all__ = ["Board"]

STATIC = Path(__file__).parent / "static"


def _opponent_words(opponent: str | Agent, agent: Agent | None) -> str:
    """The opponent as a person reads it: the page's menu name ("alpha-beta, depth 4"),
    else its spec or name, else its class's name (never a repr of all its settings)."""
    if isinstance(opponent, str):
        return opponent_title(opponent)
    if hooks.name(agent) or hooks.spec(agent):
        return agent_name(agent)
    return type(agent).__name__


class Board(anywidget.AnyWidget):
    """A game of ``game`` (a spec like ``"connect4"``, or a game object) between you,
    player ``human`` (1 moves first), and ``opponent`` (an agent spec like
    ``"mcts:time_limit=1"``, an agent object, or ``"human"`` for two people on one
    board; default: the web page's first choice,
    :data:`~zerosum.web.catalog.DEFAULT_OPPONENT`, which answers at once), from
    ``state`` (default: the start).

    The computer may take ``move_seconds`` per move: it is told a little less, and one
    that overruns has a random move played for it, with a note. ``hints`` shows, before
    each of your moves, what each move leads to with perfect play, in games that solve at
    once. ``seed`` seeds the agent's randomness.

    :meth:`play`, :meth:`undo`, :meth:`new_game` and :meth:`wait` do from Python what
    the board's clicks and buttons do.
    """

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"

    title = traitlets.Unicode("").tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)  # the game's drawing; "" if it draws none
    text = traitlets.Unicode("").tag(sync=True)  # the board as text
    legal = traitlets.List(traitlets.Unicode()).tag(sync=True)  # moves the person may play
    moves = traitlets.List(traitlets.Unicode()).tag(sync=True)  # the moves so far
    status = traitlets.Unicode("").tag(sync=True)  # whose move, or the game's result
    over = traitlets.Bool(False).tag(sync=True)
    your_turn = traitlets.Bool(False).tag(sync=True)
    thinking = traitlets.Bool(False).tag(sync=True)  # the computer or the hints at work
    can_undo = traitlets.Bool(False).tag(sync=True)
    #: The computer's last move as the page's JSON has it (web.views.reply_view).
    search = traitlets.Dict().tag(sync=True)
    #: The page's verdict line on the computer's last move: "verdict (basis)".
    verdict = traitlets.Unicode("").tag(sync=True)
    #: Before your move, as the page has them (:func:`zerosum.agents.hints.move_hints`):
    #: ``moves`` (move -> "win in 3", "draw"...) and ``legend``, or ``available`` False and
    #: the ``reason`` there are none; {} when hints are off.
    hints = traitlets.Dict().tag(sync=True)
    show_hints = traitlets.Bool(False).tag(sync=True)  # the person's hints switch
    hints_offered = traitlets.Bool(False).tag(sync=True)  # the game solves at once
    error = traitlets.Unicode("").tag(sync=True)  # why the last request was refused

    def __init__(
        self,
        game: Game | str,
        opponent: str | Agent = DEFAULT_OPPONENT,
        *,
        human: int = 1,
        hints: bool = False,
        move_seconds: float = 5.0,
        seed: int | None = None,
        state: object = None,
    ) -> None:
        super().__init__()
        if human not in (1, 2):
            raise ValueError(f"human must be 1 (you move first) or 2, not {human!r}")
        if not move_seconds > 0:
            raise ValueError(
                f"move_seconds must be a number of seconds above 0, not {move_seconds!r}"
            )
        self.game: Game = load_game(game) if isinstance(game, str) else game
        people = isinstance(opponent, str) and opponent.strip() == "human"
        agent = None if people else make_agent(opponent) if isinstance(opponent, str) else opponent
        self.agent: Agent | None = agent
        self.seed = seed
        self.move_seconds = float(move_seconds)
        self._thinker = None if agent is None else Thinker(agent, self.move_seconds)
        self._start = self.game.initial_state if state is None else state
        self._spec = "human" if agent is None else agent_name(agent)
        self._named = _opponent_words(opponent, agent)
        self._session = self._new_session(human)
        self._lock = threading.RLock()  # the session and the traits, between threads
        self._epoch = 0  # a new game or an undo makes background work under way stale
        self._worker: threading.Thread | None = None
        self._running = False  # the background thread is at work (set under the lock)
        self._prepared = agent is None
        self._hinted: tuple[int, dict[str, object]] | None = None  # (plies, hints of that state)
        self.hints_offered = not hints_unavailable(self.game)
        self.show_hints = hints
        self.title = f"{game_title(self.game)}: {'two people' if agent is None else self._named}"
        self.on_msg(self._on_message)
        self.observe(lambda _: self._changed(), names="show_hints")
        self._changed()

    @property
    def human(self) -> int:
        """The player the person is (against two people: the first)."""
        return self._session.human

    @property
    def state(self) -> object:
        """The current state of the game."""
        return self._session.state

    def _new_session(self, human: int) -> Session:
        return Session("notebook", self.game, self.agent, self._spec, human, [self._start], 0.0)

    # ---- what the person does ---------------------------------------------------------

    def play(self, action: object) -> None:
        """Play the person's ``action`` (text as the board writes it, or the action);
        raises :class:`~zerosum.game.IllegalActionError` for an illegal one, and
        :class:`~zerosum.game.ZerosumError` when it is not the person's turn."""
        with self._lock:
            session = self._session
            if not self._persons_turn():
                raise ZerosumError(self._why_not_yours())
            if isinstance(action, str):
                action = parse_action(self.game, action, session.state)
            else:
                check_action(self.game, session.state, action)
            session.play(action, "you")
        self._changed()

    def undo(self) -> None:
        """Take back the person's last move and the computer's answers to it."""
        with self._lock:
            if not self._session.undo():
                raise ZerosumError("there is no move of yours to take back")
            self._epoch += 1
            self._forget()
        self._changed()

    def new_game(self, human: int | None = None) -> None:
        """Start again from the first position (as player ``human``; default: the same)."""
        with self._lock:
            self._session = self._new_session(self.human if human is None else human)
            self._epoch += 1
            self._forget()
        self._changed()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the computer has moved and the hints are shown; False if that took
        longer than ``timeout`` seconds."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)
        return not self.thinking

    def _forget(self) -> None:
        """The agent forgets the moves taken back (as on the page); hints are redone."""
        if self.agent is not None:
            reset_agent(self.agent, self.seed)
        self._hinted = None

    def _on_message(self, _widget: object, content: object, _buffers: object) -> None:
        """A click or a button from the front-end; a refusal shows in ``error``."""
        request = content if isinstance(content, dict) else {}
        kind = request.get("kind")
        try:
            if kind == "play":
                self.play(str(request.get("action", "")))
            elif kind == "undo":
                self.undo()
            elif kind == "new":
                self.new_game()
            else:
                self.error = f"unknown request {content!r}: expected play, undo or new"
        except ZerosumError as exc:
            self.error = str(exc)

    # ---- whose move -------------------------------------------------------------------

    def _computer_to_move(self) -> bool:
        return self.agent is not None and self._session.agent_to_move

    def _persons_turn(self) -> bool:
        """Whether the person may move (also while the agent gets ready or the hints are
        worked out: a move there drops hints no longer needed)."""
        return not self._session.over and not self._computer_to_move()

    def _why_not_yours(self) -> str:
        if self._session.over:
            return "the game is over: start a new game"
        return "wait: the computer is thinking"

    def _wants_hints(self) -> bool:
        """Whether the person is to move and the hints for this state are still to find."""
        session = self._session
        wanted = self.show_hints and self.hints_offered and not session.over
        fresh = self._hinted is not None and self._hinted[0] == len(session.states)
        return wanted and not self._computer_to_move() and not fresh

    # ---- the background: the computer's move, then the hints --------------------------

    def _changed(self) -> None:
        """Show the game; start the background work it needs (the computer's move, the
        agent's one-time preparing, the hints), unless it runs already."""
        with self._lock:
            needs = not self._prepared or self._computer_to_move() or self._wants_hints()
            self.error = ""
            self._show(thinking=needs or self._running)
            if needs and not self._running:
                self._running = True
                self._worker = threading.Thread(
                    target=self._background, name="zerosum-board", daemon=True
                )
                self._worker.start()

    def _background(self) -> None:
        """Prepare the agent, play its moves and find the hints, for as long as the game
        needs that; work done for a game since taken back or replaced is dropped."""
        try:
            if not self._prepared:
                prepare_agent(self.agent, self.game)  # compiling is on no move's clock
                reset_agent(self.agent, self.seed)
                self._prepared = True
            while True:
                with self._lock:
                    epoch, session = self._epoch, self._session
                    state, plies = session.state, len(session.states)
                    computer, hints = self._computer_to_move(), self._wants_hints()
                    if not (computer or hints):
                        self._running = False
                        self._show(thinking=False)
                        return
                    self._show(thinking=True)
                if computer:
                    assert self._thinker is not None
                    reply = self._thinker.move(self.game, state)
                    with self._lock:
                        if epoch == self._epoch and session is self._session:
                            session.play(reply.action, "agent", reply)
                else:
                    found = self._hints_for(state)
                    with self._lock:
                        if epoch == self._epoch and session is self._session:
                            self._hinted = (plies, found)
        except Exception as exc:  # shown on the board, not lost in a thread
            with self._lock:
                self._running = False
                self.error = f"{type(exc).__name__}: {exc}"
                self._show(thinking=False)

    def _hints_for(self, state: object) -> dict[str, object]:
        """What each move leads to with perfect play, bounded by the move's time."""
        with budget.limit(self.move_seconds):
            return move_hints(self.game, state, game_title(self.game))

    # ---- what the front-end shows -----------------------------------------------------

    def _show(self, thinking: bool) -> None:
        """Set every trait from the session, in one message to the front-end."""
        session = self._session
        view = session_view(session)
        with self.hold_sync():
            self.thinking = thinking
            self.svg = view["svg"] or ""
            self.text = view["text"]
            self.moves = [move["action"] for move in view["moves"]]
            self.over = session.over
            self.your_turn = self._persons_turn()
            self.legal = view["legal"] if self.your_turn else []
            self.can_undo = bool(view["can_undo"])
            self.search = view["search"] or {}
            summary = self.search.get("summary")
            self.verdict = f"{summary['verdict']} ({summary['basis']})" if summary else ""
            self.hints = self._shown_hints()
            self.status = self._status()

    def _shown_hints(self) -> dict[str, object]:
        """The hints of the current state once found; why there are none in a game that
        gives none; {} while they are off or still to find."""
        if not self.show_hints or self._session.over:
            return {}
        if not self.hints_offered:
            return {
                "available": False,
                "reason": hints_unavailable(self.game, game_title(self.game)),
            }
        fresh = self._hinted is not None and self._hinted[0] == len(self._session.states)
        return self._hinted[1] if fresh and self._hinted is not None else {}

    def _status(self) -> str:
        session = self._session
        if session.over:
            return f"Game over: {self._outcome()}"
        if self._computer_to_move():
            if not self._prepared:
                return "Getting the computer ready…"
            return f"The computer ({self._named}) is thinking…"
        player = self.game.player(session.state)
        if self.agent is None:
            return f"{side_label(self.game, player)} to move."
        return f"Your move (you play {side_name(self.game, player)})."

    def _outcome(self) -> str:
        state, human = self._session.state, self.human
        mine, theirs = self.game.utility(state, human), self.game.utility(state, 3 - human)
        if mine == theirs:
            return "Draw."
        winner = human if mine > theirs else 3 - human
        if self.agent is None:
            return f"{side_label(self.game, winner)} wins."
        return "You win!" if winner == human else "The computer wins."
