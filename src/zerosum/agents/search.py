"""AlphaBeta: the strong search engine, with each classic improvement behind a switch.

One negamax alpha-beta search (fail-soft) serves every game with the seven-member
interface. The switches exist so the course experiments ("with and without move
ordering", "depth 3 against depth 5") are one argument each:

- ``depth``: plies to search; at the cutoff ``evaluate(state, player)`` scores the
  state (terminal states always score their true utility); ``depth=0`` only scores the
  position (``last.value``) and plays the first legal move;
- ``table``: a transposition table of lower/upper bounds keyed by ``game.key(state)``
  (else the state, else, for unhashable states such as lists of lists, its pickle:
  ``zerosum.game.key_function``),
  cleared when it reaches ``table_size`` entries (at most
  ``zerosum.limits.MAX_TABLE_SIZE``, ten million);
- ``ordering``: the table's move first, then killer moves and the history heuristic
  (only the table's move for games with ``ordered_actions = True``), and at the root
  the best moves of the last iteration first; ``False`` keeps the game's own order;
- ``time_limit``: seconds per move for iterative deepening (which also runs whenever the
  caller sets a deadline, and at any fixed depth unless ``ordering`` and ``table`` are
  both off: then the shallower iterations would teach nothing); the best move of the
  last finished depth is played;
- ``depth_adjust``: every ply a value travels up shrinks it by ``DECAY``, so a win
  sooner is worth more and a loss later less (signs never change);
- ``seed``: breaks ties between equally valued moves at random (without it, the first
  best move in search order is played);
- ``compiled``: use the game's compiled search when it offers one (below); ``False``
  forces the Python search, for comparison;
- ``trace``: keep in ``last.trace`` the tree each move's search explored, at most
  ``trace`` nodes (``zerosum.trace``; off by default, and then the search is untouched).
  A traced search runs slower: for looking, not for matches. Where the search is
  compiled, the kernel records its own tree (a second compiled copy of it, compiled on
  the first trace; untraced searches run the copy without recording).

**The textbook's alpha-beta**, node for node: ``AlphaBeta(depth, ordering=False,
table=False, depth_adjust=False, compiled=False)`` searches once to ``depth`` in the
game's action order, visits exactly the nodes of the textbook's recursive alpha-beta
(AIMA's ``alphabeta_search``) and, like :class:`~zerosum.agents.Minimax`, plays the
first best move in action order, with the same value (a ``seed`` breaks ties at random
instead). With ``compiled`` left on, the move and value are the same, but the compiled
search first looks at an inner node for a move that ends the game.

A game may offer ``search_kernel() -> kernel | None``, a compiled search of its own, or
``compiled_rules()``, its rules as numba functions from which the agent builds one (the
built-in tic-tac-toe, Pick, Migration up to 8x8, Connect Four up to 64 bits, 7x6
included, and Othello do; ``kernels/alphabeta.py``, ``docs/compiled_games.md``), but
not to a subclass that changes their rules (``zerosum.hooks.own_hook``). The
agent uses it unless ``compiled=False`` or ``evaluate`` is a function other than the
game's own ``evaluate`` or the win/loss-only ``zerosum.game.zero``; every other switch
works on both paths, and for equal depth and evaluation both return exactly the same
value. At a fixed depth both deepen
iteratively (the compiled search inside one compiled call), but the order they try
moves in, the nodes they count and, between equally good moves without ``seed``, the
move they play may differ. On the compiled path the table is a fixed
array of slots, a new entry replacing the old one in its slot; it starts small and
grows between moves up to ``table_size`` slots (rounded down to a power of two, at most
2**20).

The Python search asks a user's game about each state once while it remembers the
answer (by the table's key, across iterations and moves, up to ``table_size`` states):
whether it is terminal, its actions, and its value at the cutoff. A game written as in a
course notebook (a board of lists scanned in Python by ``actions``, which
``is_terminal`` and ``evaluate`` call) answers in tens of microseconds, a look-up in a
fraction of one; so children are made one at a time, and a cutoff spares the rest
(``benchmarks/user_games.py``). The game must answer the same for the same state.

A heuristic must be zero-sum, ``evaluate(s, 1) == -evaluate(s, 2)``, and should stay
strictly between the game's loss and win utilities, so a proven win beats any guess.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections import defaultdict
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Generic, cast

from .. import budget, hooks
from ..game import Action, Game, State, StateKeyError, key_function, zero
from ..limits import check_table_size
from ..records.search import AlphaBetaInfo
from ..trace.model import ROOM
from ..trace.reasons import spoken
from .base import Heuristic, SearchInfo, Seeded, check_trace_cap, evaluator
from .negamax import DECAY, Entry, Moves, _Timeout, build_negamax

if TYPE_CHECKING:
    from ..trace import Recorder, Trace

__all__ = ["AlphaBeta", "DECAY", "proven_plies"]

_INF = math.inf


def proven_plies(value: float) -> int | None:
    """The plies to the end that a value of exactly ``+-DECAY ** plies`` says (a win or a
    loss proven that far away, with ``depth_adjust``); None for any other value."""
    size = abs(value)
    if not 0 < size < 1:
        return None
    plies = round(math.log(size) / math.log(DECAY))
    return plies if plies >= 1 and math.isclose(size, DECAY**plies, rel_tol=1e-12) else None


#: Slots of the compiled search's table: at first, and at most (it grows between moves).
_FIRST_SLOTS, _MAX_SLOTS = 1 << 12, 1 << 20
_GAME_OVER = "the game is over: there is no move to search for"
_UNSET = object()


class AlphaBeta(Seeded):
    """Negamax alpha-beta with a transposition table, move ordering and iterative deepening.

    ``depth`` plies (``None``: to the end), ``evaluate(state, player)`` at the cutoff (else
    ``game.evaluate``, else 0), ``time_limit`` seconds per move. After each move ``last``
    is a :class:`SearchInfo`: value for the mover, depth finished, nodes (states
    generated), seconds and principal variation.

    >>> import zerosum as zs
    >>> agent = AlphaBeta()
    >>> game = zs.games.TicTacToe()
    >>> agent(game, game.initial_state) in game.actions(game.initial_state)
    True
    >>> agent.last.value
    0.0
    """

    def __init__(
        self,
        depth: int | None = None,
        evaluate: Heuristic | None = None,
        time_limit: float | None = None,
        ordering: bool = True,
        table: bool = True,
        depth_adjust: bool = True,
        seed: int | None = None,
        table_size: int = 1_000_000,
        compiled: bool = True,
        trace: int | None = None,
    ) -> None:
        if depth is not None and (not isinstance(depth, int) or depth < 0):
            raise ValueError(f"depth must be an integer of at least 0, or None; not {depth!r}")
        check_trace_cap(trace)
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
        check_table_size(table_size)
        super().__init__(seed)
        self.depth = depth
        self.evaluate = evaluate
        self.time_limit = time_limit
        self.ordering = ordering
        self.table = table
        self.depth_adjust = depth_adjust
        self.table_size = table_size
        self.compiled = compiled
        self.trace = trace
        self.last: SearchInfo | None = None
        # the Python search's table: key -> (depth, lower bound, upper bound, best move,
        # whether the bounds rest on the depth cutoff)
        self._table: dict[Hashable, Entry] = {}
        self._memo = _Memo()  # the Python search's record of the game's answers
        self._arrays: Any = None  # the compiled search's table
        self._work: Any = None  # and its buffers
        self._game_kernel: Any = _UNSET  # what the game's search_kernel hook offered
        self._table_game: Game | None = None

    def reset(self, seed: int | None = None) -> None:
        """Forget the transposition table; reseed the tie-breaker when ``seed`` is given."""
        super().reset(seed)
        self._table.clear()
        self._memo = _Memo()
        self._arrays = self._work = self._table_game = None

    def __call__(self, game: Game[State, Action], state: State) -> Action:
        if self._table_game is not game:  # a table is only valid for one game
            self._table.clear()
            self._memo = _Memo()
            self._arrays = None
            self._table_game = game
            self._game_kernel = _UNSET
        kernel = self._kernel(game)  # loaded or compiled off the clock, on the compiled path
        start = time.perf_counter()
        deadline = budget.deadline_for(self.time_limit, start)
        if self.depth == 0:
            self.last = self._evaluate_only(game, state, start)
            return cast(Action, self.last.pv[0])  # the first legal move
        search: _Search[State, Action]
        if kernel is not None:
            search = _Compiled(self, kernel, deadline)
        elif self.trace is None:
            search = _Search(self, game, deadline)
        else:
            from .traced_search import TracedSearch

            search = TracedSearch(self, game, deadline, self.trace)
        value, moves, reached = search.run(state, start)
        move = moves[0] if self.seed is None or len(moves) == 1 else self.rng.choice(moves)
        pv = search.principal_variation(state, move, reached)
        # searched to the end (to no depth, or no line was cut at the depth): the depth
        # reported is how long the best line is, which a proven value says even when the
        # table lost the end of the line
        to_end = reached == _INF or (not search.stopped and search.cuts == 0)
        if to_end:
            proven = proven_plies(value) if self.depth_adjust else None
            depth = max(len(pv), proven or 0)
        else:
            depth = int(reached)
        if isinstance(search, _Compiled):
            search.grow()
        note = ""
        if search.stopped and budget.imposed(self.time_limit, start):
            note = self._cut_note(depth, reached)
        seconds = time.perf_counter() - start
        self.last = AlphaBetaInfo(
            value,
            depth,
            search.nodes,
            seconds,
            pv,
            note=note,
            # formatted only when read (agents/summary.py): a move costs nothing
            rated=tuple(search.rated),
            to_end=to_end,  # every line ended: the value is proved (agents/summary.py)
            ties=len(moves),
            compiled=kernel is not None,
        )
        if self.trace is not None:
            if isinstance(search, _Compiled) and search.recorded is not None:
                trace = search.trace(state, move, value)
            else:
                from .traced_search import alphabeta_trace

                trace = alphabeta_trace(self, game, state, search, move, value, self.trace)
            self.last = dataclasses.replace(self.last, trace=trace)
        return move

    def traced(self, game: Game[State, Action], state: State, cap: int) -> Trace:
        """The tree this agent's search for a move in ``state`` explores, at most ``cap``
        nodes kept: a fresh search (an empty table) with the same switches, compiled when
        the agent's is (the compiled search's own tree), but on the Python path when a
        time cap runs and the compiled traced search is not ready (its note says so)."""
        from .compiled_trace import compiled_trace
        from .traced_search import alphabeta_trace

        found = compiled_trace(self, game, state, cap)
        if found is not None:
            return found
        found = alphabeta_trace(self, game, state, None, None, None, cap)
        if self.depth != 0 and self.would_compile(game):  # not ready under a time cap
            found.note += (
                " (its compiled traced search is not compiled yet, which would take "
                "longer than the time allowed)"
            )
        return found

    def _evaluate_only(self, game: Game[State, Action], state: State, start: float) -> SearchInfo:
        """Depth 0: the position's value by the heuristic, and the first legal move."""
        moves = list(game.actions(state))
        if game.is_terminal(state) or not moves:
            raise ValueError(_GAME_OVER)
        value = evaluator(game, self.evaluate)(state, game.player(state))
        seconds = time.perf_counter() - start
        return AlphaBetaInfo(value, 0, 1, seconds, (moves[0],), ties=1, compiled=False)

    def _cut_note(self, depth: int, reached: float) -> str:
        """What a search stopped by the caller's deadline played instead."""
        asked = "to the end" if self.depth is None else f"to depth {self.depth}"
        if reached == 0:
            return f"out of time before depth 1 finished (asked {asked}): played the best move seen"
        return f"out of time at depth {depth} (asked {asked}): played depth {depth}'s best move"

    def prepare(self, game: Game) -> None:
        """Load the game's compiled search now (a second or more, once per process), so
        that no move's clock pays for it: a depth-2 search of the start by a twin agent
        (the second ply reads a principal variation: compiled code of its own); with
        ``trace``, a traced search too (the traced search is compiled code of its own)."""
        state = game.initial_state
        if self.compiled and not game.is_terminal(state):
            twin = AlphaBeta(depth=2, evaluate=self.evaluate, time_limit=60.0)
            twin(game, state)  # under a deadline: the path a bounded move takes
            twin.time_limit = None
            twin(game, state)
            if self.trace is not None:
                AlphaBeta(depth=1, evaluate=self.evaluate, trace=1)(game, state)

    def prepare_helpers(self, game: Game) -> None:
        """Compile the functions the game's compiled search links in that compile apart
        from it (its heuristic, its principal variation's reader): run by another process
        while :meth:`prepare` compiles the search, they reach it through numba's cache
        (``arena/ahead.py``)."""
        if self.would_compile(game):
            from ..kernels.alphabeta import compile_helpers  # loads numba

            compile_helpers(game)

    def would_compile(self, game: Game) -> bool:
        """Whether this agent's moves in ``game`` run the game's compiled search."""
        offered = hooks.search_kernel(game) is not None or hooks.compiled_rules(game) is not None
        return self.compiled and offered and self.evaluate in (None, zero, hooks.evaluate(game))

    def _kernel(self, game: Game) -> Any:
        """The game's compiled search when the options allow it, else None."""
        if not self.compiled:
            return None
        if self.evaluate not in (None, zero, hooks.evaluate(game)):
            return None
        if self._game_kernel is _UNSET:  # the Python path never loads it
            self._game_kernel = _game_kernel(game)
        return self._game_kernel

    def __repr__(self) -> str:
        return (
            f"AlphaBeta(depth={self.depth!r}, time_limit={self.time_limit!r}, "
            f"ordering={self.ordering!r}, table={self.table!r}, "
            f"depth_adjust={self.depth_adjust!r}, seed={self.seed!r}, compiled={self.compiled!r}"
            + ("" if self.trace is None else f", trace={self.trace!r}")
            + ")"
        )


