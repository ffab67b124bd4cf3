"""The game interface every part of zerosum relies on, and the errors it raises.

A game is any object with the seven members of :class:`Game`; no base class and no
registration are needed. The helpers here read the optional members (``key``,
``render``, ``format_action``, ``parse_action``, through the catalog :mod:`zerosum.hooks`)
when a game has them and fall back to sensible defaults when it does not, so the rest of
the package never has to ask.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import io
import pickle
import sys
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from contextlib import redirect_stdout
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

from . import hooks

__all__ = [
    "Game",
    "State",
    "Action",
    "ZerosumError",
    "IllegalActionError",
    "SpecError",
    "GameFault",
    "StateKeyError",
    "opponent",
    "zero",
    "game_name",
    "side_name",
    "side_label",
    "side_piece",
    "state_key",
    "key_function",
    "render_state",
    "format_action",
    "parse_action",
    "check_action",
    "legal_list",
    "replay",
    "split_moves",
]


#: A game's state type: whatever its ``initial_state`` and ``result`` return.
State = TypeVar("State")
#: A game's action type: whatever its ``actions`` list holds.
Action = TypeVar("Action")


@runtime_checkable
class Game(Protocol[State, Action]):
    """The seven members of a game (duck-typed: any object with them is a game).

    Players are ``1`` and ``2``. ``utility`` is asked only of terminal states and is
    zero-sum: ``utility(s, 1) == -utility(s, 2)``. ``result`` never mutates its input.

    Generic in its state and action types: ``Game[Board, int]`` is a game whose states
    are ``Board`` and whose actions are ``int``; a function that takes any game and one
    of its states says so with the type variables :data:`State` and :data:`Action`
    (``def replay(game: Game[State, Action], moves: Sequence[Action]) -> State``). A
    bare ``Game`` is a game of any states and actions.
    """

    @property
    def initial_state(self) -> State: ...

    def player(self, state: State) -> int: ...

    def actions(self, state: State) -> Sequence[Action]: ...

    def result(self, state: State, action: Action) -> State: ...

    def is_terminal(self, state: State) -> bool: ...

    def utility(self, state: State, player: int) -> float: ...

    def print_state(self, state: State) -> None: ...


class ZerosumError(ValueError):
    """Base class of every error zerosum raises on bad input."""


class SpecError(ZerosumError):
    """A game or agent spec string (``"connect4:width=5"``) that cannot be honoured."""


class GameFault(ZerosumError):
    """A game's own method raised, or answered what the interface does not allow (an
    ``actions`` that is not a list, a ``player`` other than 1 or 2, a utility that is not
    zero-sum): the game's fault, not an agent's."""


class StateKeyError(GameFault):
    """A state with no transposition key: unhashable, of no kind a key can be derived
    from, and the game has no ``key(state)``."""


class IllegalActionError(ZerosumError):
    """An action that is not legal in the state it was played in."""

    def __init__(
        self, game: Game[State, Action], state: State, action: object, reason: str = ""
    ) -> None:
        self.action = action
        self.player = game.player(state)
        self.legal = list(game.actions(state))
        self.reason = reason
        shown = format_action(game, action) if _formattable(game, action) else repr(action)
        why = f" ({reason})" if reason else ""
        super().__init__(
            f"player {self.player} cannot play {shown} in {game_name(game)}{why}; "
            f"legal: {legal_list(game, self.legal)}"
        )


def _formattable(game: Game[State, Action], action: object) -> bool:
    try:
        format_action(game, action)
    except Exception:
        return False
    return True


def opponent(player: int) -> int:
    """The other player: ``opponent(1) == 2`` and ``opponent(2) == 1``."""
    if player not in (1, 2):
        raise ValueError(f"players are 1 and 2, not {player!r}")
    return 3 - player


def zero(state: object, player: int) -> float:
    """The win/loss-only evaluation: every state at the depth cutoff scores 0, a draw.

    A depth-limited search with it sees only the wins and losses within its horizon, the
    tree other libraries' plain searches build; the compiled searches recognise it. It is
    part of the contract, not of a game, so the agents use it without importing a game.
    """
    return 0.0


def game_name(game: Game) -> str:
    """A short name for messages: the game's ``spec`` if it has one, else its class name."""
    return hooks.spec(game) or type(game).__name__


def side_name(game: Game, player: int) -> str:
    """What ``player`` (1 or 2) is called in the game's own words (its ``side_names``:
    ``"Red"`` in Connect Four), else ``"player 1"`` or ``"player 2"``.

    >>> side_name(object(), 2)
    'player 2'
    """
    names = hooks.side_names(game)
    return f"player {player}" if names is None else names[player - 1]


