"""The catalog of optional members a game or an agent may have, and the one place that
reads them.

A game needs only the seven members of :class:`~zerosum.game.Game`, an agent only to be
called. Everything else is optional, and each optional member has here a small typed
``Protocol`` (what it looks like) and one accessor that returns it, or None (False for
a flag) when the object lacks it: ``hooks.settled(game)``. The rest of the package asks
these accessors and never probes an object's members itself.

**Twins** are faster versions of the rules a built-in game carries: compiled rules,
solvers, an opening book, symmetries, state-space counters, transposition keys, and its
own parts of the ``zerosum`` command. They stay true only for the rules they were
written for (``class Misere(TicTacToe)`` that negates ``utility`` would otherwise be
solved as tic-tac-toe), so they are registered, not discovered: each game class that has
them registers one bundle (:class:`zerosum.fast_paths.FastPaths`), and a twin's accessor
goes through :func:`own_hook`, which hands out the bundle of the game's exact class.
A subclass of a registered class gets the generic path over its own methods unless it
registers a bundle too (``register_fast_paths(Mine, like=ConnectFour)``). A game that
derives from no registered class (a user's own) keeps its members as they are.

**Words** are what a game says about itself and how it shows itself: its heuristic
(``evaluate``: a guess, which stays a fair one when a subclass changes a rule, and which
the subclass may override), whether its actions come best first, its spec, its rules in
a line, how it renders, formats, parses and draws, how it reads and writes a position.
They are read as they are, inherited like any method.

**Agent members**: ``prepare(game)``, ``reset(seed)``, ``last``, ``time_limit``,
``name`` (an agent's spec is read by :func:`spec`, as a game's) and ``traced(game,
state, cap)``, the tree one move's search explores (``zerosum.trace``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from .fast_paths import fast_paths, reads_members
from .records.commands import Command, Option

if TYPE_CHECKING:
    from argparse import Namespace

    from .game import Action, Game, State
    from .records.rules import Rules
    from .records.search import SearchInfo
    from .records.solve import SolverAnswer, ValuesAnswer
    from .records.trace import Trace

__all__ = [
    "RULE_MEMBERS", "own_hook",
    # twins
    "CompiledRules", "SearchKernelHook", "Playouts", "Key", "CanonicalKey", "MoveOrders",
    "SpaceLayers", "SpaceProbes", "SolveExactly", "SolveWeakly", "KeepingMove", "WarmSolver",
    "Settled",
    "compiled_rules", "search_kernel", "playouts", "key", "canonical_key", "symmetry",
    "move_orders", "space_layers", "space_probes", "solve_exactly", "solve_weakly",
    "keeping_move", "warm_solver", "settled", "has_compiled_solver", "perfect_is_instant",
    "minimax_is_instant",
    # words
    "Evaluate", "Render", "FormatAction", "ParseAction", "ToSvg", "ColumnBoard",
    "CommandLine", "GameCommands", "ReadPosition", "WritePosition",
    "evaluate", "ordered_actions", "spec", "rules", "render", "format_action",
    "parse_action", "to_svg", "column_board", "command_line", "position", "position_text",
    "side_names", "piece_marks", "Tally", "tally",
    # agents
    "Prepare", "Reset", "Traced", "prepare", "prepare_helpers", "reset", "last", "time_limit",
    "name", "traced",
]  # fmt: skip

#: A game's state, as a twin or a word of that game takes it.
S = TypeVar("S", contravariant=True)
#: A game's action, as a word of that game takes it.
A = TypeVar("A", contravariant=True)
#: A game's action, as a twin or a word of that game gives it.
A_out = TypeVar("A_out", covariant=True)
#: A game's state, as a word of that game gives it.
S_out = TypeVar("S_out", covariant=True)

#: The members that make the rules (``evaluate`` too: compiled twins carry the heuristic).
RULE_MEMBERS = ("initial_state", "player", "actions", "result", "is_terminal", "utility",
                "evaluate")  # fmt: skip

#: The twins that are a value of the game (asked of the game when handed out), not a
#: function of its states.
_OF_THE_GAME = ("symmetry", "has_compiled_solver", "perfect_is_instant", "minimax_is_instant")
#: The twins handed out as they are registered.
_AS_REGISTERED = ("command_line",)


def own_hook(game: object, name: str) -> Any:
    """The twin ``name`` that serves ``game``, or None (the generic path).

    Set on the game itself, it is the game's own. Else, when ``game``'s exact class has a
    registered bundle (:func:`zerosum.fast_paths.register_fast_paths`), the bundle's field
    (a function bound to ``game``; a flag's value; a word as registered). Else, when the
    class derives from no registered class (a user's own game), its member as it is. A
    subclass of a registered class without a bundle of its own gets None: its inherited
    fast paths belong to rules it may have changed.

    >>> import zerosum as zs
    >>> class Mine(zs.games.TicTacToe):
    ...     pass
    >>> own_hook(zs.games.TicTacToe(), "compiled_rules") is not None
    True
    >>> own_hook(Mine(), "compiled_rules") is None, own_hook(Mine(), "key") is None
    (True, True)
    >>> zs.games.register_fast_paths(Mine, like=zs.games.TicTacToe)
    >>> own_hook(Mine(), "compiled_rules") is not None
    True
    """
    if name in getattr(game, "__dict__", ()):
        return getattr(game, name)
    cls = type(game)
    bundle = fast_paths(cls)
    if bundle is None:
        return getattr(game, name, None) if reads_members(cls) else None
    found = getattr(bundle, name, None)
    if found is None or name in _AS_REGISTERED:
        return found
    if name in _OF_THE_GAME:
        return found(game)
    return partial(found, game)


def _member(thing: object, name: str) -> Any:
    """A word or an agent member: ``getattr(thing, name, None)``."""
    return getattr(thing, name, None)


# ---- twins: handed out only while the game's rules are those they were written for ----


class CompiledRules(Protocol):
    """``compiled_rules() -> Rules | None``: the rules as numba functions and the codec
    between states and masks (``kernels/rules.py``, ``docs/compiled_games.md``); None
    where the board does not fit them."""

    def __call__(self) -> Rules | None: ...


class SearchKernelHook(Protocol):
    """``search_kernel() -> kernel | None``: a compiled alpha-beta of the game's own."""

    def __call__(self) -> Any: ...


class Playouts(Protocol[S]):
    """``playouts(state, n, seed) -> float``: the total utility for player 1 of ``n``
    uniformly random playouts from ``state``, the same for the same ``seed``."""

    def __call__(self, state: S, n: int, seed: int) -> float: ...


class Key(Protocol[S]):
    """``key(state) -> Hashable``: the transposition key, equal for equal states."""

    def __call__(self, state: S) -> Hashable: ...


class CanonicalKey(Protocol[S]):
    """``canonical_key(state) -> Hashable``: a key equal for states equal up to symmetry
    (named by the game's ``symmetry``, a line of text)."""

    def __call__(self, state: S) -> Hashable: ...


class MoveOrders(Protocol[S]):
    """``move_orders(state) -> int``: the orders of play that reach ``state``."""

    def __call__(self, state: S) -> int: ...


class SpaceLayers(Protocol):
    """``space_layers() -> Iterable[LayerCounts] | None``: exact state-space counts ply
    by ply (``games/space.py``), or None where the game cannot count its board."""

    def __call__(self) -> Iterable[Any] | None: ...


class SpaceProbes(Protocol):
    """``space_probes(samples, seed) -> Probes | None``: ``samples`` random games from
    the start, counted compiled, or None where the game cannot."""

    def __call__(self, samples: int, seed: int) -> Any: ...


class SolveExactly(Protocol[S]):
    """``solve_exactly(state) -> ExactAnswer | ValuesAnswer | None``: a complete solver's
    scores, plies and nodes (or values and nodes), or None where it cannot answer
    (``agents/solve.py``, :mod:`zerosum.records.solve`)."""

    def __call__(self, state: S) -> SolverAnswer | None: ...


class SolveWeakly(Protocol[S]):
    """``solve_weakly(state) -> ValuesAnswer | None``: every legal action's value and the
    nodes searched, or None where it cannot answer (``agents/solve.py``)."""

    def __call__(self, state: S) -> ValuesAnswer | None: ...


class KeepingMove(Protocol[S, A_out]):
    """``keeping_move(state) -> (action, value) | None``: a move that keeps the
    position's value, proved more cheaply than every move's score."""

    def __call__(self, state: S) -> tuple[A_out, int] | None: ...


class WarmSolver(Protocol):
    """``warm_solver() -> None``: load the game's compiled solver now."""

    def __call__(self) -> None: ...


class Settled(Protocol[S]):
    """``settled(state) -> (value, plies) | None``: the exact outcome for the player to
    move, known without search, or None."""

    def __call__(self, state: S) -> tuple[int, int] | None: ...


def compiled_rules(game: object) -> CompiledRules | None:
    """The game's own ``compiled_rules``, or None."""
    return own_hook(game, "compiled_rules")


def search_kernel(game: object) -> SearchKernelHook | None:
    """The game's own ``search_kernel``, or None."""
    return own_hook(game, "search_kernel")


def playouts(game: Game[State, Action]) -> Playouts[State] | None:
    """The game's own ``playouts``, or None."""
    return own_hook(game, "playouts")


def key(game: Game[State, Action]) -> Key[State] | None:
    """The game's own ``key``, or None (``zerosum.game.key_function`` then derives one)."""
    return own_hook(game, "key")


def canonical_key(game: Game[State, Action]) -> CanonicalKey[State] | None:
    """The game's own ``canonical_key``, or None."""
    return own_hook(game, "canonical_key")


def symmetry(game: Game[State, Action]) -> str | None:
    """What the game's own ``canonical_key`` identifies (its ``symmetry``), or None when
    it has no ``canonical_key`` of its own."""
    if canonical_key(game) is None:
        return None
    named = own_hook(game, "symmetry")
    return None if named is None else str(named)


def move_orders(game: Game[State, Action]) -> MoveOrders[State] | None:
    """The game's own ``move_orders``, or None."""
    return own_hook(game, "move_orders")


def space_layers(game: object) -> SpaceLayers | None:
    """The game's own ``space_layers``, or None."""
    return own_hook(game, "space_layers")


def space_probes(game: object) -> SpaceProbes | None:
    """The game's own ``space_probes``, or None."""
    return own_hook(game, "space_probes")


def solve_exactly(game: Game[State, Action]) -> SolveExactly[State] | None:
    """The game's own ``solve_exactly``, or None."""
    return own_hook(game, "solve_exactly")


def solve_weakly(game: Game[State, Action]) -> SolveWeakly[State] | None:
    """The game's own ``solve_weakly``, or None."""
    return own_hook(game, "solve_weakly")


def keeping_move(game: Game[State, Action]) -> KeepingMove[State, Action] | None:
    """The game's own ``keeping_move``, or None."""
    return own_hook(game, "keeping_move")


def warm_solver(game: object) -> WarmSolver | None:
    """The game's own ``warm_solver``, or None."""
    return own_hook(game, "warm_solver")


def settled(game: Game[State, Action]) -> Settled[State] | None:
    """The game's own ``settled``, or None."""
    return own_hook(game, "settled")


def has_compiled_solver(game: object) -> bool:
    """Whether the game's own ``has_compiled_solver`` says it has an exact compiled solver
    (Connect Four's, which the command line's batch solving and table options drive)."""
    return bool(own_hook(game, "has_compiled_solver"))


def perfect_is_instant(game: object) -> bool:
    """Whether the game's own ``perfect_is_instant`` says a perfect player answers from
    the start in well under a second (the page then offers one)."""
    return own_hook(game, "perfect_is_instant") is True


def minimax_is_instant(game: object) -> bool:
    """Whether the game's own ``minimax_is_instant`` says plain minimax searches its whole
    tree from the start in about a second (the page then offers it)."""
    return own_hook(game, "minimax_is_instant") is True


# ---- words: what a game says about itself and how it shows itself, read as they are ----


class Evaluate(Protocol[S]):
    """``evaluate(state, player) -> float``: the heuristic at a depth cutoff, zero-sum
    and strictly between the loss and the win."""

    def __call__(self, state: S, player: int) -> float: ...


class Render(Protocol[S]):
    """``render(state) -> str``: the text of a state (else what ``print_state`` prints)."""

    def __call__(self, state: S) -> str: ...


class FormatAction(Protocol[A]):
    """``format_action(action) -> str``: how a human reads an action (else ``str``)."""

    def __call__(self, action: A) -> str: ...


class ParseAction(Protocol[S, A_out]):
    """``parse_action(text, state) -> action``: a human's input as an action, raising
    ``ValueError`` on what it cannot read."""

    def __call__(self, text: str, state: S) -> A_out: ...


class ToSvg(Protocol[S, A]):
    """``to_svg(state, last=None) -> str``: the state drawn as SVG (``last``, the move
    that led to it, highlighted when the method takes it: callers ask its signature)."""

    def __call__(self, state: S, last: A | None = None) -> str: ...


class ColumnBoard(Protocol[S]):
    """A board of columns, ``k`` in a row winning (Connect Four's ``width``, ``height``,
    ``k`` and ``cell(state, col, row) -> 0, 1 or 2``, row 0 at the bottom): what a
    ConnectX agent needs to see."""

    width: int
    height: int
    k: int

    def cell(self, state: S, col: int, row: int) -> int: ...

    def player(self, state: S) -> int: ...


def evaluate(game: Game[State, Action]) -> Evaluate[State] | None:
    """The game's ``evaluate``, or None."""
    return _member(game, "evaluate")


def ordered_actions(game: object) -> bool:
    """Whether the game says its ``actions`` list the likely best moves first
    (``ordered_actions = True``), so searchers keep its order."""
    return bool(_member(game, "ordered_actions"))


def spec(game: object) -> str | None:
    """The game's ``spec``, the string that rebuilds it, or None."""
    found = _member(game, "spec")
    return None if found is None else str(found)


def rules(game: object) -> str | None:
    """The game's ``rules`` in a line (for the web page), or None."""
    found = _member(game, "rules")
    return None if found is None else str(found)


def side_names(game: object) -> tuple[str, str] | None:
    """What the game calls its two sides, player 1's first (Connect Four's ``("Red",
    "Yellow")``), from its ``side_names``; None when it names none (or not two)."""
    found = _member(game, "side_names")
    if isinstance(found, tuple | list) and len(found) == 2 and all(found):
        return (str(found[0]), str(found[1]))
    return None


def piece_marks(game: object) -> tuple[str, str] | None:
    """How each side's pieces print on the board the game renders, player 1's first
    (Connect Four's ``("X", "O")``, for Red and Yellow), from its ``piece_marks``; None
    when it says none (or not two): a terminal prompt then names the side alone."""
    found = _member(game, "piece_marks")
    if isinstance(found, tuple | list) and len(found) == 2 and all(found):
        return (str(found[0]), str(found[1]))
    return None


class Tally(Protocol[S]):
    """``tally(state) -> str``: the count that decides the game, in a line ("Black 40,
    White 24"), for the page's result."""

    def __call__(self, state: S) -> str: ...


def tally(game: Game[State, Action]) -> Tally[State] | None:
    """The game's ``tally``, or None."""
    return _member(game, "tally")


def render(game: Game[State, Action]) -> Render[State] | None:
    """The game's ``render``, or None."""
    return _member(game, "render")


def format_action(game: Game[State, Action]) -> FormatAction[Action] | None:
    """The game's ``format_action``, or None."""
    return _member(game, "format_action")


def parse_action(game: Game[State, Action]) -> ParseAction[State, Action] | None:
    """The game's ``parse_action``, or None."""
    return _member(game, "parse_action")


class ReadPosition(Protocol[S_out]):
    """``position(text) -> state``: a position typed as text (the board as it prints, or
    the game's compact line), raising ``ValueError`` (``zerosum.PositionError``) with the
    reason in a line on text it cannot read or a position that cannot occur."""

    def __call__(self, text: str) -> S_out: ...


class WritePosition(Protocol[S]):
    """``position_text(state) -> str``: the state as the one compact line, side to move
    included, that ``position`` reads back."""

    def __call__(self, state: S) -> str: ...


def position(game: Game[State, Action]) -> ReadPosition[State] | None:
    """The game's ``position`` (text to state), or None."""
    return _member(game, "position")


def position_text(game: Game[State, Action]) -> WritePosition[State] | None:
    """The game's ``position_text`` (state to its compact line), or None."""
    return _member(game, "position_text")


def to_svg(game: Game[State, Action]) -> ToSvg[State, Action] | None:
    """The game's ``to_svg``, or None."""
    return _member(game, "to_svg")


def column_board(game: Game[State, Action]) -> ColumnBoard[State] | None:
    """The game itself when it is a board of columns (:class:`ColumnBoard`), else None."""
    fits = all(_member(game, name) is not None for name in ("width", "height", "k", "cell"))
    return cast("ColumnBoard[State]", game) if fits else None


class GameCommands(Protocol):
    """A game's own parts of the ``zerosum`` command, described as data
    (:mod:`zerosum.records.commands`) that the command line builds into argparse."""

    @property
    def commands(self) -> tuple[Command, ...]:
        """Its subcommands (Connect Four's ``book``)."""

    @property
    def solve_options(self) -> tuple[Option, ...]:
        """Its options of ``zerosum solve`` (Connect Four's ``--batch``, ``--tt-mb``)."""

    def before_solve(self, game: Game, args: Namespace) -> int | None:
        """Act on those options before ``zerosum solve`` solves ``game``: an exit status
        when it did the work itself, else None."""


class CommandLine(Protocol):
    """``command_line(kit) -> GameCommands``: the game's parts of the ``zerosum`` command,
    built with what the command line lends a game (argument types, the arena's pools),
    which sit above the games; a field of the class's registered fast paths."""

    def __call__(self, kit: Any) -> GameCommands: ...


def command_line(game: object) -> CommandLine | None:
    """The ``command_line`` registered for a game's class (``game`` or its class), or a
    user's game's own member, or None."""
    cls = game if isinstance(game, type) else type(game)
    bundle = fast_paths(cls)
    if bundle is not None:
        return bundle.command_line
    return _member(game, "command_line") if reads_members(cls) else None


# ---- agents ----


class Prepare(Protocol):
    """``prepare(game)``: load what the agent's moves in ``game`` will run (compiled
    code), so that no move's clock pays for it."""

    def __call__(self, game: Game) -> None: ...


class Reset(Protocol):
    """``reset(seed=None)``: forget memory between games; reseed, given a seed."""

    def __call__(self, seed: int | None = None) -> None: ...


class Traced(Protocol):
    """``traced(game, state, cap)``: the tree the agent's search for a move in ``state``
    explores, at most ``cap`` nodes kept (a :class:`~zerosum.trace.Trace`)."""

    def __call__(self, game: Game[State, Action], state: State, cap: int) -> Trace: ...


def prepare(agent: object) -> Prepare | None:
    """The agent's ``prepare``, or None."""
    return _member(agent, "prepare")


def prepare_helpers(agent: object) -> Prepare | None:
    """The agent's ``prepare_helpers(game)``, or None: one-time work that ``prepare`` would
    otherwise do on the way and that another process can do meanwhile (compiling the
    helpers of its compiled search, handed over through numba's disk cache)."""
    return _member(agent, "prepare_helpers")


def reset(agent: object) -> Reset | None:
    """The agent's ``reset``, or None."""
    return _member(agent, "reset")


def last(agent: object) -> SearchInfo | None:
    """What the agent's latest search did (its ``last``), or None."""
    return _member(agent, "last")


def time_limit(agent: object) -> float | None:
    """The seconds per move the agent was built with (its ``time_limit``), or None."""
    return _member(agent, "time_limit")


def name(agent: object) -> str | None:
    """The agent's ``name`` for records and tables, when it is a non-empty string, or None."""
    found = _member(agent, "name")
    return found if isinstance(found, str) and found else None


def traced(agent: object) -> Traced | None:
    """The agent's ``traced``, or None (the agent cannot show its search)."""
    return _member(agent, "traced")
