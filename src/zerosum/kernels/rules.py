"""The compiled rules interface: what a game gives the generic kernels.

A game in the compiled style keeps its rules once, as numba functions over a position of
two 64-bit masks ``(a, b)`` (player 1's and player 2's, in whatever layout the game
likes) and the player to move, plus a *record*: a ``typing.NamedTuple`` of the constants
and tables the functions read (masks, sizes, scales). The kernels (alpha-beta, playouts,
the MCTS tree) call the functions below with the record as first argument; numba
picks the game's implementation from the record's type when it compiles the kernel, so
every call is a direct call into the game's function, which LLVM inlines where it pays as
if the kernel had been written for that game. The functions the record's class carries,
set by :func:`compiled_rules` (a game leaving out the optional ones gets the identities):

``moves(rules, a, b, player, out) -> int``
    writes the mover's legal move codes to ``out[:count]``, in the order a searcher
    should try them first, and returns ``count``; codes are integers in ``[0, 64]``
    (64 is free for a pass), and a non-terminal position has at least one.
``play(rules, a, b, player, code) -> (a, b)``
    the masks after ``player`` plays ``code`` (then the other player is to move: a game
    with passes makes the pass a move).
``outcome(rules, a, b, mover, code) -> float``
    the utility for ``mover`` (1, 0 or -1) of the position its move ``code`` led to, or
    :data:`OPEN` when that position is not terminal.
``evaluate(rules, a, b, to_move, player) -> float``
    the game's heuristic of a non-terminal position for ``player``, in ``(-1, 1)``.
``key(rules, a, b, player) -> (uint64, uint64)`` (optional)
    the transposition key; by default ``(a, b)``, right when the masks tell whose turn
    it is. A game where they do not (Othello, after a pass) returns, for instance, the
    mover's stones first.
``canonical(rules, a, b, player) -> (a, b, t)`` and ``canonical_move(rules, code, t)``,
``original_move(rules, code, t)`` (optional, together)
    the game's symmetries (maps of the board that preserve its rules): ``canonical``
    gives one position of all the position's images, the same for each of them, and the
    index ``t`` of the symmetry that maps the position onto it (0: itself); where images
    seldom meet in a search, it may return the position itself (Othello does, past its
    first plies);
    ``canonical_move`` maps a move of the position to the same move in that image, and
    ``original_move`` back. By default a game has none. Solving searches (the
    win/loss-only evaluation, whose values depend on the rules alone) key their table by
    the canonical image, so symmetric positions share one entry; searches with a
    heuristic do not, as a heuristic need not be symmetric.

The Python side of a game's rules is a :class:`Rules` object: the record and the codec
between the game's states and actions and the kernels' masks and codes. A game offers it
through the optional ``compiled_rules()`` member; agents build their compiled search from
it (``kernels/alphabeta.py``, ``kernels/playouts.py``, ``kernels/mcts.py``).

Why a record type rather than functions passed as arguments or kernels built by a
factory (measured with numba 0.68): a kernel that takes njit functions as arguments, or
a closure over them, is typed by the dispatcher objects themselves, whose cache key
changes in every process, so numba's on-disk cache never hits and each fresh process
compiles every kernel again (seconds). A NamedTuple type is keyed by its class (module
and name), which is the same in every process, so ``cache=True`` keeps working, and the
dispatch happens at compile time, so the hot loops pay nothing for it.

Numba's cache keys a kernel on its own file, not on the rule functions it inlined, so
:func:`compiled_rules` names the record's class after a digest of the rules' source and
publishes it in this module: an edit of a game's rules gives its record a new type, and
the kernels are compiled afresh for it, while any process can still read a cache index
that mentions records it has never seen (helpers the rules import from other files are
not part of the digest; after editing one, delete the ``*.nbi`` and ``*.nbc`` files).
"""

from __future__ import annotations

import hashlib
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit
from numba.core.caching import NullCache
from numba.extending import overload

from ..records.rules import MAX_MOVES, Rules
from .bits import HOT
from .shapes import Compiled, Mask, RuleRecord

__all__ = ["OPEN", "PASS", "Rules", "compiled_rules", "moves", "play", "outcome", "evaluate",
           "key", "canonical", "canonical_move", "original_move", "MAX_MOVES",
           "MAX_PLIES"]  # fmt: skip

#: "Not terminal", from ``outcome`` (utilities are -1, 0 and 1).
OPEN = 2.0
#: The move code of a pass, for games that have one (codes 0..63 are the board's).
PASS = 64
#: The most plies a game may last from any position the kernels search.
MAX_PLIES = 256

