"""OpenSpiel's games as zerosum games: ``load("connect_four", rows=5)``.

Any OpenSpiel game that is sequential, deterministic, of perfect information, zero-sum and
played by two players becomes a game with the seven-member interface, so every zerosum
agent, the arena and the solver accept it. OpenSpiel's players 0 and 1 are zerosum's 1 and
2; actions are OpenSpiel's action ids (ints) that also know how OpenSpiel writes them.
``open_spiel`` is an optional dependency: ``pip install 'zerosum[openspiel]'``.

OpenSpiel checks few parameters, and crashes on some values (``connect_four,rows=0``):
parameters other than a game's defaults are tried in a throwaway process first
(:mod:`.openspiel_probe`), so a bad value is a :class:`~zerosum.game.SpecError`, not a crash.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Hashable
from types import ModuleType
from typing import Any, Self

from ..game import SpecError, ZerosumError, opponent
from ..limits import LimitError
from ..spec import Param
from . import openspiel_probe, openspiel_words
from .openspiel_probe import Params, one_line

__all__ = [
    "INSTALL_HINT",
    "MAX_ACTIONS",
    "MAX_LENGTH",
    "MAX_SIZE",
    "MAX_SOLVE_PLIES",
    "MissingDependencyError",
    "OpenSpielAction",
    "OpenSpielGame",
    "OpenSpielState",
    "fitting_games",
    "from_spec",
    "load",
]

#: How to install OpenSpiel, as the errors of a missing OpenSpiel say it.
INSTALL_HINT = "pip install 'zerosum[openspiel]'  (or: pip install open_spiel)"

#: The most the product of a game's integer parameters may be (checked before OpenSpiel
#: builds the game, which for some games allocates the whole board at once): a rough bound
#: on the board's size. ``dims`` (gomoku's number of dimensions) counts as a power.
MAX_SIZE = 1 << 16
#: The most distinct actions, and plies in a game, that a loaded game may have.
MAX_ACTIONS = MAX_LENGTH = 100_000
#: The most plies a game may last for :func:`zerosum.solve` to take it: its search goes
#: as deep as a game lasts, one Python call per ply (chess, 17,695 plies, ended in a
#: RecursionError after hours), and such games are far too big to solve anyway.
MAX_SOLVE_PLIES = 500


class MissingDependencyError(ZerosumError, ModuleNotFoundError):
    """An optional dependency that a feature needs is not installed."""


def _pyspiel() -> ModuleType:
    """The ``pyspiel`` module, or a :class:`MissingDependencyError` saying how to install it."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError as exc:
        raise MissingDependencyError(
            f"OpenSpiel's games need the open_spiel package, which is not installed "
            f"({exc}); install it with: {INSTALL_HINT}"
        ) from None


class OpenSpielAction(int):
    """An OpenSpiel action id (an ``int``) that knows how OpenSpiel writes it: ``.text``.

    OpenSpiel spells an action only in the state it is played in (``"e4"`` in chess,
    ``"x(1,1)"`` in tic-tac-toe), so each legal action carries that state along.
    """

    _state: OpenSpielState | None
    _text: str | None

    def __new__(cls, action: int, state: OpenSpielState | None, text: str | None = None) -> Self:
        self = super().__new__(cls, action)
        self._state, self._text = state, text
        return self

    @property
    def text(self) -> str:
        """OpenSpiel's string for this action in the state it is legal in."""
        if self._text is None:
            assert self._state is not None
            native = self._state.native
            self._text = str(native.action_to_string(native.current_player(), int(self)))
        return self._text

    def __reduce__(self) -> tuple[object, ...]:
        return (OpenSpielAction, (int(self), None, self.text))


class OpenSpielState:
    """A position of an OpenSpiel game: the actions played from the start and OpenSpiel's
    own state object (``native``, never mutated). Equal and hashed by the actions played."""

    __slots__ = ("native", "history", "mover", "_key")

    def __init__(self, native: Any, history: tuple[int, ...], mover: int) -> None:
        self.native, self.history, self.mover = native, history, mover
        self._key: Hashable | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OpenSpielState) and other.history == self.history

    def __hash__(self) -> int:
        return hash(self.history)

    def __repr__(self) -> str:
        return f"OpenSpielState(history={list(self.history)})"

    def __reduce__(self) -> tuple[object, ...]:
        # the game by name and typed parameters: OpenSpiel's own pickle of a game writes it
        # as text and reads a string parameter that looks like a number as a number
        # (nim's pile_sizes=5: "Wrong type for parameter"), which killed agent hosts
        game = self.native.get_game()
        name, params = game.get_type().short_name, game.get_parameters()
        return (_restore_state, (name, params, self.history, self.mover))


