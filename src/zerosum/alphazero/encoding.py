"""How a network sees a game: a state as a fixed-size array of floats, and each action as
a fixed index into the network's policy.

Built-in games are encoded through their compiled rules (``compiled_rules()``): the
mover's and the opponent's cells as two planes of 64 bits, a plane telling which player
moves (Migration's players move in different directions), and the move code as the action
index (a cell, a column, or the pass). A user's game is encoded by its own members:

- ``encode(state)``: an array (any shape, the same for every state) of what the mover
  sees; zerosum appends which player moves;
- ``action_index(action)``: the action's index, in ``range(num_actions)``;
- ``num_actions``: how many indices there are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic

import numpy as np
import numpy.typing as npt

from .. import hooks
from ..game import Action, Game, SpecError, State, game_name
from ..records.rules import Rules

__all__ = ["Encoding", "encoding_for", "MISSING_HOOKS", "TOO_BIG"]

#: The one line a user reads when their game cannot be encoded.
MISSING_HOOKS = (
    "{game} cannot be learned: it has no compiled rules, so add encode(state) -> array, "
    "action_index(action) -> int and num_actions to its class"
)
#: What a user reads when a built-in game's board is too big for its compiled rules.
TOO_BIG = (
    "{game} cannot be learned: zerosum encodes a built-in game through its compiled rules, "
    "which hold boards of up to 64 bits (Connect Four: width x (height + 1)), and this one "
    "is bigger; try a smaller board"
)

#: Bits in each plane of a compiled game's masks.
_BITS = 64
#: A compiled game's move codes: the 64 cells and the pass (kernels/rules.py PASS).
_CODES = _BITS + 1


@dataclass(frozen=True)
class Encoding(Generic[State, Action]):
    """A game's encoding: ``size`` floats per state, ``actions`` policy indices."""

    size: int
    actions: int
    encode_one: Callable[[State], npt.NDArray[np.float32]]
    index: Callable[[State, Action], int]
    #: The compiled rules the encoding reads masks from (None: the game's own hooks); with
    #: them, self-play searches the compiled forest (:mod:`.forest`).
    rules: Rules | None = None

    def encode(self, states: Sequence[State]) -> npt.NDArray[np.float32]:
        """The states as rows of one ``(len(states), size)`` array."""
        out = np.empty((len(states), self.size), np.float32)
        for row, state in enumerate(states):
            out[row] = self.encode_one(state)
        return out

    def indices(self, state: State, actions: Sequence[Action]) -> npt.NDArray[np.int64]:
        """The policy indices of ``actions``, legal in ``state``."""
        return np.fromiter((self.index(state, a) for a in actions), np.int64, len(actions))


def encoding_for(game: Game[State, Action]) -> Encoding[State, Action]:
    """The encoding of ``game``: its own hooks when it has them, else its compiled rules;
    raises :class:`~zerosum.game.SpecError` saying what to add when it has neither."""
    own = _own_encoding(game)
    if own is not None:
        return own
    member = hooks.compiled_rules(game)
    rules = member() if member is not None else None
    if rules is None:
        missing = MISSING_HOOKS if member is None else TOO_BIG
        raise SpecError(missing.format(game=game_name(game)))
    from .forest import encode_masks  # numba: only for games with compiled rules

    def encode_one(state: State) -> npt.NDArray[np.float32]:
        a, b, player = rules.unpack(state)
        masks = np.array([a], np.uint64), np.array([b], np.uint64), np.array([player], np.int8)
        return encode_masks(*masks)[0]

    def index(state: State, action: Action) -> int:
        return rules.code(action, game.player(state))

    return Encoding(2 * _BITS + 1, _CODES, encode_one, index, rules)


def _own_encoding(game: Game[State, Action]) -> Encoding[State, Action] | None:
    encode = getattr(game, "encode", None)
    action_index = getattr(game, "action_index", None)
    count = getattr(game, "num_actions", None)
    if encode is None and action_index is None and count is None:
        return None
    if not (callable(encode) and callable(action_index) and isinstance(count, int)):
        raise SpecError(MISSING_HOOKS.format(game=game_name(game)))
    size = int(np.asarray(encode(game.initial_state)).size) + 1

    def encode_one(state: State) -> npt.NDArray[np.float32]:
        out = np.empty(size, np.float32)
        out[:-1] = np.asarray(encode(state), np.float32).ravel()
        out[-1] = 1.0 if game.player(state) == 1 else -1.0
        return out

    def index(state: State, action: Action) -> int:
        return int(action_index(action))

    return Encoding(size, count, encode_one, index)
