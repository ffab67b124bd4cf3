"""Exact solving: the game-theoretic value of a position and of each of its moves.

``solve(game, state)`` works for any game with the seven-member interface whose states
have a key (``zerosum.game.state_key``: hashable, or lists, dicts, numpy arrays... of
such, or the game's ``key(state)``) and whose actions are hashable (they key the
per-move results). Values are signs, from the point of view of
the player to move: 1 a win, 0 a draw, -1 a loss (the sign of the utility at the end).
Plies count moves to the end under perfect play: the winner takes the fastest win, the
loser the slowest loss. A draw has no such preference, so its plies are ``None``. A weak
solve (``weak=True``) finds only the values, which is much cheaper, and leaves the plies
``None`` unless the game's exact solver gives them anyway.

The search is a negamax alpha-beta over integer scores that encode the distance to the
end (``WIN - plies`` for a win, ``-(WIN - plies)`` for a loss, 0 for a draw), so a table
entry means the same wherever its position is met. The table keeps a lower and an upper
bound per position; each move is first decided win/draw/loss with null windows (cheap),
then its exact distance is found with a window bounded by what is already known.

Optional members of a game speed it up, and the solver uses them when present and the
game's own (a subclass that changes a built-in game's rules does not inherit them:
``zerosum.hooks``):

``settled(state) -> tuple[int, int] | None``
    ``(value, plies)`` when the outcome under perfect play is known without search (for
    example Migration once the armies can no longer meet), else ``None``. ``value`` is
    1, 0 or -1 for the player to move; ``plies`` counts moves to the end (ignored for a
    draw). It must be exact: the solver trusts it.

``solve_exactly(state) -> ExactAnswer | ValuesAnswer | None``
    A complete compiled solver. It returns ``None`` when it cannot handle ``state``,
    else an :class:`~zerosum.records.solve.ExactAnswer` (``scores``: {action: int},
    ``plies``: {action: int}, ``nodes``: int): one score
    per legal action, from the mover's point of view (positive a win, larger sooner;
    negative a loss; 0 a draw), the plies to the end after that action (counting it) and
    the positions it searched. ``solve`` then fills ``score`` and ``action_scores``. Where
    it knows only the values (an opening book of values), it may answer as
    ``solve_weakly`` does, a :class:`~zerosum.records.solve.ValuesAnswer`: the result is
    then that of a weak solve. (The dicts of the same keys these answers once were are
    still read, with a :class:`DeprecationWarning`.)

``solve_weakly(state) -> ValuesAnswer | None``
    A compiled solver of values only, for ``weak=True``: ``None`` when it cannot handle
    ``state``, else a :class:`~zerosum.records.solve.ValuesAnswer` (``values``: {action:
    int}, ``nodes``: int), every legal action's
    value (1, 0 or -1 for the player to move) and the positions it searched (Migration's,
    ``games/migration/solver.py``).

A game with neither but with compiled rules (``compiled_rules()``,
``docs/compiled_games.md``) is solved by the compiled alpha-beta searching each move to
the end with the win/loss-only evaluation: weakly as it is, exactly with each ply
discounted, which makes a result's distance part of its value (unless the game has
``settled``, whose pruning serves an exact solve better). A solve small enough to finish
in Python within :data:`PYTHON_FIRST_NODES` positions (tic-tac-toe's) is answered by the
Python search, before numba would have compiled anything. A game small enough for Python
throughout (:func:`python_suffices`) is solved by it alone, and so is any game by a
``Solver(game, compiled=False)``, but for what its ``solve_exactly`` answers without
loading compiled code (:func:`zerosum.kernels.cached.loaded_only`: Connect Four's
opening book).

``keeping_move(state) -> tuple[action, int] | None``
    A move that keeps the position's value, and that value (1, 0 or -1 for the player to
    move), proved more cheaply than every move's score; ``None`` where the game's solver
    answers at once anyway. ``Perfect`` plays it when a deadline leaves no time for the
    full solve (Connect Four's, from its opening book or a weak solve and one
    null-window search per move tried).

``ordered_actions = True``
    Says ``actions(state)`` already lists the likely best moves first (Connect Four's
    center-first columns), so the solver keeps that order instead of putting first the
    moves that refuted others elsewhere (the history heuristic, which helps games whose
    order says nothing, such as Migration and Pick).
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import time
from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, Generic, cast

from .. import budget, hooks
from ..game import Action, Game, State, ZerosumError, game_name, key_function, zero
from ..kernels.cached import loaded_only
from ..records.search import AlphaBetaInfo, KeptInfo, SolvedInfo, UnprovenInfo
from ..records.solve import ExactAnswer, SolveResult, ValuesAnswer, solver_answer
from .base import SearchInfo, Seeded
from .negamax import Entry, ExactRules, build_negamax
from .search import AlphaBeta, proven_plies

if TYPE_CHECKING:
    from .search import _Search

__all__ = ["SolveResult", "Solver", "solve", "Perfect", "WIN", "python_suffices"]

#: Score of a win at the end of the current ply; a win in ``d`` plies scores ``WIN - d``.
WIN = 1 << 24
#: Positions a solve searches in Python before it turns to the compiled search instead
#: (about 20 ms; 0: none): a small game is solved before numba would have compiled the
#: kernel.
PYTHON_FIRST_NODES = 4096


def python_suffices(game: Game) -> bool:
    """Whether ``game`` is small enough to be solved and searched in Python at once, so that
    compiling numba's code for it (seconds, on a machine that has not yet) costs more than
    it saves: the game says plain minimax searches its whole tree in about a second
    (``minimax_is_instant``: tic-tac-toe, Pick 3) and has no exact solver of its own."""
    return hooks.minimax_is_instant(game) and hooks.solve_exactly(game) is None


class _Outgrown(Exception):
    """A Python search passed the positions it was given (see :data:`PYTHON_FIRST_NODES`)."""


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


def _plies(score: int) -> int | None:
    return None if score == 0 else WIN - abs(score)


def _up(score: int) -> int:
    """A child's score one ply further from the end (wins and losses one ply longer)."""
    return score - 1 if score > 0 else score + 1 if score < 0 else 0