def _restore_state(
    name: str, params: Params, history: tuple[int, ...], mover: int
) -> OpenSpielState:
    native = _pyspiel().load_game(name, params).new_initial_state()
    for action in history:
        native.apply_action(action)
    return OpenSpielState(native, history, mover)


def _unfit_properties(pyspiel: ModuleType, native_game: Any) -> list[str]:
    """Why an OpenSpiel game is not a zerosum game: one phrase per failing property."""
    kind = pyspiel.GameType
    gt = native_game.get_type()
    problems = []
    players = native_game.num_players()
    if players != 2:
        problems.append(f"it has {players} player{'s' if players > 1 else ''}, not 2")
    if gt.dynamics != kind.Dynamics.SEQUENTIAL:
        problems.append("its moves are simultaneous, not sequential")
    if gt.chance_mode != kind.ChanceMode.DETERMINISTIC:
        problems.append("it has chance events, so it is not deterministic")
    if gt.information != kind.Information.PERFECT_INFORMATION:
        problems.append("its information is imperfect (players cannot see everything)")
    if gt.utility != kind.Utility.ZERO_SUM:
        problems.append("it is not zero-sum")
    return problems


def fitting_games() -> list[str]:
    """The names of OpenSpiel's games that zerosum can play (with their default parameters)."""
    pyspiel = _pyspiel()
    kind = pyspiel.GameType
    return sorted(
        gt.short_name
        for gt in pyspiel.registered_games()
        if gt.dynamics == kind.Dynamics.SEQUENTIAL
        and gt.chance_mode == kind.ChanceMode.DETERMINISTIC
        and gt.information == kind.Information.PERFECT_INFORMATION
        and gt.utility == kind.Utility.ZERO_SUM
        and gt.min_num_players <= 2 <= gt.max_num_players
    )


def _convert_params(name: str, spec: Params, params: Params) -> Params:
    """``params`` checked against the game's parameter ``spec``; text values read as its types."""
    converted: Params = {}
    for key, value in params.items():
        if key not in spec:
            known = ", ".join(sorted(spec)) or "none"
            raise SpecError(f"OpenSpiel's {name!r} has no parameter {key!r}; parameters: {known}")
        default = spec[key]
        if isinstance(value, str) and not isinstance(default, str):
            param = Param(key, type(default), default, optional=False)
            try:
                read = param.convert(value)
            except ValueError as exc:
                raise SpecError(
                    f"bad value {value!r} for {key} of OpenSpiel's {name!r}: {exc}; "
                    f"expected {param.describe()}"
                ) from None
            if read is not None:  # None only for an optional parameter's "none": not here
                value = read
        if type(value) is not type(default) and not (
            isinstance(default, float) and type(value) is int
        ):
            raise SpecError(
                f"parameter {key} of OpenSpiel's {name!r} must be a {type(default).__name__} "
                f"(default {default!r}), not {value!r}"
            )
        converted[key] = float(value) if isinstance(default, float) else value
    return converted


def size_estimate(params: Params) -> int:
    """The product of the integer ``params`` (absolute values, each at least 1), raised to
    the power ``dims`` when there is one (at most 10**30): what :data:`MAX_SIZE` bounds."""
    ints = {k: v for k, v in params.items() if type(v) is int}
    power = max(1, abs(ints.pop("dims", 1)))
    base = math.prod(max(1, abs(v)) for v in ints.values())
    return min(base ** min(power, 64), 10**30)  # far over the limit either way


