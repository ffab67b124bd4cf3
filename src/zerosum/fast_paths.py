"""Fast paths, registered: one typed bundle per game class, keyed by the exact class.

A built-in game's fast paths (its compiled rules, its solvers, its opening book, its
state-space counter, its symmetries and keys, its own parts of the ``zerosum`` command)
are faster versions of its rules, true only for the rules they were written for. They
are not members the package discovers on a game: each game class that has them registers
them here as one :class:`FastPaths`, and :mod:`zerosum.hooks` hands them out to a game
whose class is *exactly* the registered one. A subclass, even one that changes nothing,
gets the generic path (the game's own seven methods), so ``class Misere(TicTacToe)``
that negates ``utility`` is never solved as tic-tac-toe. A subclass that keeps the rules
opts in with its parent's bundle::

    zs.games.register_fast_paths(MyConnectFour, like=zs.games.ConnectFour)

or registers a bundle of its own (``FastPaths(compiled_rules=...)``, or the parent's with
some fields replaced: ``dataclasses.replace(fast_paths(ConnectFour), key=None)``).

A game that derives from no registered class (a user's own game, an OpenSpiel game)
keeps its optional members as they are: its ``compiled_rules()``, ``key()``,
``solve_exactly()``... are read from the game itself (:func:`reads_members`).

Each field holds a function of the game (and of a state, where the member takes one),
not a bound method: a bundle serves every instance of its class.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from .hooks import CommandLine
    from .records.rules import Rules
    from .records.solve import SolverAnswer, ValuesAnswer

__all__ = ["FastPaths", "register_fast_paths", "fast_paths", "reads_members", "FIELDS"]

#: The game class a bundle serves.
G = TypeVar("G")
#: Its states.
S = TypeVar("S")
#: Its actions.
A = TypeVar("A")


@dataclass(frozen=True)
class FastPaths(Generic[G, S, A]):
    """What a game class offers besides its seven methods, each field optional (None: the
    generic path). ``G`` is the game class, ``S`` its state type, ``A`` its action type."""

    #: ``compiled_rules(game) -> Rules | None``: the rules as numba functions
    #: (``docs/compiled_games.md``); the compiled search, playouts and MCTS build on them.
    compiled_rules: Callable[[G], Rules | None] | None = None
    #: ``playouts(game, state, n, seed) -> float``: random playouts of the game's own.
    playouts: Callable[[G, S, int, int], float] | None = None
    #: ``key(game, state)``: the transposition key, equal for equal states.
    key: Callable[[G, S], Hashable] | None = None
    #: ``canonical_key(game, state)``: a key equal for states equal up to symmetry.
    canonical_key: Callable[[G, S], Hashable] | None = None
    #: ``symmetry(game)``: what ``canonical_key`` identifies, in a line (for reports).
    symmetry: Callable[[G], str] | None = None
    #: ``move_orders(game, state) -> int``: the orders of play that reach ``state``.
    move_orders: Callable[[G, S], int] | None = None
    #: ``space_layers(game)``: exact state-space counts ply by ply, or None.
    space_layers: Callable[[G], Iterable[Any] | None] | None = None
    #: ``space_probes(game, samples, seed)``: random probes counted compiled, or None.
    space_probes: Callable[[G, int, int], Any] | None = None
    #: ``solve_exactly(game, state)``: a complete solver's answer, or None.
    solve_exactly: Callable[[G, S], SolverAnswer | None] | None = None
    #: ``solve_weakly(game, state)``: every legal action's value, or None.
    solve_weakly: Callable[[G, S], ValuesAnswer | None] | None = None
    #: ``keeping_move(game, state) -> (action, value) | None``: a move keeping the value.
    keeping_move: Callable[[G, S], tuple[A, int] | None] | None = None
    #: ``warm_solver(game)``: load the compiled solver (and book) now.
    warm_solver: Callable[[G], None] | None = None
    #: ``settled(game, state) -> (value, plies) | None``: the outcome known without search.
    settled: Callable[[G, S], tuple[int, int] | None] | None = None
    #: ``has_compiled_solver(game)``: whether an exact compiled solver handles the board.
    has_compiled_solver: Callable[[G], bool] | None = None
    #: ``perfect_is_instant(game)``: whether a perfect player answers at once from the start.
    perfect_is_instant: Callable[[G], bool] | None = None
    #: ``minimax_is_instant(game)``: whether plain minimax searches the whole tree at once.
    minimax_is_instant: Callable[[G], bool] | None = None
    #: The game's parts of the ``zerosum`` command (``zerosum.hooks.CommandLine``).
    command_line: CommandLine | None = None


#: The names of a bundle's fields, the fast paths :mod:`zerosum.hooks` hands out.
FIELDS = tuple(field.name for field in fields(FastPaths))

_BUNDLES: dict[type, FastPaths[Any, Any, Any]] = {}
#: What :func:`reads_members` answered for each class, until the next registration.
_READS: dict[type, bool] = {}


def register_fast_paths(
    cls: type[G],
    bundle: FastPaths[G, S, A] | None = None,
    *,
    like: type | None = None,
) -> None:
    """Give the game class ``cls`` (that exact class, not its subclasses) its fast paths:
    ``bundle``, or with ``like=Parent`` the bundle registered for ``Parent``, for a
    subclass that keeps its parent's rules (``cls`` must derive from ``Parent``).
    Registering again replaces the class's bundle."""
    if (bundle is None) == (like is None):
        raise TypeError("register_fast_paths takes a bundle or like=, one of them")
    if like is not None:
        if not issubclass(cls, like):
            raise TypeError(f"{cls.__name__} does not derive from {like.__name__}")
        found = _BUNDLES.get(like)
        if found is None:
            raise ValueError(f"{like.__name__} has no fast paths registered")
        bundle = found
    assert bundle is not None
    _BUNDLES[cls] = bundle
    _READS.clear()


def fast_paths(cls: type) -> FastPaths[Any, Any, Any] | None:
    """The bundle registered for exactly ``cls``, or None."""
    return _BUNDLES.get(cls)


def reads_members(cls: type) -> bool:
    """Whether a game of class ``cls`` keeps its optional members as they are: a class that
    derives from no registered class (a user's own game). A subclass of a registered class
    without a bundle of its own reads none: its inherited fast paths may be untrue."""
    found = _READS.get(cls)
    if found is None:
        found = _READS[cls] = cls not in _BUNDLES and not issubclass(cls, tuple(_BUNDLES))
    return found