def _down(bound: int) -> int:
    """The inverse of :func:`_up` on window bounds: the child bound for a parent bound."""
    return bound + 1 if bound > 0 else bound - 1 if bound < 0 else 0


class Solver(Generic[State, Action]):
    """An exact solver for one game; its table of bounds is kept between calls.

    The table is never trimmed (an exact answer needs it whole), so its memory grows with
    the positions searched: about half a million for Migration 6x6.

    >>> import zerosum as zs
    >>> result = Solver(zs.games.TicTacToe()).solve()
    >>> result.value, result.plies
    (0, None)
    """

    def __init__(self, game: Game[State, Action], compiled: bool = True) -> None:
        self.game = game
        #: Whether the game's own solvers and the compiled search may answer; False (or a
        #: game where :func:`python_suffices`): the Python search, which compiles nothing,
        #: and the game's own exact solver only as far as it answers without loading
        #: compiled code (``loaded_only``: Connect Four's from its opening book).
        self.compiled = compiled and not python_suffices(game)
        #: key -> (depth: ``inf``, lower bound, upper bound, best move, False)
        self.table: dict[Hashable, Entry] = {}
        self.nodes = 0
        self.deadline: float | None = None  # of the solve under way (see :mod:`budget`)
        self.most: float = math.inf  # positions the solve under way may search
        self._outgrown = False  # whether a Python search outgrew PYTHON_FIRST_NODES
        self._search = self._build()

    def solve(self, state: State | None = None, weak: bool = False) -> SolveResult:
        """Solve ``state`` (default: the start) exactly, or with ``weak`` only its values;
        see :class:`SolveResult`. Raises :class:`~zerosum.budget.OutOfTime` when the
        current move's deadline (:mod:`zerosum.budget`) passes first; the table keeps what
        was proven."""
        game = self.game
        state = game.initial_state if state is None else state
        start = time.perf_counter()
        if game.is_terminal(state):
            raise ValueError(f"the game is over: there is nothing to solve in {game_name(game)}")
        self.deadline = budget.deadline()
        weakly = hooks.solve_weakly(game) if weak and self.compiled else None
        weak_answer = weakly(state) if weakly is not None else None
        if weak_answer is not None:
            found = solver_answer(weak_answer)
            if not isinstance(found, ValuesAnswer):
                raise ValueError("solve_weakly must answer with a ValuesAnswer")
            return _from_weak_hook(found, game.actions(state), time.perf_counter() - start)
        hook = hooks.solve_exactly(game)
        with contextlib.nullcontext() if self.compiled else loaded_only():
            answer = hook(state) if hook is not None else None
        if answer is not None:
            answer = solver_answer(answer)
        if isinstance(answer, ValuesAnswer):  # all the game's solver knows here
            return _from_weak_hook(answer, game.actions(state), time.perf_counter() - start)
        if answer is not None:
            return _from_hook(answer, time.perf_counter() - start)
        scores, nodes = self._search_each_move(state, weak)
        if weak:
            values = {action: _sign(score) for action, score in scores.items()}
            return _weak_result(values, nodes, time.perf_counter() - start)
        return _result(scores, nodes, time.perf_counter() - start)

    def _search_each_move(self, state: State, weak: bool) -> tuple[dict[Action, int], int]:
        """Every move's score (see :data:`WIN`; with ``weak`` only its sign is meant) and
        the positions searched: by the compiled search where the game has one (see
        :func:`_by_compiled_search`), unless this Python search finishes first within
        :data:`PYTHON_FIRST_NODES` positions, as a small game's does (tic-tac-toe from the
        start: 1,356) long before numba would have compiled the kernel (seconds, on a
        machine that has never run it). A solver that outgrew it once goes straight to
        the compiled search from then on; without one, the Python search goes on from the
        table the first attempt filled. Without :attr:`compiled`, the Python search alone."""
        if not self.compiled:
            return self._by_python_search(state, weak, None)
        if not self._outgrown and PYTHON_FIRST_NODES > 0:
            try:
                return self._by_python_search(state, weak, PYTHON_FIRST_NODES)
            except _Outgrown:
                self._outgrown = True
        compiled = _by_compiled_search(self.game, state, weak)
        if compiled is not None:
            return compiled
        return self._by_python_search(state, weak, None)

    def _by_python_search(
        self, state: State, weak: bool, most: int | None
    ) -> tuple[dict[Action, int], int]:
        """Every move's score and the positions searched, by this Python search; raises
        :class:`_Outgrown` past ``most`` positions (None: no limit)."""
        game = self.game
        self.nodes = 0
        self.most = math.inf if most is None else most
        me = game.player(state)
        scores: dict[Action, int] = {}
        for action in game.actions(state):
            child = game.result(state, action)
            self.nodes += 1
            if game.is_terminal(child):
                scores[action] = _sign(game.utility(child, me)) * (WIN - 1)
            else:
                child_score = self.outcome(child) if weak else self.exact(child)
                same = game.player(child) == me
                scores[action] = _up(child_score) if same else -_up(child_score)
        return scores, self.nodes

    def outcome(self, state: State) -> int:
        """A score of the non-terminal ``state`` for its mover with the right sign (1 win,
        0 draw, -1 loss), from a search in a window that holds only a draw."""
        return self._search(state, self.game.player(state), -1, 1)

    def exact(self, state: State) -> int:
        """The exact score of the non-terminal ``state`` for its mover (see :data:`WIN`)."""
        search, me = self._search, self.game.player(state)
        # The outcome first (cheap); then the distance, in a window holding the true score
        # strictly inside, so fail-soft search returns it.
        value = self.outcome(state)
        if value > 0:
            return search(state, me, value - 1, WIN)
        if value < 0:
            return search(state, me, -WIN, value + 1)
        return 0

    def _build(self) -> Callable[[State, int, int, int], int]:
        """The search, ``search(state, me, alpha, beta)``: the one Python negamax
        (:func:`~zerosum.agents.negamax.build_negamax`) with the solver's rules
        (:class:`~zerosum.agents.negamax.ExactRules`, from :func:`_exact_rules`), searching
        to the end (depth ``inf``, which keys the table's entries without depth)."""
        key = key_function(
            self.game, self.game.initial_state, canonical=False
        )  # a missed one costs time
        host = cast("_Search", _Host(self.game, key, self.table))  # all build_negamax reads
        negamax, _ = build_negamax(host, True, _exact_rules(self, key))

        def search(state: State, me: int, alpha: int, beta: int) -> int:
            """Fail-soft score of the non-terminal ``state`` for ``me``, its mover."""
            return int(negamax(state, key(state), me, _END, 0, alpha, beta))

        return search