def side_label(game: Game, player: int, *, pieces: bool = False) -> str:
    """``player`` named for a line of its own: ``"X (player 1)"`` where the game names its
    sides, else ``"Player 1"``. With ``pieces`` (beside a board printed as text), also the
    mark its pieces print as where that is not the side's name: ``"Red (X, player 1)"``.

    >>> side_label(object(), 1)
    'Player 1'
    """
    if hooks.side_names(game) is None:
        return f"Player {player}"
    marks = hooks.piece_marks(game) if pieces else None
    name = side_name(game, player)
    if marks is None or marks[player - 1] == name:
        return f"{name} (player {player})"
    return f"{name} ({marks[player - 1]}, player {player})"


def side_piece(game: Game, player: int) -> str:
    """``player``'s name with the mark its pieces print as on the text board, where the two
    differ (``"Red (X)"`` in Connect Four, ``"X"`` in tic-tac-toe): what a person reading
    the board needs to find their pieces.

    >>> side_piece(object(), 2)
    'player 2'
    """
    marks = hooks.piece_marks(game)
    name = side_name(game, player)
    if marks is None or marks[player - 1] == name:
        return name
    return f"{name} ({marks[player - 1]})"


def state_key(game: Game[State, Action], state: State) -> Hashable:
    """The transposition key of ``state``: ``game.key(state)`` when defined (and the game's
    own: :func:`zerosum.hooks.key`), else the state when it hashes, else a key
    derived from its contents (lists, tuples, dicts, sets, numpy arrays and dataclasses,
    recursively): equal keys mean equal states.

    Raises :class:`StateKeyError` (saying to add ``key(state)``) when there is none.

    >>> game = object()  # any game without key
    >>> state_key(game, [[1, 0], {"mover": 2}]) == state_key(game, [[1, 0], {"mover": 2}])
    True
    """
    key = hooks.key(game)
    return key(state) if key is not None else _derived(game, state)


def key_function(
    game: Game[State, Action], sample: State, *, canonical: bool = True
) -> Callable[[State], Hashable]:
    """:func:`state_key` for states like ``sample``, chosen once for a search's many calls:
    the game's own ``key``, else the state itself when ``sample`` hashes, else the derived
    key. Raises :class:`StateKeyError` when ``sample`` has no key.

    ``canonical=False`` (a search's table) keys unhashable states by their pickle when
    they pickle: equal states may then get different keys (equal dicts in another order,
    rows shared or not), which only loses a transposition, and bytes are quicker to make
    and keep their hash (Python search on the course notebook's board of lists: a third
    of the time with derived keys went to making and hashing them)."""
    key = hooks.key(game)
    if key is not None:
        return key
    try:
        hash(sample)
        return _itself
    except TypeError:
        pass
    if not canonical:
        try:
            _pickled(sample)
            return _pickled
        except Exception:  # whatever pickling raises: the derived key, if any
            pass
    _derived(game, sample)
    return functools.partial(_derived, game)


def _pickled(state: object) -> Hashable:
    return pickle.dumps(state, pickle.HIGHEST_PROTOCOL)


def _itself(state: object) -> Hashable:
    return cast(Hashable, state)  # chosen only for states that hash


class _NoKey(Exception):
    """The part of a state no key can be derived from."""


def _derived(game: Game[State, Action], state: State) -> Hashable:
    try:
        return _derive(state)
    except _NoKey as exc:
        part = exc.args[0]
        held = "" if part is state else f" (they hold {type(part).__name__} objects)"
        raise StateKeyError(
            f"the states of {game_name(game)} are {type(state).__name__} objects{held}, which "
            "are not hashable and zerosum cannot derive a key from: add key(state) to the "
            "game, returning a hashable value (a tuple, a string) equal for equal states"
        ) from None


#: Types whose values are their own keys (checked first: the common items of a board).
_ATOMS = frozenset({int, float, str, bytes, bool, type(None)})
#: Items that never hash: a sequence of them is keyed item by item at once.
_NESTED = frozenset({list, dict})