def _game_kernel(game: Game) -> Any:
    """The game's compiled search (:func:`zerosum.kernels.alphabeta.search_kernel`, the
    one function that fetches it), or None; a game that offers neither a search of its
    own nor compiled rules never loads the kernels (numba)."""
    if hooks.search_kernel(game) is None and hooks.compiled_rules(game) is None:
        return None
    from ..kernels.alphabeta import search_kernel  # loads numba: only for such games

    return search_kernel(game)


def _itself(state: Hashable) -> Hashable:
    return state


def _no_key(state: object) -> Hashable:
    return None


def transposition_key(
    game: Game[State, Action], state: State
) -> Callable[[State], Hashable] | None:
    """How the Python search keys the states of ``game`` (``state`` is a sample):
    :func:`~zerosum.game.key_function` (not canonical: by pickle where states do not
    hash), or None when the states have no key (the search then runs without a table)."""
    try:
        return key_function(game, state, canonical=False)
    except StateKeyError:
        return None


class _Forgetful(dict[Hashable, Any]):
    """A dict that keeps nothing: the memo of a game whose states have no key."""

    def __setitem__(self, key: Hashable, value: Any) -> None:
        pass


class _Memo:
    """The game's answers about states, by transposition key: whether a state is terminal,
    its actions, and its value one ply past the cutoff for each player to move at its
    parent. They depend on the state alone, so they hold across iterations and moves (the
    leaf values for one heuristic). A user's game answers in tens of microseconds (a
    board of lists scanned in Python), a look-up takes a fraction of one, and
    transpositions bring the same states back again and again."""

    def __init__(self, keyed: bool = True) -> None:
        kind = dict if keyed else _Forgetful
        self.terminal: dict[Hashable, bool] = kind()
        self.actions: dict[Hashable, Moves] = kind()
        self.leaves: dict[int, dict[Hashable, float]] = {1: kind(), 2: kind()}
        self.evaluate: Any = _UNSET  # the agent's ``evaluate`` the leaf values came from

    def use(self, evaluate: Heuristic | None, table: dict[Hashable, Any]) -> None:
        """Forget the leaf values, and the table's values built on them, when the agent's
        ``evaluate`` changed since they were found."""
        if evaluate != self.evaluate:
            if self.evaluate is not _UNSET:
                for leaf in self.leaves.values():
                    leaf.clear()
                table.clear()
            self.evaluate = evaluate