#: The depth of the solver's search, and of every entry in its table: to the end.
_END = math.inf


@dataclasses.dataclass
class _Host:
    """What :func:`~zerosum.agents.negamax.build_negamax` reads of a search, for the
    solver's: its game, key and table; no trace, no heuristic, no depth cutoff. Its
    ``nodes`` and ``cuts`` are the recursion's own tallies, unread: the solver counts the
    positions it enters itself (``ExactRules.enter``)."""

    game: Game
    key: Callable[[Any], Hashable]
    table: dict[Hashable, Entry]
    heuristic: Callable[[object, int], float] = zero
    decay: float = 1.0
    deadline: float | None = None
    traced: bool = False
    ends_first: bool = False
    prune: bool = True
    lines: None = None
    nodes: int = 0
    cuts: int = 0
    root_me: int = 0
    recorder: None = None
    best_child: dict[int, int] = dataclasses.field(default_factory=dict)


def _exact_rules(solver: Solver, key: Callable[[Any], Hashable]) -> ExactRules:
    """What the solver's search changes in the one negamax (see
    :class:`~zerosum.agents.negamax.ExactRules`), as closures over ``solver``'s game and
    table (``key``: the game's state key): scores that encode the distance to the end
    (see :data:`WIN`); bounds merged with the entry found and never trimmed; the game's
    ``settled`` on a table miss; a first look at every child for a win at once and for a
    table entry that proves a cut-off; the positions entered counted, with
    :data:`PYTHON_FIRST_NODES`'s limit and a look at the deadline every 1,024; moves that
    refuted others first (the history heuristic), unless the game's own order is better,
    and the table's move before all."""
    game, table = solver.game, solver.table
    actions, result, is_terminal = game.actions, game.result, game.is_terminal
    utility, player = game.utility, game.player
    settled = hooks.settled(game)
    win1 = WIN - 1
    clock = time.perf_counter
    history: defaultdict[object, int] = defaultdict(int)
    rank = history.__getitem__
    # Moves that refuted others before go first, unless the game's own order is better.
    by_history = not hooks.ordered_actions(game)

    def known(state: object, k: Hashable) -> int | None:
        """The score of a position the game's ``settled`` knows without search, kept."""
        assert settled is not None
        found = settled(state)
        if found is None:
            return None
        value, plies = found
        score = 0 if value == 0 else (WIN - plies) * (1 if value > 0 else -1)
        table[k] = (_END, score, score, None, False)
        return score

    def enter() -> None:
        """One more position searched: past the limit, or the deadline, the solve stops."""
        solver.nodes += 1
        if solver.nodes > solver.most:
            raise _Outgrown
        out = solver.deadline
        if out is not None and not solver.nodes & 1023 and clock() > out:
            raise budget.OutOfTime(f"the solver ran out of time in {game_name(game)}")

    def legal(state: object, k: Hashable) -> Sequence[object]:
        return actions(state)

    def order(moves: Sequence[object], first: object, ply: int) -> Sequence[object]:
        """The moves by history (unless the game's order is better), the table's first."""
        if by_history:
            moves = sorted(moves, key=rank, reverse=True)
        if first is not None and first in moves:
            moves = list(moves)
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def reward(move: object, depth: float, ply: int) -> None:
        history[move] += 1

    def store(
        k: Hashable, entry: Entry | None, depth: float, best: float, start_alpha: float,
        beta: float, move: object, cut: bool,
    ) -> None:  # fmt: skip
        """The bounds ``best`` proves, merged with those the table held on entry."""
        low, high = (entry[1], entry[2]) if entry is not None else (-WIN, WIN)
        if best <= start_alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        table[k] = (depth, low, high, move, False)

    def first_pass(
        state: object, k: Hashable, me: int, moves: Sequence[object], alpha: float,
        beta: float, entry: Entry | None,
    ) -> tuple[float | None, float, object, float, Sequence[object], Sequence[object]]:  # fmt: skip
        """Every child first: a win now ends the search, other endings are known values;
        then a child whose stored bound already proves a cut-off ends it (enhanced
        transposition cutoff: a table look-up instead of a subtree). Else the children
        still open, for the loop (none when the endings already reach ``beta``)."""
        best: float = -WIN - 1
        best_move = None
        open_moves: list[object] = []
        children: list[object] = []
        for move in moves:
            child = result(state, move)
            if is_terminal(child):
                u = utility(child, me)
                if u > 0:  # nothing beats winning now
                    table[k] = (_END, win1, win1, move, False)
                    return win1, best, best_move, alpha, (), ()
                value = 0 if u == 0 else -win1
                if value > best:
                    best, best_move = value, move
            else:
                open_moves.append(move)
                children.append(child)
        if best > alpha:
            alpha = best
        for move, child in zip(open_moves, children, strict=True):
            bounds = table.get(key(child))
            if bounds is not None:
                lower, upper = int(bounds[1]), int(bounds[2])  # the solver's are integers
                value = _up(lower) if player(child) == me else -_up(upper)
                if value >= beta:
                    low, high = (entry[1], entry[2]) if entry is not None else (-WIN, WIN)
                    table[k] = (_END, max(low, value), high, move, False)
                    return value, best, best_move, alpha, (), ()
        if alpha >= beta:
            return None, best, best_move, alpha, (), ()
        return None, best, best_move, alpha, open_moves, children

    return ExactRules(
        distance=True,
        store=store,
        known=None if settled is None else known,
        first_pass=first_pass,
        enter=enter,
        legal=legal,
        order=order,
        reward=reward,
    )


