"""What the page offers: the registered games with their parameters and rules, and the
opponents it lists (presets), each only where it builds here."""

from __future__ import annotations

from collections.abc import Callable
from typing import NotRequired, TypedDict

from .. import hooks
from ..agents import make_agent
from ..alphazero.models import shipped_model
from ..game import Game, SpecError, ZerosumError
from ..games import GAMES
from ..interop import openspiel
from ..spec import parse_code_spec, parse_spec

__all__ = [
    "GameEntry",
    "ParamEntry",
    "PRESETS",
    "DEFAULT_OPPONENT",
    "presets",
    "offered_presets",
    "catalog_games",
    "game_title",
    "opponent_title",
]


class ParamEntry(TypedDict):
    """A game parameter as the page's form shows it (``choices``: the names it may take)."""

    name: str
    label: str
    type: str
    default: object
    choices: NotRequired[list[str]]


class GameEntry(TypedDict):
    """A game as the page lists it (``title`` for the registered ones)."""

    name: str
    title: NotRequired[str]
    summary: str
    rules: str
    params: list[ParamEntry]


#: Opponents offered on the page (label, spec); only those that build here are listed.
PRESETS = (
    ("random", "random"),
    ("first legal move (dummy)", "dummy"),
    ("alpha-beta, depth 4", "alphabeta:depth=4"),
    ("MCTS, 1 s", "mcts:time_limit=1"),
    ("perfect", "perfect"),
    ("minimax, searching the whole game", "minimax"),
    ("AlphaZero, learned by self-play", "alphazero"),
)

#: The opponent a new player meets (the page's first choice, the notebook board's default):
#: it answers within a second or so on every built-in game, and plays well enough to lose
#: to only with care.
DEFAULT_OPPONENT = "alphabeta:depth=4"

#: Presets offered only on some games: those that answer within the cap from the start,
#: as the game itself says (its ``perfect_is_instant``, ``minimax_is_instant``), and the
#: learned agent where zerosum ships a model for the game; others anywhere.
ANSWERS_AT_ONCE: dict[str, Callable[[object], bool]] = {
    "perfect": hooks.perfect_is_instant,
    "minimax": hooks.minimax_is_instant,
    "alphazero": lambda game: shipped_model(game) is not None,  # type: ignore[arg-type]
}


def presets() -> list[dict[str, str]]:
    """The :data:`PRESETS` that build here, as the catalog lists them."""
    out = []
    for label, spec in PRESETS:
        try:
            make_agent(spec)
        except SpecError:  # not registered (yet) here
            continue
        out.append({"label": label, "spec": spec})
    return out


def offered_presets(game: Game, presets: list[dict[str, str]]) -> list[dict[str, str]]:
    """The presets the page offers for ``game``: all of them, except those of
    :data:`ANSWERS_AT_ONCE` where the game does not declare that they answer at once (not
    inherited by a subclass that changes the rules). The API itself accepts any agent on
    any game."""
    return [p for p in presets if ANSWERS_AT_ONCE.get(p["spec"], lambda _: True)(game)]


#: The games' names on the page, and their parameters' (in a player's words, not a spec's).
TITLES = {
    "tictactoe": "Tic-tac-toe",
    "connect4": "Connect Four",
    "migration": "Migration",
    "othello": "Othello",
    "pick": "Pick (take numbers to make a sum)",
    "openspiel": "A game from OpenSpiel",
}
PARAM_LABELS = {
    "width": "columns",
    "height": "rows",
    "k": "in a row to win",
    "n": "size",
    "size": "size",
    "name": "game",
}


#: How a game's size reads beside its name: the parameters drawn as "7x6" (width by
#: height, or a square's side twice).
_SIZES = {"connect4": ("width", "height"), "othello": ("size", "size"), "migration": ("n", "n")}


def _short_title(name: str) -> str:
    """The game's menu name without its explanation: "Pick", not "Pick (take numbers...)"."""
    return TITLES.get(name, name).split(" (")[0]


def game_title(game: Game | str) -> str:
    """A game as a player names it, from its spec: "Othello 8x8", "Connect Four 7x6, 5 in
    a row", "Pick 4", "chess (OpenSpiel)", "Tic-tac-toe"; the spec itself for a game of
    the operator's own code (the name the operator gave it). The menus' names
    (:data:`TITLES`, :data:`PARAM_LABELS`), in one line for the messages a player reads."""
    spec = game if isinstance(game, str) else hooks.spec(game) or type(game).__name__
    if parse_code_spec(spec) is not None:
        return spec
    try:
        name, args = parse_spec(spec)
    except SpecError:
        return spec
    if name == "openspiel":
        return f"{args.get('name') or args.get('', '')} (OpenSpiel)"
    title = _short_title(name)
    if name in _SIZES:
        across, down = (args.get(p) for p in _SIZES[name])
        if across and down:
            title += f" {across}x{down}"
    elif "n" in args:
        title += f" {args['n']}"
    if name == "connect4" and args.get("k", "4") != "4":
        title += f", {args['k']} in a row"
    return title


def opponent_title(spec: str) -> str:
    """An opponent as the page's menu names it ("MCTS, 1 s"), else as it was written."""
    return next((label for label, known in PRESETS if known == spec.strip()), spec.strip())


def _openspiel_names() -> list[str]:
    """OpenSpiel's games zerosum can load with their default parameters ([] without it)."""
    try:
        names = openspiel.fitting_games()
    except openspiel.MissingDependencyError:
        return []
    loadable = []
    for name in names:
        try:
            openspiel.load(name)
        except ZerosumError:
            continue
        loadable.append(name)
    return loadable


def _rules(factory: Callable[[], object]) -> str:
    """The one-line rules of a game's default instance, or "" when it has none."""
    try:
        return hooks.rules(factory()) or ""
    except (ZerosumError, ValueError, TypeError):  # openspiel needs a name
        return ""


def catalog_games() -> list[GameEntry]:
    """The registered games as the page lists them; ``openspiel`` only when it is installed,
    its ``name`` with the ``choices`` it can load."""
    games: list[GameEntry] = []
    for entry in GAMES:
        params: list[ParamEntry] = [
            {
                "name": p.name,
                "label": PARAM_LABELS.get(p.name, p.name),
                "type": p.type.__name__,
                "default": p.default,
            }
            for p in entry.params
        ]
        if entry.name == "openspiel":
            names = _openspiel_names()
            if not names:
                continue
            default = "tic_tac_toe" if "tic_tac_toe" in names else names[0]
            params[0]["default"], params[0]["choices"] = default, names
        games.append(
            {
                "name": entry.name,
                "title": TITLES.get(entry.name, entry.name),
                "summary": entry.summary,
                "rules": _rules(entry.factory),
                "params": params,
            }
        )
    return games
