"""A game from the user's code, checked at every call: its faults are named as its own.

:func:`instrument` puts a checker in front of each rule method the user's code defines
(``player``, ``actions``, ``result``, ``is_terminal``, ``utility``; and ``print_state``
and ``render``, for what they raise), on the game object itself, so every caller (the
arena, every agent, the solver, the analyses) goes through it while the game keeps its
class (and with it the fast paths registered for it). A method that
raises, or answers what the interface does not allow, raises
:class:`~zerosum.game.GameFault` naming the method, the user's file and line, and what was
expected; the arena then stops instead of charging an agent with a forfeit. Methods
zerosum itself defines (those a subclass of a built-in game inherits) are trusted and left
as they are: the built-in games' hot paths pay nothing. A checker costs a few tenths of a
microsecond a call (``utility`` about two: it asks for both players' utilities), where a
user's method takes microseconds to tens of them.
"""

from __future__ import annotations

import contextlib
import numbers
import sysconfig
import traceback
from collections.abc import Callable, Sequence, Sized
from pathlib import Path
from typing import Any, TypeGuard

from .game import Game, GameFault

__all__ = [
    "RULES",
    "CHECKED",
    "instrument",
    "check_zero_sum",
    "check_player",
    "short_path",
    "users_frame",
]

#: The rule methods checked (``initial_state`` is read once when the game is loaded).
RULES = ("player", "actions", "result", "is_terminal", "utility")
#: Every method checked: the rules, and those that show a state (what they raise only).
CHECKED = (*RULES, "print_state", "render")
#: Raised by the machine rather than the method's own code: never the game's fault alone.
_PASSED = (RecursionError, MemoryError)
#: Where code that is not the user's lives: zerosum and the installed libraries.
_LIBRARY = tuple(
    {sysconfig.get_path(name) for name in ("stdlib", "platstdlib", "purelib", "platlib")}
    | {str(Path(__file__).resolve().parent)}
)
#: Longest shown text of a state or an answer.
_SHOWN = 60


def instrument(game: Game) -> Game:
    """Check the rule methods ``game``'s class defines outside zerosum from now on, and read
    its ``initial_state`` once; returns ``game``. A game whose attributes cannot be set
    (``__slots__``) is left unchecked."""
    own = getattr(game, "__dict__", {})
    for name in CHECKED:
        method = getattr(type(game), name, None)
        checked = isinstance(own.get(name), _Checked)
        if callable(method) and not _zerosums_own(method) and not checked:
            try:  # past a frozen dataclass's __setattr__, as its own __init__ goes
                object.__setattr__(game, name, _Checked(game, name))
            except (AttributeError, TypeError):
                return game
    try:
        game.initial_state  # noqa: B018 - a property that may raise
    except _PASSED:
        raise
    except Exception as exc:
        raise GameFault(_raised(type(game), "initial_state", exc)) from exc
    return game


def _zerosums_own(method: object) -> bool:
    """Whether ``method`` is zerosum's code (a built-in game's, inherited by a user's
    subclass): trusted, and left unchecked. Which fast paths serve a game is another
    question, answered by the registry (:mod:`zerosum.fast_paths`)."""
    return str(getattr(method, "__module__", "")).startswith("zerosum.")


class _Checked:
    """One rule method of one game, called and its answer checked."""

    __slots__ = ("game", "name", "func", "method", "check", "busy")

    def __init__(self, game: Game, name: str) -> None:
        self.game = game
        self.name = name
        self.func = getattr(type(game), name)
        self.method = self.func.__get__(game)  # the user's method, bound
        self.check: Callable[[_Checked, tuple[object, ...], object], object] = _CHECKS[name]
        self.busy = False  # checking an empty ``actions``: a nested call is not checked again

    def __reduce__(self) -> tuple[type[_Checked], tuple[Game, str]]:
        return (_Checked, (self.game, self.name))

    def __call__(self, *args: object) -> Any:
        try:
            answer = self.method(*args)
        except (GameFault, *_PASSED):
            raise
        except Exception as exc:
            raise GameFault(_raised(type(self.game), self.name, exc)) from exc
        return self.check(self, args, answer)

    def call(self, *args: object) -> Any:
        """The user's method itself, unchecked but for what it raises."""
        try:
            return self.method(*args)
        except (GameFault, *_PASSED):
            raise
        except Exception as exc:
            raise GameFault(_raised(type(self.game), self.name, exc)) from exc

    def fault(self, args: tuple[object, ...], what: str, expected: str) -> GameFault:
        """The fault of an answer: ``what`` it did, in which state, what was ``expected``."""
        where = _defined(self.func)
        return GameFault(
            f"the game is at fault: {type(self.game).__name__}.{self.name} {what} in state "
            f"{_show(args[0])}; expected {expected}{where}"
        )