def _result(scores: dict[Action, int], nodes: int, seconds: float) -> SolveResult:
    best_score = max(scores.values())
    best = tuple(a for a, s in scores.items() if s == best_score)
    return SolveResult(
        value=_sign(best_score),
        action_values={a: _sign(s) for a, s in scores.items()},
        best_actions=best,
        plies=_plies(best_score),
        action_plies={a: _plies(s) for a, s in scores.items()},
        nodes=nodes,
        seconds=seconds,
    )


def _by_compiled_search(
    game: Game[State, Action], state: State, weak: bool
) -> tuple[dict[Action, int], int] | None:
    """Every move's score (see :data:`WIN`; with ``weak`` only its sign is meant) and the
    positions searched, for a game with compiled rules (``compiled_rules()``,
    ``docs/compiled_games.md``) and no solver of its own: each move's position searched to
    the end by the compiled alpha-beta with the win/loss-only evaluation. Exact, it also
    discounts each ply (``depth_adjust``), so a forced result ``k`` plies away is worth
    ``DECAY ** k``, which gives the distance; weak, it skips that (cheaper: any win will
    do). None for a game without compiled rules, and for an exact solve of a game with
    ``settled``, which the generic solver's search uses and this one cannot (Migration 6x6
    from the start: 4 s with it, 36 s compiled without). Raises
    :class:`~zerosum.budget.OutOfTime` when the deadline cuts a search short."""
    from ..kernels.alphabeta import search_kernel

    if search_kernel(game) is None or (not weak and hooks.settled(game) is not None):
        return None
    search = AlphaBeta(evaluate=zero, depth_adjust=not weak)
    me, scores, nodes = game.player(state), {}, 0
    for action in game.actions(state):
        child = game.result(state, action)
        if game.is_terminal(child):
            scores[action] = _sign(game.utility(child, me)) * (WIN - 1)
            continue
        search(game, child)
        found = search.last
        assert isinstance(found, AlphaBetaInfo) and found.compiled
        if found.note:  # the deadline cut it: its value is a guess
            raise budget.OutOfTime(found.note)
        nodes += found.nodes
        score = _sign(found.value) if weak else _up(_decayed_score(found.value))
        scores[action] = score if game.player(child) == me else -score
    return scores, nodes


