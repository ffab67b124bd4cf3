"""What the page's agent hosts warm up (``arena/warm.py``) comes from the registries."""

from __future__ import annotations

from zerosum.agents import AGENTS, make_agent
from zerosum.games import GAMES, load_game


def test_every_warm_spec_builds_its_game_or_agent() -> None:
    games = [entry for entry in GAMES if entry.warm]
    agents = [entry for entry in AGENTS if entry.warm]
    assert games and agents
    for entry in games:
        assert load_game(entry.warm or "").name == entry.name
    for entry in agents:
        assert callable(make_agent(entry.warm or ""))