def _player(checked: _Checked, args: tuple[object, ...], answer: object) -> object:
    if answer.__class__ is int and (answer == 1 or answer == 2):  # the common case, first
        return answer
    if _is_player(answer):
        return int(answer)
    if checked.game.is_terminal(args[0]):  # nobody moves at the end: whatever it says
        return answer
    raise checked.fault(args, f"returned {_answer(answer)}", "1 or 2, the player to move")


def _is_player(value: object) -> TypeGuard[numbers.Integral]:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool) and value in (1, 2)


def _actions(checked: _Checked, args: tuple[object, ...], answer: object) -> object:
    if not isinstance(answer, list) and not _is_list(answer):
        why = {
            "generator": " (a generator can be read only once)",
            "set": " (a set has no fixed order: games would not replay)",
            "NoneType": " (does it return its list?)",
        }.get(type(answer).__name__, "")
        raise checked.fault(
            args, f"returned {_answer(answer)}", f"a list of the legal actions{why}"
        )
    if len(answer) == 0 and not checked.busy:
        checked.busy = True  # its own is_terminal may ask for the actions
        try:
            over = checked.game.is_terminal(args[0])
        finally:
            checked.busy = False
        if not over:
            raise checked.fault(
                args,
                "returned no actions where is_terminal is False",
                "a legal action in every position that is not terminal",
            )
    return answer


def _is_list(value: object) -> TypeGuard[Sized]:
    """A sequence that can be read again and indexed (a list, a tuple, a 1-d array)."""
    if isinstance(value, Sequence):
        return not isinstance(value, (str, bytes, bytearray))
    return getattr(value, "ndim", 0) == 1 and hasattr(value, "__getitem__")


def _result(checked: _Checked, args: tuple[object, ...], answer: object) -> object:
    if answer is None:
        raise checked.fault(args, "returned None", "the next state (does it return it?)")
    if answer is args[0] and not _hashable(answer):
        raise checked.fault(
            args,
            f"returned the state it was given (action {_show(args[1])})",
            "a new state, the given one left unchanged",
        )
    return answer


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _is_terminal(checked: _Checked, args: tuple[object, ...], answer: object) -> object:
    if answer is True or answer is False:
        return answer
    if isinstance(answer, numbers.Integral) or _numpy_truth(answer):
        return bool(answer)
    raise checked.fault(args, f"returned {_answer(answer)}", "True or False")


def _numpy_truth(value: object) -> bool:
    """A numpy bool or integer scalar (what ``board[i] == 0`` or ``.all()`` give)."""
    dtype = getattr(value, "dtype", None)
    return dtype is not None and dtype.kind in "biu" and getattr(value, "ndim", None) == 0


def _utility(checked: _Checked, args: tuple[object, ...], answer: object) -> object:
    state, player = args
    if player not in (1, 2):
        return answer
    utilities = {player: answer, 3 - player: checked.call(state, 3 - player)}
    check_zero_sum(checked.game, state, utilities[1], utilities[2])
    return answer


def _is_number(value: object) -> bool:
    if value.__class__ is not int and value.__class__ is not float:
        return isinstance(value, numbers.Real) and value == value
    return value == value  # not NaN


def _shown(checked: _Checked, args: tuple[object, ...], answer: object) -> object:
    return answer


_CHECKS: dict[str, Callable[[_Checked, tuple[object, ...], object], object]] = {
    "player": _player,
    "actions": _actions,
    "result": _result,
    "is_terminal": _is_terminal,
    "utility": _utility,
    "print_state": _shown,
    "render": _shown,
}