def _decayed_score(value: float) -> int:
    """The score (see :data:`WIN`) of a proven value ``±DECAY ** plies`` (or 0)."""
    if value == 0:
        return 0
    plies = proven_plies(value)
    if plies is None:
        raise ZerosumError(f"the compiled search to the end gave {value!r}, not a proven result")
    return _sign(value) * (WIN - plies)


def _weak_result(values: dict[Action, int], nodes: int, seconds: float) -> SolveResult:
    """A weak :class:`SolveResult` from the value of every legal action (no plies)."""
    top = max(values.values())
    return SolveResult(
        value=top,
        action_values=values,
        best_actions=tuple(a for a, v in values.items() if v == top),
        plies=None,
        action_plies=dict.fromkeys(values),
        nodes=nodes,
        seconds=seconds,
        values_only=True,
    )


def _from_weak_hook(answer: ValuesAnswer, legal: Sequence[object], seconds: float) -> SolveResult:
    """A weak :class:`SolveResult` from a game's ``solve_weakly`` answer, checked to give
    every ``legal`` action a value."""
    values: dict[object, int] = dict(answer.values)
    if set(values) != set(legal) or not set(values.values()) <= {-1, 0, 1}:
        raise ValueError("solve_weakly must give every legal action a value of 1, 0 or -1")
    return _weak_result(values, int(answer.nodes), seconds)