_MEMBERS = ("moves", "play", "outcome", "evaluate", "key", "canonical", "canonical_move",
            "original_move")  # fmt: skip
_SYMMETRY = _MEMBERS[5:]


def compiled_rules(
    *,
    moves: Compiled,
    play: Compiled,
    outcome: Compiled,
    evaluate: Compiled,
    key: Compiled | None = None,
    canonical: Compiled | None = None,
    canonical_move: Compiled | None = None,
    original_move: Compiled | None = None,
) -> Callable[[type], type]:
    """Class decorator: attach a game's njit rule functions to its record class (a
    ``typing.NamedTuple``); the kernels' calls of the generic functions on a record of the
    class then compile to calls of these (see :func:`_resolve`).

    >>> from typing import NamedTuple
    >>> @compiled_rules(moves=f, play=f, outcome=f, evaluate=f)  # doctest: +SKIP
    ... class MyRules(NamedTuple):
    ...     full: np.uint64
    """
    given = {"moves": moves, "play": play, "outcome": outcome, "evaluate": evaluate, "key": key,
             "canonical": canonical, "canonical_move": canonical_move,
             "original_move": original_move}  # fmt: skip
    if len({given[name] is None for name in _SYMMETRY}) > 1:
        raise TypeError("canonical, canonical_move and original_move go together")

    def attach(cls: type) -> type:
        if not (issubclass(cls, tuple) and hasattr(cls, "_fields")):
            raise TypeError(f"compiled rules go on a typing.NamedTuple class, not {cls!r}")
        members = {name: given[name] or _DEFAULTS[name] for name in _MEMBERS}
        versioned = _versioned(cls, list(members.values()))
        for name, function in members.items():
            setattr(versioned, f"zs_{name}", function)
            _resolve(_GENERIC[name], versioned, function)
        return versioned

    return attach


def _versioned(cls: type, functions: list[Compiled]) -> type:
    """A subclass of the record class named after a digest of the source of the class and
    its rule functions, published in this module under that name.

    Numba's on-disk cache keys a compiled kernel on the kernel's own file and on its
    argument types, not on the functions inlined into it: after an edit of a game's rules
    the kernels would keep running the old ones (or mix old and new code). The record's
    type names its class, so a class whose name changes with the rules' source makes the
    cache compile the kernels afresh for the new rules, and only then. The class lives in
    this module (see :func:`__getattr__`) because numba unpickles a cache index whole:
    a class it cannot import, an older version or a user's game from a module another
    process does not have, would make every kernel of that index fail to load."""
    digest = hashlib.sha256(cls.__module__.encode())
    made: list[type | Compiled] = [cls, *functions]
    for source in sorted({_source(obj) for obj in made}):
        digest.update(source)
    name = f"{_PREFIX}{cls.__name__}_{digest.hexdigest()[:12]}"
    versioned = type(name, (cls,), {"__slots__": (), "__doc__": cls.__doc__})
    versioned.__qualname__ = name
    versioned.__module__ = __name__
    globals()[name] = versioned  # where pickle looks for it
    return versioned


#: The prefix of the names of the record classes published here.
_PREFIX = "Rules_"
_STAND_INS: dict[str, type] = {}


def __getattr__(name: str) -> type:
    """A stand-in for a record class this process has not defined (an older version of a
    game's rules, or a game this process has not imported), so that numba can read a
    cache index that mentions it; the stand-in matches no kernel, so nothing runs it."""
    if not name.startswith(_PREFIX):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name not in _STAND_INS:
        _STAND_INS[name] = type(name, (tuple,), {"__slots__": (), "_fields": ()})
        _STAND_INS[name].__module__ = __name__
    return _STAND_INS[name]


def _source(obj: type | Compiled) -> bytes:
    """The source file of ``obj`` (a class or a numba function), or its own source where
    it has no file (a notebook's cell), or at least its name."""
    source = obj if isinstance(obj, type) else obj.py_func
    try:
        path = inspect.getsourcefile(source)
        if path and Path(path).is_file():
            return Path(path).read_bytes()
        return inspect.getsource(source).encode()
    except (OSError, TypeError):
        return str(getattr(source, "__qualname__", source)).encode()


# The generic functions. Called from Python they say what they are; called from compiled
# code, numba replaces each by the record's own function (see _resolve).
def moves(rules: RuleRecord, a: Mask, b: Mask, player: int, out: npt.NDArray[np.int64]) -> int:
    """The mover's legal move codes, written to ``out``; returns how many (compiled only)."""
    raise TypeError("moves() is for compiled code")


