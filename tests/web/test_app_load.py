"""Many players at once: every computer reply is the agent's own, whatever the load."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import httpx

PLAYERS = 10
GAMES = 2


async def play(client: httpx.AsyncClient, seed: int, notes: list[str]) -> int:
    """``GAMES`` games of tic-tac-toe against random, random moves; the replies counted and
    every note of a replaced reply kept."""
    rng, replies = random.Random(seed), 0
    for _ in range(GAMES):
        created = await client.post("/api/games", json={"game": "tictactoe", "opponent": "random"})
        assert created.status_code == 201, created.text
        view = created.json()
        while not view["over"]:
            moved = await client.post(
                f"/api/games/{view['id']}/moves", json={"action": rng.choice(view["legal"])}
            )
            assert moved.status_code == 200, moved.text
            view = moved.json()
            if view["search"] is not None and view["moves"][-1]["by"] == "agent":
                replies += 1
                if view["search"]["replaced"]:
                    notes.append(view["search"]["note"])
        assert (await client.delete(f"/api/games/{view['id']}")).status_code == 204
    return replies


def test_ten_players_at_once_get_only_their_agents_own_replies(
    serve: Callable[..., Any],
) -> None:
    """Two hosts for ten live games: each host plays more games than it keeps (8), so a
    host that dropped a game it was still thought to hold would answer KeyError here."""

    async def everyone(url: str) -> tuple[int, list[str]]:
        notes: list[str] = []
        async with httpx.AsyncClient(base_url=url, timeout=60) as client:
            counts = await asyncio.gather(*(play(client, seed, notes) for seed in range(PLAYERS)))
        return sum(counts), notes

    with serve(thinkers=2, move_seconds=5.0) as url:
        replies, notes = asyncio.run(everyone(url))
    assert replies >= PLAYERS * GAMES * 3  # at least three replies in every game
    assert notes == []