def _from_hook(answer: ExactAnswer, seconds: float) -> SolveResult:
    """A :class:`SolveResult` from a game's ``solve_exactly`` answer (scores, plies, nodes)."""
    scores: dict[object, int] = dict(answer.scores)
    plies: dict[object, int] = dict(answer.plies)
    if not scores or set(plies) != set(scores):
        raise ValueError("solve_exactly must give a score and plies for every legal action")
    top = max(scores.values())
    best = tuple(a for a, s in scores.items() if s == top)
    return SolveResult(
        value=_sign(top),
        action_values={a: _sign(s) for a, s in scores.items()},
        best_actions=best,
        plies=None if top == 0 else plies[best[0]],
        action_plies={a: None if s == 0 else plies[a] for a, s in scores.items()},
        nodes=int(answer.nodes),
        seconds=seconds,
        score=top,
        action_scores=scores,
    )


def solve(game: Game[State, Action], state: State | None = None, weak: bool = False) -> SolveResult:
    """Solve ``state`` of ``game`` (default: the start) exactly, or with ``weak`` only the
    values (plies ``None``); see :class:`SolveResult`.

    >>> import zerosum as zs
    >>> result = zs.solve(zs.games.Migration(n=4))
    >>> result.value, result.plies, result.action_plies
    (-1, 12, {(1, 0, 1, 1): 6, (2, 0, 2, 1): 12})
    """
    return Solver(game).solve(state, weak)


def _near_an_end(game: Game[State, Action], plies: int = 2, most: int = 1000) -> State | None:
    """The position ``plies`` moves before the end of the game each side plays by its
    first action (the start for a shorter game); None for a game over at the start or
    not over within ``most`` moves."""
    states = [game.initial_state]
    while not game.is_terminal(states[-1]):
        if len(states) > most:
            return None
        states.append(game.result(states[-1], game.actions(states[-1])[0]))
    return states[max(0, len(states) - 1 - plies)] if len(states) > 1 else None


