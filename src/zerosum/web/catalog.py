"""What the page offers: the registered games with their parameters and rules, and the
opponents it lists (presets), each only where it builds here."""

from __future__ import annotations

from typing import Any

from .. import hooks
from ..agents import make_agent
from ..game import Game, SpecError, ZerosumError
from ..games import GAMES
from ..interop import openspiel

__all__ = ["PRESETS", "presets", "offered_presets", "catalog_games"]

#: Opponents offered on the page (label, spec); only those that build here are listed.
PRESETS = (
    ("random", "random"),
    ("first legal move (dummy)", "dummy"),
    ("alpha-beta, depth 4", "alphabeta:depth=4"),
    ("MCTS, 1 s", "mcts:time_limit=1"),
    ("perfect", "perfect"),
    ("minimax (tic-tac-toe and other small games)", "minimax"),
)


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
    """The presets the page offers for ``game``: all of them, except ``perfect`` where the
    game does not declare ``perfect_is_instant`` (a perfect player that answers from the
    start in well under a second; not inherited by a subclass that changes the rules). The
    API itself accepts any agent on any game."""
    instant = hooks.perfect_is_instant(game)
    return [p for p in presets if p["spec"] != "perfect" or instant]


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


def _rules(factory: Any) -> str:
    """The one-line rules of a game's default instance, or "" when it has none."""
    try:
        return hooks.rules(factory()) or ""
    except (ZerosumError, ValueError, TypeError):  # openspiel needs a name
        return ""


def catalog_games() -> list[dict[str, Any]]:
    """The registered games as the page lists them; ``openspiel`` only when it is installed,
    its ``name`` with the ``choices`` it can load."""
    games = []
    for entry in GAMES:
        params: list[dict[str, Any]] = [
            {"name": p.name, "type": p.type.__name__, "default": p.default} for p in entry.params
        ]
        if entry.name == "openspiel":
            names = _openspiel_names()
            if not names:
                continue
            default = "tic_tac_toe" if "tic_tac_toe" in names else names[0]
            params[0].update(default=default, choices=names)
        games.append(
            {
                "name": entry.name,
                "summary": entry.summary,
                "rules": _rules(entry.factory),
                "params": params,
            }
        )
    return games