def _check_size(name: str, params: Params) -> None:
    size = size_estimate(params)
    if size > MAX_SIZE:
        ints = ", ".join(f"{k}={v}" for k, v in params.items() if type(v) is int)
        how = "the product of the others to the power dims" if "dims" in params else "their product"
        raise LimitError(
            f"OpenSpiel's {name!r} with {ints} is too big: {how}, {size:.3g}, a rough bound on "
            f"the board's size, is over the limit of {MAX_SIZE} (openspiel.MAX_SIZE)"
        )


def _check_loaded(name: str, native_game: Any) -> None:
    """Refuse a loaded game whose actions or length are over the named limits."""
    for what, count, limit, label in (
        ("distinct actions", native_game.num_distinct_actions(), MAX_ACTIONS, "MAX_ACTIONS"),
        ("plies at most", native_game.max_game_length(), MAX_LENGTH, "MAX_LENGTH"),
    ):
        if not 0 <= count <= limit:
            raise LimitError(
                f"OpenSpiel's {name!r} is too big: {count} {what}, "
                f"over the limit of {limit} (openspiel.{label})"
            )


def load(name: str, **params: int | float | bool | str) -> OpenSpielGame:
    """OpenSpiel's game ``name`` with OpenSpiel ``params``, as a zerosum game.

    Raises :class:`~zerosum.game.SpecError` for an unknown game or parameter and for a game
    that does not fit (naming the property that fails), and
    :class:`MissingDependencyError` if open_spiel is not installed.

    >>> game = load("connect_four", rows=5)
    >>> game.spec
    'openspiel:connect_four,rows=5'
    >>> game.actions(game.result(game.initial_state, 3))[:3]
    [0, 1, 2]
    """
    return _load(name, params, tried=False)


def _load(name: str, params: Params, tried: bool) -> OpenSpielGame:
    """:func:`load`. Parameters other than OpenSpiel's defaults are first tried in a process
    of their own (:mod:`.openspiel_probe`) unless ``tried`` says they were (where the game
    was built before)."""
    pyspiel = _pyspiel()
    types = {gt.short_name: gt for gt in pyspiel.registered_games()}
    if name not in types:
        raise SpecError(
            f"OpenSpiel has no game {name!r}; the games zerosum can play: "
            + ", ".join(fitting_games())
        )
    defaults = types[name].parameter_specification
    params = _convert_params(name, defaults, params)
    _check_size(name, {**defaults, **params})
    if not tried and any(defaults[key] != value for key, value in params.items()):
        # OpenSpiel crashes (segfault) or fails mid-game on some values: tried apart first
        why = openspiel_probe.verdict(name, params, (MAX_ACTIONS, MAX_LENGTH))
        if why is not None:
            raise SpecError(f"OpenSpiel's {name!r} with {_shown(params)} cannot be played: {why}")
    try:
        native_game = pyspiel.load_game(name, params)
    except (pyspiel.SpielError, ValueError) as exc:
        raise SpecError(
            f"OpenSpiel cannot load {name!r} with {_shown(params)}: {one_line(exc)}"
        ) from None
    _check_loaded(name, native_game)
    problems = _unfit_properties(pyspiel, native_game)
    if problems:
        raise SpecError(
            f"OpenSpiel's {name!r} is not a game zerosum can play: "
            + "; ".join(problems)
            + " (zerosum plays two-player, zero-sum, perfect-information, deterministic, "
            "sequential games)"
        )
    return OpenSpielGame(name, params, native_game)