def _has_compiled_solve(game: Game) -> bool:
    """Whether solving ``game`` runs compiled code: its own solvers or its compiled rules
    (unless :func:`python_suffices`). Asks the game only: nothing is compiled or loaded."""
    own = (hooks.solve_exactly(game), hooks.solve_weakly(game), hooks.keeping_move(game))
    rules = (hooks.search_kernel(game), hooks.compiled_rules(game))
    compiled = any(hook is not None for hook in (*own, *rules))
    return compiled and not python_suffices(game)


class Perfect(Seeded):
    """Plays by :func:`solve`: the fastest win, else a draw, else the slowest loss.

    Among equally good moves it prefers those that leave the opponent the fewest replies
    keeping a draw or a win (as far as a short search allows), then plays the first in the
    game's order, or a random one with ``seed``. The solver's table is kept between moves
    of the same game. ``last`` is the :class:`SearchInfo` of the latest move (depth: plies
    to the end, 0 for a draw), with the full :class:`SolveResult` as
    ``last.solve`` (a :class:`~zerosum.records.search.SolvedInfo`).

    Under a deadline (:mod:`zerosum.budget`) a game with ``keeping_move`` first proves in
    at most :data:`KEEP_SHARE` of the time a move that keeps the position's value; the
    full proof (distances, every move's value) gets the time left up to
    :data:`PROOF_SHARE`, or up to :data:`SAFE_PROOF_SHARE` when a safe move is in hand. If
    the full proof does not finish, the move is that safe move, else the best of an
    :class:`AlphaBeta` search in the rest; ``last.note`` says which.

    ``compiled=False`` solves and searches in Python, the game's own exact solver only
    where it answers without loading compiled code (Connect Four's opening book): slower,
    and far from the end often only the bounded search's move in time (the stand-in of
    :mod:`zerosum.hosting.standin` while the compiled solver compiles). A
    game small enough for Python (:func:`python_suffices`: tic-tac-toe, Pick 3) is played
    that way always: the same moves, and nothing to compile.
    """

    #: The share of a move's time given to the proof; a bounded search gets the rest.
    PROOF_SHARE = 0.6
    #: The share given to proving a move that keeps the value, where the game can.
    KEEP_SHARE = 0.5
    #: How far the full proof may run when a move that keeps the value is in hand.
    SAFE_PROOF_SHARE = 0.95
    #: Seconds that breaking a tie between equally good moves may always take.
    TIE_SECONDS = 0.05
    #: Seconds the searches that load the compiled solve in ``prepare`` may take.
    WARM_SECONDS = 2.0

    def __init__(self, seed: int | None = None, compiled: bool = True) -> None:
        super().__init__(seed)
        self.compiled = compiled
        self._solver: Solver | None = None
        self._fallback = AlphaBeta(seed=seed)
        self._python_fallback = AlphaBeta(seed=seed, compiled=False)
        self.last: SearchInfo | None = None

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        self._solver = None
        self._fallback.reset(seed)
        self._python_fallback.reset(seed)

    def would_compile(self, game: Game) -> bool:
        """Whether this agent's moves in ``game`` may run compiled code (numba's, which a
        machine that has not run them yet compiles first)."""
        return self.compiled and _has_compiled_solve(game)

    def prepare(self, game: Game) -> None:
        """Load every compiled path a move can take now, so that no move's clock pays for
        it: the game's own solver, the bounded search it falls back on, and the solve
        and the move keeping the value of a position a few plies before an end. Nothing
        where no move runs compiled code (:meth:`would_compile`)."""
        if not self.would_compile(game):
            return
        warm = hooks.warm_solver(game)
        if warm is not None:
            warm()
        self._fallback.prepare(game)
        late = _near_an_end(game) if _has_compiled_solve(game) else None
        if late is None:
            return
        # compiling comes first and is never cut short; the searches after it may be
        with contextlib.suppress(budget.OutOfTime), budget.limit(self.WARM_SECONDS):
            Solver(game).solve(late)
            keeping = hooks.keeping_move(game)
            if keeping is not None:
                keeping(late)

    def __call__(self, game: Game[State, Action], state: State) -> Action:
        start = time.perf_counter()
        if self._solver is None or self._solver.game is not game:
            self._solver = Solver(game, compiled=self.would_compile(game))
        deadline = budget.deadline()
        safe = None if deadline is None else self._safe_move(game, state, deadline - start)
        try:
            share = self.SAFE_PROOF_SHARE if safe is not None else self.PROOF_SHARE
            proof = None if deadline is None else start + (deadline - start) * share
            with budget.limit(None if proof is None else max(0.0, proof - time.perf_counter())):
                solved = self._solver.solve(state)
        except budget.OutOfTime:
            if safe is not None:
                return self._play_safe(safe, start)
            return self._search_instead(game, state, start)
        best = solved.best_actions
        if len(best) > 1:
            best = self._fewest_escapes(game, state, best, solved.seconds)
        move = best[0] if self.seed is None else self.rng.choice(best)
        depth = solved.plies or 0
        self.last = SolvedInfo(
            solved.value, depth, solved.nodes, solved.seconds, (move,), solve=solved
        )
        return move

    def _fewest_escapes(
        self, game: Game[State, Action], state: State, best: tuple[Action, ...], proving: float
    ) -> tuple[Action, ...]:
        """Of equally good moves, those that leave the opponent the fewest replies keeping
        a draw or a win (the most ways to go wrong against us): in tic-tac-toe a corner,
        where the opponent must answer in the centre. The replies are solved in at most
        the time the proof took (50 ms at least) and the deadline; past that, ``best``
        stands as it was."""
        assert self._solver is not None
        me = game.player(state)
        escapes = {}
        try:
            with budget.limit(max(proving, self.TIE_SECONDS)):
                for move in best:
                    child = game.result(state, move)
                    if game.is_terminal(child):  # a win now is the fastest win
                        escapes[move] = -1 if game.utility(child, me) > 0 else 0
                        continue
                    held = sum(v >= 0 for v in self._solver.solve(child).action_values.values())
                    # after a move that lets us move again, our own good options count for us
                    escapes[move] = held if game.player(child) != me else -held
        except budget.OutOfTime:
            return best
        fewest = min(escapes.values())
        return tuple(move for move in best if escapes[move] == fewest)

    def _safe_move(
        self, game: Game[State, Action], state: State, seconds: float
    ) -> tuple[Action, int] | None:
        """A move that keeps the value and the value, from the game's ``keeping_move`` in
        :data:`KEEP_SHARE` of ``seconds``; None when the game has none or time ran out."""
        keeping = hooks.keeping_move(game) if self.would_compile(game) else None
        if keeping is None:
            return None
        try:
            with budget.limit(seconds * self.KEEP_SHARE):
                return keeping(state)
        except budget.OutOfTime:
            return None

    def _play_safe(self, safe: tuple[Action, int], start: float) -> Action:
        """The move that keeps the value, when the full proof did not finish in time."""
        move, value = safe
        seconds = time.perf_counter() - start
        note = {
            1: "proved this move keeps the win; no time left to find the fastest",
            0: "proved this move keeps the draw; no time left to rate the other moves",
            -1: "the position is lost; no time left to find the slowest loss",
        }[value]
        self.last = KeptInfo(value, 0, 0, seconds, (move,), note=note, keeps=value)
        return move

    def _search_instead(self, game: Game[State, Action], state: State, start: float) -> Action:
        """The move of a bounded search, when no proof finished in time."""
        proving = time.perf_counter() - start
        searcher = self._fallback if self.would_compile(game) else self._python_fallback
        move = searcher(game, state)
        info = searcher.last
        assert isinstance(info, AlphaBetaInfo)
        note = (
            f"no proof within {proving:.2f} s: played alpha-beta's best move "
            f"(depth {info.depth}) instead"
        )
        seconds = time.perf_counter() - start
        self.last = UnprovenInfo.instead(info, seconds, note)
        return move

    def __repr__(self) -> str:
        compiled = "" if self.compiled else ", compiled=False"
        return f"Perfect(seed={self.seed!r}{compiled})"
