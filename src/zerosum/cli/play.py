"""The ``zerosum play`` command: one game, printed move by move."""

from __future__ import annotations

import argparse
import contextlib
import threading

from .. import hooks
from ..agents import AGENTS, Human, make_agent
from ..agents.base import Agent
from ..agents.hints import hints_unavailable, move_hints
from ..agents.simple import QUIT_WORDS
from ..agents.summary import listed_lines
from ..arena import GameRecord, Reason, judge, prepare_agent
from ..game import Action, Game, SpecError, State, game_name, side_piece
from ..games import load_game
from ..hosting.standin import Preparing, StandingIn, python_stand_in
from ..spec import parse_code_spec, parse_spec
from ..web.catalog import PARAM_LABELS, PRESETS, TITLES
from .errors import UsageError
from .start import add_start_options, start_state
from .types import Commands, move_seconds

__all__ = ["add_play_command"]


class HintedHuman(Human):
    """A person told, before each move, what each of their moves leads to with perfect
    play: the page's hints, on the terminal, for a game that solves at once."""

    def __call__(self, game: Game[State, Action], state: State) -> Action:
        hints = move_hints(game, state)  # bounded by the move's time (--move-seconds)
        if not hints["available"]:
            print(hints["reason"])
        else:
            items = [f"{move}: {label}" for move, label in hints["moves"].items()]
            print("\n".join(listed_lines(f"hints: {hints['legend']}", items)), flush=True)
        return super().__call__(game, state)


def _people(p1: Agent, p2: Agent, hints: bool) -> tuple[Agent, Agent]:
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
    print(opening_line(game, (args.p1, args.p2), (p1, p2)), flush=True)
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
        ending=lambda record: ending_line(game, record, (p1, p2)),
    )
    return 0


def game_words(game: Game) -> str:
    """The game in a player's words, as the page names it: ``"Connect Four (7 columns, 6
    rows, 4 in a row to win)"``; a game the page does not list, by its name."""
    spec = hooks.spec(game)
    if spec is None or parse_code_spec(spec) is not None:
        return game_name(game)
    name, params = parse_spec(spec)
    if name not in TITLES:
        return spec
    said = [_param_words(PARAM_LABELS.get(key, key), value) for key, value in params.items()]
    return TITLES[name] + (f" ({', '.join(said)})" if said else "")


def _param_words(label: str, value: str) -> str:
    """A parameter as said: a count before its plural or phrase ("7 columns", "4 in a
    row to win"), else the name first ("size 5")."""
    return (
        f"{value} {label}"
        if label.endswith("s") or label.startswith("in ")
        else f"{label} {value}".strip()
    )


def agent_words(spec: str) -> str:
    """A computer player in plain words: the page's label for it (``"alpha-beta, depth
    4"``), else its registry summary with the parameters given; the user's own code, by
    the name they gave it."""
    spec = spec.strip()
    labels = {preset: label for label, preset in PRESETS}
    if spec in labels or parse_code_spec(spec) is not None:
        return labels.get(spec, spec)
    try:
        name, args = parse_spec(spec)
        summary = AGENTS.entry(name).summary
    except SpecError:
        return spec
    given = ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in args.items() if key)
    return summary + (f"; {given}" if given else "")


def opening_line(game: Game, specs: tuple[str, str], agents: tuple[Agent, Agent]) -> str:
    """What the game starts by saying: what is played, who plays which side (and which
    piece on the board), who the opponent is, and how to quit."""
    sides = [side_piece(game, player) for player in (1, 2)]
    people = [isinstance(agent, Human) for agent in agents]
    lines = []
    if all(people):
        lines.append(f"{sides[0]} and {sides[1]}, both played at this keyboard.")
    elif any(people):
        you, computer = (0, 1) if people[0] else (1, 0)
        opponent = agent_words(specs[computer])
        lines.append(f"you are {sides[you]}; the computer is {sides[computer]}: {opponent}.")
    else:
        lines.append(f"{sides[0]} against {sides[1]}.")
        lines += [f"{side}: {agent_words(spec)}." for side, spec in zip(sides, specs, strict=True)]
    if any(people):
        lines.append(f"Type {', '.join(QUIT_WORDS)} or Ctrl-D to stop.")
    return f"{game_words(game)}: " + "\n".join(lines)


def ending_line(game: Game, record: GameRecord, agents: tuple[Agent, Agent]) -> str:
    """The game's last line, in its own words: who won (``"Game over: Yellow (O) wins.
    The computer won."``), a draw, or who left; a forfeit says why first."""
    people = [isinstance(agent, Human) for agent in agents]
    if record.reason is Reason.RESIGN:
        loser = 2 if record.winner == 1 else 1
        return (
            "You left the game."
            if sum(people) == 1
            else f"{side_piece(game, loser)} left the game."
        )
    why = f"{record.why()}\n" if record.reason.forfeit else ""
    if record.winner is None:
        return f"{why}Game over: a draw."
    who = ""
    if sum(people) == 1:
        who = " You won!" if people[record.winner - 1] else " The computer won."
    return f"{why}Game over: {side_piece(game, record.winner)} wins.{who}"


def _prepare_for_a_person(game: Game, p1: Agent, p2: Agent) -> tuple[Agent, Agent]:
    """The two agents, the computer's prepared without keeping the person waiting: one
    with a Python stand-in whose compiled search is not cached yet is prepared in the
    background while its stand-in plays (:class:`~zerosum.hosting.standin.StandingIn`, as
    on the page); any other is prepared aside while the person thinks
    (:func:`_prepare_aside`)."""
    preparing = Preparing()
    agents: list[Agent] = []
    aside: list[Agent] = []
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


def _prepare_aside(game: Game, computers: list[Agent]) -> threading.Thread:
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


def add_play_command(commands: Commands) -> None:
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
