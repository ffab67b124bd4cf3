"""Kaggle's ConnectX agents as zerosum agents, on any Connect Four board.

Thousands of Connect Four agents exist in the format of Kaggle's ``kaggle-environments``
package: a function ``agent(observation, configuration) -> column``. :class:`ConnectX`
plays one in zerosum's :class:`~zerosum.games.ConnectFour` of any size:

- ``observation.board``: the cells, ``rows * columns`` of them, row by row from the top
  (0 empty, 1 and 2 the players' pieces); ``observation.mark``: the player to move (1 or
  2); ``observation.step``: the pieces on the board;
- ``configuration``: ``columns``, ``rows``, ``inarow`` (the game's width, height and k),
  ``actTimeout`` and ``timeout`` (the seconds this move may take: the deadline of
  :mod:`zerosum.budget`, else 2), ``agentTimeout``, ``runTimeout``, ``episodeSteps``.

Both are dicts that also read as attributes (``obs.board`` and ``obs["board"]``), as on
Kaggle. The column comes back 0-based, as zerosum's Connect Four actions are.

As a spec: ``connectx:submission.py`` (the file's last callable, the way Kaggle runs a
submission), ``connectx:submission.py:my_agent``, ``connectx:package.module:my_agent``,
or ``connectx:negamax`` and ``connectx:random``, Kaggle's own (they need
``kaggle-environments``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, SupportsInt

from .. import budget, hooks
from ..game import Game, SpecError
from ..hooks import ColumnBoard
from ..spec import parse_code_spec

__all__ = ["ConnectX", "Struct", "observation", "configuration", "from_spec"]

#: The seconds a move is told it has when no deadline is set (Kaggle's ``actTimeout``).
DEFAULT_SECONDS = 2.0


class Struct(dict[str, Any]):
    """A dict whose keys also read as attributes, like ``kaggle_environments.utils.Struct``."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def observation(game: ColumnBoard, state: object) -> Struct:
    """What a ConnectX agent sees of ``state`` in ``game`` (a Connect Four)."""
    board = [
        game.cell(state, col, row)
        for row in reversed(range(game.height))
        for col in range(game.width)
    ]
    return Struct(
        board=board,
        mark=game.player(state),
        step=sum(1 for cell in board if cell),
        remainingOverageTime=0.0,
    )


#: A ConnectX agent: ``function(observation, configuration) -> column``.
Play = Callable[[Struct, Struct], SupportsInt]


def configuration(game: ColumnBoard, seconds: float | None) -> Struct:
    """The ConnectX configuration of ``game``, a move being given ``seconds``."""
    told = DEFAULT_SECONDS if seconds is None else max(0.0, seconds)
    return Struct(
        columns=game.width,
        rows=game.height,
        inarow=game.k,
        timeout=told,
        actTimeout=told,
        agentTimeout=told,
        runTimeout=1200.0,
        episodeSteps=game.width * game.height + 1,
    )


class ConnectX:
    """A ConnectX agent (``function(observation, configuration) -> column``) as a zerosum
    agent; ``source`` is its spec (see the module) when it was loaded from one.

    ``reset(seed)`` seeds Python's ``random`` module, which Kaggle's agents draw from.
    """

    def __init__(self, function: Play, source: str | None = None) -> None:
        if not callable(function):
            raise SpecError(f"a ConnectX agent must be a function, not {type(function).__name__}")
        self.function = function
        self.source = source
        self.name = f"connectx:{source}" if source else getattr(function, "__name__", "connectx")

    def __call__(self, game: Game, state: object) -> int:
        board = hooks.column_board(game)
        if board is None:
            raise TypeError(f"a ConnectX agent plays Connect Four, not {type(game).__name__}")
        column = self.function(observation(board, state), configuration(board, budget.remaining()))
        return int(column)

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            random.seed(seed)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        if self.source is not None:  # sent as its spec: its file loads where it plays
            return (from_spec, (self.source,))
        return (ConnectX, (self.function,))

    def __repr__(self) -> str:
        return f"ConnectX({self.source or self.function!r})"


def from_spec(agent: str = "") -> ConnectX:
    """The ConnectX agent ``agent`` names: a file (its last callable unless named), a
    module's function, or ``random`` / ``negamax`` (Kaggle's own)."""
    text = agent.strip()
    if not text:
        raise SpecError(
            "connectx needs an agent: connectx:FILE.py[:NAME], connectx:package.module:NAME, "
            "or connectx:random / connectx:negamax (kaggle-environments' own)"
        )
    if text.isidentifier():
        return ConnectX(_kaggle_agent(text), text)
    code = parse_code_spec(text)
    if code is None or code.args:
        raise SpecError(
            f"bad ConnectX agent {text!r}; expected FILE.py[:NAME], package.module:NAME, "
            "random or negamax"
        )
    from ..usercode import import_code

    module = import_code(code, text, "ConnectX agent")
    if code.attribute is None:
        found = [v for n, v in vars(module).items() if callable(v) and not n.startswith("__")]
        if not found:
            raise SpecError(f"cannot load ConnectX agent {text!r}: it defines no function")
        return ConnectX(found[-1], text)  # Kaggle runs a submission's last callable
    function = getattr(module, code.attribute, None)
    if function is None:
        raise SpecError(
            f"cannot load ConnectX agent {text!r}: {code.source} has no {code.attribute!r}"
        )
    return ConnectX(function, text)


def _kaggle_agent(name: str) -> Play:
    try:
        from kaggle_environments.envs.connectx import connectx
    except ImportError:
        raise SpecError(
            f"connectx:{name} is kaggle-environments' agent: pip install kaggle-environments"
        ) from None
    if name not in connectx.agents:
        known = ", ".join(sorted(connectx.agents))
        raise SpecError(f"kaggle-environments has no ConnectX agent {name!r}; known: {known}")
    return connectx.agents[name]  # type: ignore[no-any-return]
