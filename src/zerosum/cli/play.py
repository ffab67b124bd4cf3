"""The ``zerosum play`` command: one game, printed move by move."""

from __future__ import annotations

import argparse
import contextlib
import threading
from typing import Any

from ..agents import Human, make_agent
from ..agents.hints import hints_unavailable, move_hints
from ..agents.summary import listed_lines
from ..arena import judge, prepare_agent
from ..arena.standin import Preparing, StandingIn, python_stand_in
from ..game import Game, game_name
from ..games import load_game
from .errors import UsageError
from .start import add_start_options, start_state
from .types import move_seconds

__all__ = ["add_play_command"]


class HintedHuman(Human):
    """A person told, before each move, what each of their moves leads to with perfect
    play: the page's hints, on the terminal, for a game that solves at once."""

    def __call__(self, game: Game, state: Any) -> Any:
        hints = move_hints(game, state)  # bounded by the move's time (--move-seconds)
        if not hints["available"]:
            print(hints["reason"])
        else:
            items = [f"{move}: {label}" for move, label in hints["moves"].items()]
            print("\n".join(listed_lines(f"hints: {hints['legend']}", items)), flush=True)
        return super().__call__(game, state)


def _people(p1: Any, p2: Any, hints: bool) -> tuple[Any, Any]:
    """The two agents, each person's board left to the judge (which prints every state)
    and, with ``hints``, told the value of each move first."""
    agents = []
    for agent in (p1, p2):
        if isinstance(agent, Human):
            agent = HintedHuman() if hints else agent
            agent.show_board = False
        agents.append(agent)
    return agents[0], agents[1]


def cmd_play(args: argparse.Namespace) -> int:
    game = load_game(args.game)
    p1, p2 = make_agent(args.p1), make_agent(args.p2)
    if args.hints and not any(isinstance(agent, Human) for agent in (p1, p2)):
        raise UsageError("--hints are for a person: give --p1 or --p2 human")
    state, where = start_state(game, args)
    if game.is_terminal(state):
        raise UsageError(f"{game_name(game)} is over {where}: there is no move to play")
    # the page's rule: hints only where a perfect player answers at once
    unavailable = hints_unavailable(game) if args.hints else ""
    hints = args.hints and not unavailable
    if unavailable:
        print(unavailable)
    p1, p2 = _people(p1, p2, hints)
    person = any(isinstance(agent, Human) for agent in (p1, p2))
    if person:
        p1, p2 = _prepare_for_a_person(game, p1, p2)
    judge(
        game,
        p1,
        p2,
        seed=args.seed,
        move_seconds=args.move_seconds,
        thinking=args.thinking,
        state=state,
        prepare=not person,
    )
    return 0


def _prepare_for_a_person(game: Game, p1: Any, p2: Any) -> tuple[Any, Any]:
    """The two agents, the computer's prepared without keeping the person waiting: one
    with a Python stand-in whose compiled search is not cached yet is prepared in the
    background while its stand-in plays (:class:`~zerosum.arena.standin.StandingIn`, as
    on the page); any other is prepared aside while the person thinks
    (:func:`_prepare_aside`)."""
    preparing = Preparing()
    agents: list[Any] = []
    aside: list[Any] = []
    for agent in (p1, p2):
        if isinstance(agent, Human):
            agents.append(agent)
        elif python_stand_in(agent, game) is None:
            aside.append(agent)
            agents.append(agent)
        else:
            with contextlib.suppress(Exception):  # an error is left to the agent's moves
                preparing.prepare(agent, game, background=True)
            agents.append(StandingIn(agent, preparing) if preparing.compiling else agent)
    _prepare_aside(game, aside)
    return agents[0], agents[1]


def _prepare_aside(game: Game, computers: list[Any]) -> threading.Thread:
    """Prepare the computer's agents in a thread while the person plays: on a machine that
    has not compiled them yet, compiling them (seconds) overlaps the person's thinking
    (the thread holds the interpreter, the person's turn waits on the terminal), and the
    computer's first replies, which seldom need compiled code (Connect Four's opening
    book answers them), come at once. A move that needs code still compiling waits for
    it. Errors are left to the moves."""

    def prepare() -> None:
        for agent in computers:
            with contextlib.suppress(Exception):
                prepare_agent(agent, game)

    thread = threading.Thread(target=prepare, name="zerosum-prepare", daemon=True)
    thread.start()
    return thread


def add_play_command(commands: Any) -> None:
    """Add ``play`` to the CLI's subcommands."""
    play = commands.add_parser("play", help="play one game, printed move by move")
    play.add_argument("game", help="game spec, e.g. connect4 or migration:n=6")
    play.add_argument("--p1", default="human", help="agent spec of the first player (human)")
    play.add_argument("--p2", default="random", help="agent spec of the second player (random)")
    play.add_argument("--seed", type=int, default=None, help="seed for the agents' randomness")
    add_start_options(
        play, "moves from the start to play on from, space-separated (Connect Four also 4453)"
    )
    play.add_argument(
        "--move-seconds",
        type=move_seconds,
        default=5.0,
        help="time the computer may take per move; it then plays its best move so far (5)",
    )
    # on by default: the terminal's twin of the page, which always shows what the computer
    # thought; the course-style printout of zs.judge keeps it off
    play.add_argument(
        "--thinking",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="after each computer move, say who it thinks is winning and what each move "
        "it rated was worth to it (on; --no-thinking: moves and boards only)",
    )
    play.add_argument(
        "--hints",
        action="store_true",
        help="before each of a person's moves, what each move leads to with perfect play "
        "(win in N, draw, loss in N), in games that solve at once",
    )
    play.set_defaults(run=cmd_play)