def _derive(value: Any) -> Hashable:
    """A hashable value equal for equal ``value`` and different for different ones: the
    value itself when it hashes, else its contents tagged with their container's type (no
    user's state holds a type object, so none equals a derived key); numpy arrays by
    dtype, shape and bytes. A board of lists takes about twice as long as its pickle,
    which is not canonical (equal dicts in another order, shared rows pickle differently).
    """
    cls = type(value)
    if cls in _ATOMS:
        return value
    if cls is list:
        return (list, _items(value))
    if cls is dict:
        return (dict, frozenset([(k, _derive(v)) for k, v in value.items()]))
    try:
        hash(value)
        return value
    except TypeError:
        pass
    numpy = sys.modules.get("numpy")  # a state cannot be an array unless numpy is loaded
    if numpy is not None and isinstance(value, numpy.ndarray):
        if value.dtype.hasobject:
            return (numpy.ndarray, "O", value.shape, tuple(map(_derive, value.flat)))
        return (numpy.ndarray, value.dtype.str, value.shape, value.tobytes())
    if isinstance(value, OrderedDict):  # equal to another only in the same order
        return (OrderedDict, tuple([(k, _derive(v)) for k, v in value.items()]))
    if isinstance(value, dict):
        return (dict, frozenset([(k, _derive(v)) for k, v in value.items()]))
    if isinstance(value, (list, tuple)):
        return (list if isinstance(value, list) else tuple, _items(value))
    if isinstance(value, set):
        return (set, frozenset(value))
    if isinstance(value, bytearray):
        return (bytearray, bytes(value))
    if dataclasses.is_dataclass(value):  # equal when the fields it compares are
        compared = [getattr(value, f.name) for f in dataclasses.fields(value) if f.compare]
        return (cls, _items(compared))
    raise _NoKey(value)


def _items(values: Sequence[object]) -> tuple[Hashable, ...]:
    """The items' keys: the items themselves when they all hash (a row of a board)."""
    if values and type(values[0]) in _NESTED:
        return tuple(map(_derive, values))
    items = tuple(values)
    try:
        hash(items)
        return items
    except TypeError:
        return tuple(map(_derive, values))


def render_state(game: Game[State, Action], state: State) -> str:
    """The text of a state: ``game.render(state)`` if defined, else what ``print_state`` prints."""
    render = hooks.render(game)
    if render is not None:
        return str(render(state))
    out = io.StringIO()
    with redirect_stdout(out):
        game.print_state(state)
    return out.getvalue().rstrip("\n")


def format_action(game: Game[State, Action], action: object) -> str:
    """How a human reads ``action``: ``game.format_action`` when defined, else ``str``."""
    fmt = hooks.format_action(game)
    # callers pass the game's own actions, typed as they come (often object)
    return str(fmt(action)) if fmt is not None else str(action)  # type: ignore[arg-type]


def parse_action(game: Game[State, Action], text: str, state: State) -> Action:
    """Turn human input into a legal action of ``state``, or raise :class:`IllegalActionError`.

    Uses ``game.parse_action`` when defined; otherwise matches the text against the
    formatted legal actions, then against Python literals (``3``, ``(0, 1)``).
    """
    text = text.strip()
    legal = list(game.actions(state))
    parse = hooks.parse_action(game)
    if parse is not None:
        try:
            action = parse(text, state)
        except ValueError as exc:
            raise IllegalActionError(game, state, text, str(exc)) from None
    else:
        by_text = {format_action(game, a): a for a in legal}
        if text in by_text:
            return by_text[text]
        try:
            action = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise IllegalActionError(game, state, text, "not a move") from None
    return check_action(game, state, action, legal)


def check_action(
    game: Game[State, Action], state: State, action: Action, legal: Sequence[Action] | None = None
) -> Action:
    """Return ``action`` if it is legal in ``state``; raise :class:`IllegalActionError` if not."""
    legal = list(game.actions(state)) if legal is None else legal
    try:
        ok = action in legal
    except Exception:  # an action of an unhashable or incomparable kind
        ok = False
    if not ok:
        reason = "the game is over" if game.is_terminal(state) else ""
        raise IllegalActionError(game, state, action, reason)
    return action


def legal_list(game: Game[State, Action], actions: Sequence[Action], limit: int = 20) -> str:
    """The legal actions as one line of human-format text, shortened past ``limit``."""
    shown = [format_action(game, a) for a in list(actions)[:limit]]
    more = len(actions) - limit
    return " ".join(shown) + (f" ... (+{more} more)" if more > 0 else "") if shown else "none"


def replay(game: Game[State, Action], moves: Sequence[str], state: State | None = None) -> State:
    """The state after ``moves`` (human-format actions) from ``state`` or the start.

    Each move is checked; a bad one raises :class:`IllegalActionError` saying which move it was.
    """
    state = game.initial_state if state is None else state
    for i, text in enumerate(moves):
        try:
            state = game.result(state, parse_action(game, text, state))
        except ZerosumError as exc:
            exc.args = (f"move {i + 1} ({text!r}): {exc}",)
            raise
    return state


def split_moves(game: Game, text: str) -> list[str]:
    """The human-format moves in ``text``, for a position given on the command line.

    Moves are separated by spaces or semicolons (``"1,0 2,1"``; commas belong to moves).
    A single run of digits that is not itself a legal first move is read one move per
    digit, so Connect Four positions can be written ``"4453"``.
    """
    moves = text.replace(";", " ").split()
    if len(moves) == 1 and moves[0].isdigit() and len(moves[0]) > 1:
        try:
            parse_action(game, moves[0], game.initial_state)
        except IllegalActionError:
            return list(moves[0])
    return moves