def play(rules: RuleRecord, a: Mask, b: Mask, player: int, code: int) -> tuple[Mask, Mask]:
    """The masks after ``player`` plays ``code`` (compiled only)."""
    raise TypeError("play() is for compiled code")


def outcome(rules: RuleRecord, a: Mask, b: Mask, mover: int, code: int) -> float:
    """The mover's utility of the position its move led to, or :data:`OPEN` (compiled only)."""
    raise TypeError("outcome() is for compiled code")


def evaluate(rules: RuleRecord, a: Mask, b: Mask, to_move: int, player: int) -> float:
    """The heuristic value for ``player`` of a non-terminal position (compiled only)."""
    raise TypeError("evaluate() is for compiled code")


def key(rules: RuleRecord, a: Mask, b: Mask, player: int) -> tuple[Mask, Mask]:
    """The transposition key of a position (compiled only)."""
    raise TypeError("key() is for compiled code")


def canonical(rules: RuleRecord, a: Mask, b: Mask, player: int) -> tuple[Mask, Mask, int]:
    """The position's canonical image and the symmetry mapping it there (compiled only)."""
    raise TypeError("canonical() is for compiled code")


def canonical_move(rules: RuleRecord, code: int, t: int) -> int:
    """Move ``code``'s image under symmetry ``t`` (compiled only)."""
    raise TypeError("canonical_move() is for compiled code")


def original_move(rules: RuleRecord, code: int, t: int) -> int:
    """The move whose image under symmetry ``t`` is ``code`` (compiled only)."""
    raise TypeError("original_move() is for compiled code")


#: The generic function of each member's name.
_GENERIC: dict[str, Callable[..., object]] = {
    "moves": moves, "play": play, "outcome": outcome, "evaluate": evaluate, "key": key,
    "canonical": canonical, "canonical_move": canonical_move, "original_move": original_move,
}  # fmt: skip


# The optional members of a game that leaves them out.
@njit(**HOT)
def _masks_as_key(rules, a, b, player):  # type: ignore[no-untyped-def]
    return a, b


@njit(**HOT)
def _no_symmetry(rules, a, b, player):  # type: ignore[no-untyped-def]
    return a, b, 0


@njit(**HOT)
def _same_move(rules, code, t):  # type: ignore[no-untyped-def]
    return code


_DEFAULTS = {"key": _masks_as_key, "canonical": _no_symmetry, "canonical_move": _same_move,
             "original_move": _same_move}  # fmt: skip
#: Options of a rule function's own that the kernels' copy of it does not take.
_NOT_PASSED = ("nopython", "inline")


def _resolve(generic: Callable[..., object], record: type, function: Compiled) -> None:
    """Make ``generic`` called on a ``record`` in compiled code call the record's
    ``function``, compiled with the function's own options (a function of the kernel's
    library that LLVM inlines where it pays).

    Numba compiles the function's Python source once more for the kernel rather than
    calling the ``function`` dispatcher through a forwarding function: each compiled
    dispatcher costs a compile of its own, machine code and wrappers included, and the
    forwarding functions (with numba's ``inline="always"``, typed again at every call
    site) took about 1.3 s of the 6.7 s of Connect Four's alpha-beta's first compile."""
    # typed Any: numba's typed jit options do not list every option a dispatcher carries
    options: Any = {k: v for k, v in function.targetoptions.items() if k not in _NOT_PASSED}
    # numba builds the copy again for each set of compile flags of the functions calling
    # it (the kernel's entry point and its recursion differ); cached, it compiles once
    options["cache"] = not isinstance(function._cache, NullCache)

    @overload(generic, jit_options=options, strict=False)
    def _own(rules, *args):  # type: ignore[no-untyped-def]
        if getattr(rules, "instance_class", None) is record:
            return function.py_func
        return None


def _not_a_record(generic: Callable[..., object]) -> None:
    """Make ``generic`` called in compiled code on anything but a record say so (a
    TypeError while numba compiles the caller)."""

    @overload(generic, strict=False)
    def _check(rules, *args):  # type: ignore[no-untyped-def]
        if not hasattr(getattr(rules, "instance_class", None), "zs_moves"):
            raise TypeError(f"{rules} is not a compiled rules record (see compiled_rules)")
        return None


for _generic in _GENERIC.values():
    _not_a_record(_generic)