class _MoveOrder:
    """Which moves to try first: the table's move, then moves that cut off at the same ply
    (killers), then moves that cut off anywhere, weighted by depth (history). A game whose
    own order is good (``ordered_actions``, see agents/solve.py) keeps it but for the
    table's move: killers and history only disturb it there."""

    def __init__(self, game: Game) -> None:
        self.killers: list[list[object]] = [[None, None] for _ in range(256)]
        self.history: defaultdict[object, int] = defaultdict(int)
        self.by_history = not hooks.ordered_actions(game)

    def order(self, moves: Moves, first: object, ply: int) -> Moves:
        """``moves`` in the order to search them (a new list: ``moves`` is left as it is)."""
        if self.by_history:
            ordered = sorted(moves, key=self.history.__getitem__, reverse=True)
            if ply < 256:
                for killer in self.killers[ply]:
                    if killer is not None and killer != first and killer in ordered:
                        ordered.remove(killer)
                        ordered.insert(0, killer)
            if first is not None and ordered[0] != first and first in ordered:
                ordered.remove(first)
                ordered.insert(0, first)
            return ordered
        if first is not None and moves[0] != first and first in moves:
            ordered = list(moves)
            ordered.remove(first)
            ordered.insert(0, first)
            return ordered
        return moves

    def reward(self, move: object, depth: float, ply: int) -> None:
        """A move that cut off: a killer at its ply, and history by depth."""
        slot = self.killers[ply] if ply < 256 else None
        if slot is not None and slot[0] != move:
            slot[1] = slot[0]
            slot[0] = move
        self.history[move] += 1 << int(min(depth, 30))