class OpenSpielGame:
    """An OpenSpiel game behind zerosum's seven-member interface. Build one with :func:`load`.

    States are :class:`OpenSpielState`; ``key(state)`` is OpenSpiel's printout of the
    position with the player to move, so transpositions meet in search tables (as in
    OpenSpiel's own ``get_all_states``); for games whose printout leaves out history that
    matters (repetition rules), use ``state.history`` instead.
    """

    def __init__(self, name: str, params: Params, native_game: Any) -> None:
        self.name, self.params, self.native_game = name, dict(params), native_game

    @property
    def spec(self) -> str:
        """The spec string that rebuilds this game, e.g. ``"openspiel:connect_four,rows=5"``."""
        args = "".join(f",{k}={_spec_value(v)}" for k, v in self.params.items())
        return f"openspiel:{self.name}{args}"

    @property
    def rules(self) -> str:
        """One line for the web page: OpenSpiel's name of the game (its rules are OpenSpiel's)."""
        long_name = self.native_game.get_type().long_name
        return f"{long_name}, by OpenSpiel's rules; moves are named as OpenSpiel writes them."

    @property
    def initial_state(self) -> OpenSpielState:
        return OpenSpielState(self.native_game.new_initial_state(), (), 2)

    def player(self, state: OpenSpielState) -> int:
        """1 or 2; in a terminal state, the opponent of whoever moved last."""
        current = state.native.current_player()
        return current + 1 if current >= 0 else opponent(state.mover)

    def actions(self, state: OpenSpielState) -> list[OpenSpielAction]:
        return [OpenSpielAction(a, state) for a in state.native.legal_actions()]

    def result(self, state: OpenSpielState, action: int) -> OpenSpielState:
        native = state.native
        return OpenSpielState(
            native.child(int(action)), (*state.history, int(action)), native.current_player() + 1
        )

    def is_terminal(self, state: OpenSpielState) -> bool:
        return bool(state.native.is_terminal())

    def utility(self, state: OpenSpielState, player: int) -> float:
        return float(state.native.player_return(player - 1))

    def key(self, state: OpenSpielState) -> Hashable:
        if state._key is None:
            state._key = (state.native.current_player(), str(state.native))
        return state._key

    @property
    def side_names(self) -> tuple[str, str] | None:
        """What OpenSpiel's players 0 and 1 (zerosum's 1 and 2) are called in this game
        (chess: Black and White), or None (:mod:`.openspiel_words`)."""
        return openspiel_words.side_names(self.name)

    def render(self, state: OpenSpielState) -> str:
        """OpenSpiel's printout, chess's FEN line drawn as a grid (:mod:`.openspiel_words`)."""
        return openspiel_words.readable_board(self.name, str(state.native).rstrip("\n"))

    def solve_exactly(self, state: OpenSpielState) -> None:
        """None: the generic solver solves OpenSpiel's games (see :mod:`zerosum.agents.solve`),
        unless a game may last more than :data:`MAX_SOLVE_PLIES`, which is refused here
        before any search (:class:`~zerosum.limits.LimitError`)."""
        plies = self.native_game.max_game_length()
        if plies > MAX_SOLVE_PLIES:
            raise LimitError(
                f"OpenSpiel's {self.name!r} is too big to solve: a game may last {plies} plies, "
                f"over the limit of {MAX_SOLVE_PLIES} (openspiel.MAX_SOLVE_PLIES)"
            )

    solve_weakly = solve_exactly

    def print_state(self, state: OpenSpielState) -> None:
        print(self.render(state))

    def format_action(self, action: object) -> str:
        if isinstance(action, OpenSpielAction):
            return action.text
        if isinstance(action, int) and not isinstance(action, bool):
            return str(action)
        raise ValueError(f"not an OpenSpiel action: {action!r}")

    def parse_action(self, text: str, state: OpenSpielState) -> OpenSpielAction:
        """The legal action OpenSpiel writes as ``text`` (case-insensitive), or whose id it is."""
        text = text.strip()
        legal = self.actions(state)
        for action in legal:
            if action.text == text:
                return action
        for action in legal:
            if action.text.lower() == text.lower() or text.isdigit() and action == int(text):
                return action
        raise ValueError(f"no legal action is written {text!r} or has that id")

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"OpenSpielGame({self.name!r}{args})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, OpenSpielGame)
            and other.name == self.name
            and other.params == self.params
        )

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.params.items()))))

    def __reduce__(self) -> tuple[object, ...]:
        return (_reload, (self.name, self.params))


def _reload(name: str, params: Params) -> OpenSpielGame:
    return _load(name, params, tried=True)


def _shown(params: Params) -> str:
    return ", ".join(f"{key}={_spec_value(value)}" for key, value in params.items())


def _spec_value(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def from_spec(name: str = "", **params: int | float | bool | str) -> OpenSpielGame:
    """OpenSpiel's game ``name``: ``openspiel:NAME[,param=value...]`` in spec strings."""
    if not name:
        raise SpecError(
            "which OpenSpiel game? write openspiel:NAME[,param=value...], "
            "e.g. openspiel:breakthrough or openspiel:connect_four,rows=5"
        )
    return load(name, **params)
