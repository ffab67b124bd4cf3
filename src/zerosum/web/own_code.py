"""The operator's own games and agents (``zerosum serve --game/--agent``): the only code a
request may name."""

from __future__ import annotations

from collections.abc import Sequence

from .. import hooks
from ..agents import make_agent
from ..agents.base import Agent
from ..game import Game, ZerosumError
from ..games import load_game
from ..spec import parse_code_spec
from .catalog import GameEntry

__all__ = ["OwnCode"]


class OwnCode:
    """The operator's own games and agents (file or module specs), loaded once to check
    them; requests may name them, with any parameters, and no other code."""

    def __init__(self, games: Sequence[str], agents: Sequence[str]) -> None:
        self.games = [spec.strip() for spec in games]
        self.agents = [spec.strip() for spec in agents]
        self._classes: dict[str, Game] = {spec: load_game(spec) for spec in self.games}
        for spec in self.agents:
            make_agent(spec)
            if parse_code_spec(spec) is None:
                raise ZerosumError(f"--agent takes your own code (a file or module), not {spec!r}")
        for spec in self.games:
            if parse_code_spec(spec) is None:
                raise ZerosumError(f"--game takes your own code (a file or module), not {spec!r}")

    def _owned(self, spec: str, owned: list[str], kind: str) -> bool:
        """Whether ``spec`` may be loaded with its code: built-in, or one of ``owned``."""
        code = parse_code_spec(spec.strip())
        if code is None:
            return False
        for mine in map(parse_code_spec, owned):
            assert mine is not None
            if (mine.source, mine.attribute) == (code.source, code.attribute):
                return True
        raise ZerosumError(
            f"{spec!r} names code the server was not started with; its {kind}s are the "
            f"built-in ones and {', '.join(owned) or 'no others'} (zerosum serve --{kind} SPEC)"
        )

    def game(self, spec: str) -> Game:
        return load_game(spec, code=self._owned(spec, self.games, "game"))

    def agent(self, spec: str) -> Agent:
        return make_agent(spec, code=self._owned(spec, self.agents, "agent"))

    def game_entries(self) -> list[GameEntry]:
        """The operator's games as the catalog lists them (no parameters on the page)."""
        entries: list[GameEntry] = []
        for spec, game in self._classes.items():
            doc = (type(game).__doc__ or "").strip().splitlines()
            summary = doc[0] if doc else f"your game {type(game).__name__}"
            rules = hooks.rules(game) or ""
            entries.append({"name": spec, "summary": summary, "rules": rules, "params": []})
        return entries

    def presets(self) -> list[dict[str, str]]:
        return [{"label": f"yours: {spec}", "spec": spec} for spec in self.agents]
