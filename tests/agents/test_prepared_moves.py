"""A prepared agent's moves load no compiled code: ``prepare`` covers every compiled path
a move can take, so a move's deadline holds from a machine's first move (issue: trust).

numba takes its compiler lock for every compile and every load from its on-disk cache
(a tenth of a second or more each, seconds to compile); a listener on that lock counts
both, so the check holds whether the cache is warm or empty. Each agent is checked in a
fresh process, as a worker meets it, so that no other agent's work hides a gap."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

#: Games with compiled paths, and agents whose moves take them.
GAMES = (
    "tictactoe",
    "connect4",
    "connect4:width=5,height=4",
    "pick",
    "migration:n=5",
    "othello:size=6",
)
AGENTS = (
    "alphabeta",
    "alphabeta:depth=3",
    "mcts:iterations=200",
    "mcts:iterations=200,solver=true",
    "montecarlo:playouts=50",
    "perfect",
)


def positions(game: Any, seed: int) -> list[Any]:
    """About ten states spread along one random game, the start first."""
    rng = random.Random(seed)
    states = [game.initial_state]
    while not game.is_terminal(states[-1]):
        states.append(game.result(states[-1], rng.choice(game.actions(states[-1]))))
    live = states[:-1]
    return live[:: max(1, len(live) // 10)]


def loads_during_moves(agent_spec: str) -> list[str]:
    """Where moves of ``agent_spec``, prepared on each game, took numba's compiler lock."""
    from numba.core import event

    import zerosum as zs
    from zerosum import budget

    taken: list[str] = []
    where = [""]

    class Recorder(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            taken.append(where[0])

        def on_end(self, ev: event.Event) -> None:
            pass

    listener = Recorder()
    for game_spec in GAMES:
        game = zs.load_game(game_spec)
        agent = zs.make_agent(agent_spec)
        zs.arena.prepare_agent(agent, game)
        event.register("numba:compiler_lock", listener)
        try:
            for ply, state in enumerate(positions(game, seed=len(game_spec))):
                where[0] = f"{game_spec} at position {ply}"
                with budget.limit(0.05 if ply % 2 else 0.3):  # bounded and fuller moves
                    agent(game, state)
        finally:
            event.unregister("numba:compiler_lock", listener)
    return sorted(set(taken))


@pytest.mark.parametrize("agent_spec", AGENTS)
def test_a_prepared_agent_loads_no_compiled_code_during_its_moves(agent_spec: str) -> None:
    probe = (
        f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
        "import test_prepared_moves as t; "
        f"print('\\n'.join(t.loads_during_moves({agent_spec!r})))"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "", f"{agent_spec} loaded code during moves: {run.stdout}"
