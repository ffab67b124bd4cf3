"""An agent's optional calls, made the same way wherever it runs: its name, ``reset`` and
``prepare``.

A host (:mod:`zerosum.hosting.isolation`), a stand-in (:mod:`zerosum.hosting.standin`)
and the arena's games (:func:`zerosum.arena.play`) all call them, so they live on the
hosting floor; :mod:`zerosum.arena.play` keeps them importable under its name.
"""

from __future__ import annotations

from .. import hooks
from ..game import Game

__all__ = ["agent_name", "reset_agent", "prepare_agent"]


def agent_name(agent: object) -> str:
    """How an agent is named in records and tables: its name, its spec, its function's
    name, or its repr."""
    return hooks.name(agent) or hooks.spec(agent) or getattr(agent, "__name__", None) or repr(agent)


def reset_agent(agent: object, seed: int | None) -> None:
    """Call the agent's ``reset`` (with ``seed`` when given and accepted), if it has one."""
    reset = hooks.reset(agent)
    if reset is None:
        return
    if seed is None:
        reset()
    else:
        try:
            reset(seed=seed)
        except TypeError:  # a user agent whose reset() takes no seed
            reset()


def prepare_agent(agent: object, game: Game) -> None:
    """Call the agent's optional ``prepare(game)``: one-time work (loading compiled code,
    starting its process) done before the game, so that no move's clock pays for it."""
    prepare = hooks.prepare(agent)
    if prepare is not None:
        prepare(game)