def check_zero_sum(game: Game, state: object, first: float, second: float) -> None:
    """Raise :class:`GameFault` unless ``first`` and ``second``, the utilities of ``state``
    for players 1 and 2, are numbers with ``first == -second`` (up to rounding): a game
    whose players can both win is no zero-sum game."""
    for player, value in ((1, first), (2, second)):
        if not _is_number(value):
            raise GameFault(
                f"the game is at fault: {type(game).__name__}.utility returned "
                f"{_answer(value)} for player {player} in state {_show(state)}; expected a "
                f"number{_defined(getattr(type(game), 'utility', None))}"
            )
    if first == -second or abs(first + second) <= 1e-9 * max(1.0, abs(first), abs(second)):
        return
    where = _defined(getattr(type(game), "utility", None))
    raise GameFault(
        f"the game is at fault: {type(game).__name__}.utility is not zero-sum in state "
        f"{_show(state)}: it gives player 1 {first:g} and player 2 {second:g}; expected "
        f"utility(state, 1) == -utility(state, 2){where}"
    )


def check_player(game: Game, state: object, player: object) -> None:
    """Raise :class:`GameFault` unless ``player`` (what ``game.player(state)`` said) is 1 or 2."""
    if not _is_player(player):
        where = _defined(getattr(type(game), "player", None))
        raise GameFault(
            f"the game is at fault: {type(game).__name__}.player returned {_answer(player)} "
            f"in state {_show(state)}; expected 1 or 2, the player to move{where}"
        )


def _raised(cls: type, name: str, exc: Exception) -> str:
    text = " ".join(str(exc).split())  # one line, however the user's message runs
    said = f"{type(exc).__name__}: {_cut(text, 2 * _SHOWN)}" if text else type(exc).__name__
    last = users_frame(exc)
    if last is not None:
        code = (last.line or "").strip()
        line = f" ({short_path(last.filename)}, line {last.lineno}: {_cut(code)})"
    else:
        line = _defined(getattr(cls, name, None))
    return f"the game is at fault: {cls.__name__}.{name} raised {said}{line}"


def users_frame(exc: BaseException) -> traceback.FrameSummary | None:
    """The deepest frame of ``exc``'s traceback in the user's code (outside zerosum and the
    installed libraries), or None."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if _users(f.filename)]
    return frames[-1] if frames else None


#: The most frames of a user's code :func:`users_traceback` shows (the deepest).
TRACE_FRAMES = 8


def users_traceback(exc: BaseException) -> str:
    """The frames of ``exc``'s traceback in the user's own code (outside zerosum and the
    installed libraries), innermost last, as Python prints them: ``  File "bot.py", line
    4, in helper`` and the line's code; "" when none is the user's. A forfeit's record
    carries it (``GameRecord.trace``), so that a student finds the line of their own
    file that raised."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if _users(f.filename)]
    lines = []
    for frame in frames[-TRACE_FRAMES:]:
        lines.append(f'  File "{short_path(frame.filename)}", line {frame.lineno}, in {frame.name}')
        code = (frame.line or "").strip()
        if code:
            lines.append(f"    {_cut(code, 2 * _SHOWN)}")
    return "\n".join(lines)


def short_path(filename: str) -> str:
    """The file name relative to the current folder when it is under it."""
    with contextlib.suppress(ValueError, OSError):
        return str(Path(filename).resolve().relative_to(Path.cwd()))
    return filename


def _users(filename: str) -> bool:
    return not filename.startswith("<") and not str(Path(filename).resolve()).startswith(_LIBRARY)


def _defined(method: object) -> str:
    """`` (file.py, line 12)``: where a function (or property) is defined, or nothing."""
    code = getattr(getattr(method, "fget", method), "__code__", None)
    if code is None:
        return ""
    return f" ({short_path(code.co_filename)}, line {code.co_firstlineno})"


def _answer(value: object) -> str:
    """An answer and its type: ``3 (an int)``; a generator or None by kind alone."""
    kind = type(value).__name__
    if value is None or kind == "generator":
        return "None" if value is None else "a generator"
    article = "an" if kind[:1].lower() in "aeiou" else "a"
    return f"{_show(value)} ({article} {kind})"


def _show(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # a state whose repr fails still gets its fault named
        text = f"<{type(value).__name__}>"
    return _cut(" ".join(text.split()))


def _cut(text: str, most: int = _SHOWN) -> str:
    return text if len(text) <= most else f"{text[: most - 3]}..."