class _Search(Generic[State, Action]):
    """One move's search: iterative deepening, the root's loop and the bookkeeping (nodes,
    killers, history) of the one Python recursion, ``negamax.py`` ``build_negamax``."""

    def __init__(self, agent: AlphaBeta, game: Game[State, Action], deadline: float | None) -> None:
        self.agent = agent
        self.game = game
        self.deadline = deadline
        self.nodes = 0
        # states the last iteration scored at its depth cutoff, and table values it used
        # that rest on such scores: none, and the search saw the end of every line
        self.cuts = 0
        self.table = agent._table if agent.table else None
        self.key: Callable[[State], Hashable] = hooks.key(game) or _itself
        self.memo = agent._memo
        self.heuristic = evaluator(game, agent.evaluate)
        self.partial: tuple[float, list[Action]] | None = None
        self.stopped = False  # did the deadline end the search before its target depth?
        # the root moves of the last finished iteration: (move, value, whether the value
        # is only an upper bound, the child having failed high)
        self.rated: list[tuple[Action, float, bool]] = []
        self.decay = DECAY if agent.depth_adjust else 1.0
        self.move_order: _MoveOrder  # made by _build, for each move
        # what the recursion records (:mod:`.negamax`): nothing, unless a traced search
        # (``traced_search.py``) records into ``recorder``, ``best_child`` and ``root_me``
        self.traced = False
        self.recorder: Recorder | None = None
        self.best_child: dict[int, int] = {}
        self.root_me = 0
        # the compiled search's steps: a move that ends the game looked for first at an
        # inner node, and every move generated there counted
        self.ends_first = False
        # alpha-beta's window (False: every child searched in the full window, minimax's
        # exact values; ``classic.py``), and the principal variation of each ply (None:
        # not kept; a tuple per ply when asked, for a search without a table to read it)
        self.prune = True
        self.lines: dict[int, tuple[Action, ...]] | None = None

    def run(self, state: State, start: float) -> tuple[float, list[Action], float]:
        """``(value, best moves, depth finished)``; iterates deeper while time and depth allow.

        The depth is ``inf`` for a search to the end and 0 when not even depth 1 finished.
        """
        agent = self.agent
        moves = list(self.game.actions(state))
        if not moves:
            raise ValueError(_GAME_OVER)
        self._prepare(state, moves)
        target = _INF if agent.depth is None else agent.depth
        # Deepening to a fixed depth pays: the earlier iterations teach the move order
        # and leave the game's answers in the memo. To the end it does not (the shallow
        # iterations end few lines, and a full search orders itself through the table).
        deepen = self.deadline is not None or (target < _INF and (agent.ordering or agent.table))
        depth = 1 if deepen else target
        found: tuple[float, list[Action], float] | None = None
        while True:
            self.cuts = 0
            self.partial = None
            try:
                value, best = self._root(state, moves, depth)
            except _Timeout:
                self.stopped = True
                if found is None:  # not even depth 1 finished: the best seen so far
                    value, best = self.partial or (math.nan, moves[:1])
                    return value, best, 0
                return found
            found = (value, best, depth)
            if depth >= target or not self.cuts:
                return found
            if self.deadline is not None:
                elapsed = time.perf_counter() - start
                if elapsed > (self.deadline - start) / 2:  # the next depth would not finish
                    self.stopped = True
                    return found
            if agent.ordering:
                moves = best + [m for m in moves if m not in best]  # best first next time
            depth += 1

    def _prepare(self, state: State, moves: list[Action]) -> None:
        key = transposition_key(self.game, state)
        if key is None:  # neither hashable nor picklable: no table, nothing remembered
            self.table = None
            self.memo = _Memo(keyed=False)
            key = _no_key
        self.key = key
        self.memo.use(self.agent.evaluate, self.agent._table)
        try:
            hash(moves[0])
            hashable = True
        except TypeError:  # the history heuristic needs hashable actions
            hashable = False
        self.negamax = self._build(self.agent.ordering and hashable)

    def _root(self, state: State, moves: list[Action], depth: float) -> tuple[float, list[Action]]:
        """The value of ``state`` searched ``depth`` plies and its best moves (ties only with
        a seed); raises :class:`_Timeout` at the deadline, leaving ``partial`` set."""
        game, negamax, key, ended = self.game, self.negamax, self.key, self.ended
        me = game.player(state)
        decay = self.decay
        random_ties = self.agent.seed is not None
        traced = self.traced
        root = self._begin(state, me, depth) if traced else None
        recorder = self.recorder
        node = None
        best, tied = -_INF, [moves[0]]
        alpha = -_INF
        rated = []
        for move in moves:
            child = game.result(state, move)
            ck = key(child)
            self.nodes += 1
            bound = False
            # With random ties, a move equal to the best must come back exact: open the
            # window just below the best value.
            low = math.nextafter(alpha, -_INF) if random_ties else alpha
            done = ended(child, ck)
            if traced and recorder is not None:
                node = recorder.enter(
                    root, spoken(game, move), not done and game.player(child) == me, child,
                    alpha=low / decay, beta=_INF,
                )  # fmt: skip
            if done:
                raw = game.utility(child, me)
                if traced and recorder is not None:
                    recorder.set(node, kind="terminal", value=raw)
                value = raw * decay
            elif depth == 1:
                self.cuts += 1
                raw = self.heuristic(child, me)
                if traced and recorder is not None:
                    recorder.set(node, kind="cutoff", value=raw, heuristic=raw)
                value = raw * decay
            else:
                them = game.player(child)
                if them == me:
                    reply = negamax(child, ck, me, depth - 1, 1, low / decay, _INF, node)
                    value, bound = decay * reply, reply <= low / decay
                else:
                    reply = negamax(child, ck, them, depth - 1, 1, -_INF, -low / decay, node)
                    value, bound = -decay * reply, reply >= -low / decay
            rated.append((move, value, bound))
            if value > best:
                best, tied = value, [move]
                if self.prune:
                    alpha = max(alpha, value)
                if self.lines is not None:
                    self.lines[0] = (move, *(self.lines[1] if depth > 1 and not done else ()))
                if node is not None and root is not None:
                    self.best_child[root] = node
            elif value == best and random_ties:
                tied.append(move)
            self.partial = (best, tied)
        if self.table is not None:
            self._store(state, depth, best, best, tied[0], self.cuts > 0)
        if traced:
            self._finish(root, best)
        else:
            self.rated = rated
        return best, tied

    def _begin(self, state: State, me: int, depth: float) -> int | None:
        """A traced search's start of an iteration: its root's node (see traced_search.py)."""
        raise NotImplementedError

    def _finish(self, root: int | None, best: float) -> None:
        """A traced search's end of an iteration (see traced_search.py)."""
        raise NotImplementedError

    def _store(
        self, state: State, depth: float, low: float, high: float, move: Action, cut: bool
    ) -> None:
        table = self.table
        assert table is not None
        if len(table) >= self.agent.table_size:
            table.clear()
        table[self.key(state)] = (depth, low, high, move, cut)

    def principal_variation(self, state: State, move: Action, plies: float) -> tuple[Action, ...]:
        """The best line from ``state`` that starts with ``move``, at most ``plies`` long."""
        return (move, *self.line_from(self.game.result(state, move), plies - 1))

    def line_from(self, state: State, plies: float) -> tuple[Action, ...]:
        """The table's best moves from ``state``, at most ``plies`` long (empty without a table)."""
        game, line = self.game, list[Action]()
        seen = set()
        while self.table is not None and len(line) < plies and not game.is_terminal(state):
            key = self.key(state)
            entry = self.table.get(key)
            # a canonical key (symmetry) may hold the move of a mirrored position
            legal = game.actions(state)
            if entry is None or key in seen or entry[3] not in legal:
                break
            move = cast("Action", entry[3])  # one of the legal moves
            seen.add(key)
            line.append(move)
            state = game.result(state, move)
        return tuple(line)

    def _build(self, ordering: bool) -> Callable[..., float]:
        """The recursion (:func:`~zerosum.agents.negamax.build_negamax`), with a fresh
        move order (killers and history) for this move."""
        self.move_order = _MoveOrder(self.game)
        negamax, self.ended = build_negamax(self, ordering)
        return negamax


class _Compiled(_Search[State, Action]):
    """One move's search through the game's compiled kernel. At a fixed depth the kernel
    deepens inside one call; under a time limit, the Python loop deepens, one call per
    iteration."""

    def __init__(self, agent: AlphaBeta, kernel: Any, deadline: float | None) -> None:
        super().__init__(agent, kernel.game, deadline)
        self.kernel = kernel
        if agent._arrays is None:
            agent._arrays = kernel.table(min(agent.table_size, _FIRST_SLOTS))
        self.arrays = agent._arrays if agent.table else kernel.table(0)
        if agent._work is None:
            agent._work = kernel.workspace()
        self.work = agent._work
        self.fresh = True  # the move's first search clears the killers and history
        self.line: tuple[Action, ...] = ()  # the principal variation the last search read
        # traced (a kernel that records): the record each search writes, and a copy of
        # the last one that finished (under a deadline, one search per iteration)
        self.record: Any = None
        if agent.trace is not None and hasattr(kernel, "trace_record"):
            # recorded beyond the cap, trimmed after (the root is not in it)
            self.record = kernel.trace_record(max(agent.trace, ROOM) - 1)
        self.recorded: Any = None

    def run(self, state: State, start: float) -> tuple[float, list[Action], float]:
        if self.deadline is not None:
            return super().run(state, start)
        if self.game.is_terminal(state):
            raise ValueError(_GAME_OVER)
        depth = _INF if self.agent.depth is None else self.agent.depth
        value, best = self._root(state, None, depth)  # the kernel generates the moves
        return value, best, depth

    def grow(self) -> None:
        """Give the agent a table twice the nodes searched (up to its ``table_size``) when
        this move searched more nodes than the table has slots. A small table costs less
        to clear and stays in cache; a deep search gets room on the next move."""
        agent, slots = self.agent, len(self.arrays[0])
        if agent.table and self.nodes > slots and slots < min(agent.table_size, _MAX_SLOTS):
            agent._arrays = self.kernel.table(min(agent.table_size, _MAX_SLOTS, 2 * self.nodes))

    def _prepare(self, state: State, moves: list[Action]) -> None:
        pass

    def _root(  # the kernel generates the moves (None)
        self, state: State, moves: list[Action] | None, depth: float
    ) -> tuple[float, list[Action]]:
        agent = self.agent
        found = self.kernel.root(
            state,
            moves,
            depth,
            self.arrays,
            self.work,
            ordering=agent.ordering,
            decay=DECAY if agent.depth_adjust else 1.0,
            random_ties=agent.seed is not None,
            deadline=self.deadline,
            # Deepening costs Python more than the order it teaches saves, but not compiled
            # code: at a fixed depth the kernel deepens inside one call (when it has an
            # order or a table to teach).
            deepen=self.deadline is None and (agent.ordering or agent.table),
            zero=agent.evaluate is zero,
            fresh=self.fresh,
            **({} if self.record is None else {"record": self.record}),
        )
        self.fresh = False
        if self.record is not None and (self.recorded is None or not found.timed_out):
            self.recorded = self.record.copy()
        self.nodes += found.nodes
        self.cuts += bool(found.cut)
        self.line = found.line
        if found.timed_out:
            self.partial = (found.value, found.best) if found.best else None
            raise _Timeout
        self.rated = list(found.rated)
        return found.value, found.best

    def trace(self, state: State, move: Action, value: float) -> Trace:
        """The tree of the last search that finished (else of the one the deadline cut),
        as the kernel recorded it."""
        from .compiled_trace import kernel_trace

        return kernel_trace(self.agent, self.game, state, self.kernel.rules, self.recorded,
                            self.record, move, value, self.nodes)  # fmt: skip

    def principal_variation(self, state: State, move: Action, plies: float) -> tuple[Action, ...]:
        # the kernel read the line from the root already, which starts with the move played
        # unless a seed chose another of equal value
        if self.line[:1] == (move,):
            return self.line
        return super().principal_variation(state, move, plies)

    def line_from(self, state: State, plies: float) -> tuple[Action, ...]:
        if not self.agent.table:
            return ()
        return self.kernel.pv(state, plies, self.arrays, zero=self.agent.evaluate is zero)
