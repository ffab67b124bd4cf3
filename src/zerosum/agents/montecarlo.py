"""Monte-Carlo agents: pure Monte-Carlo search and Monte-Carlo tree search (UCT).

Both roll out through ``game.playouts(state, n, seed)`` when the game has it (the built-in
games do, compiled) and through the generic random loop otherwise, so any game works.

Both show their search as a tree (:class:`zerosum.trace.Trace`): ``traced(game, state,
cap)`` (what ``zs.trace`` calls) searches afresh and returns it, and ``trace=cap`` keeps
every move's tree in ``last.trace``.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Generic, NamedTuple, cast

from .. import budget, hooks
from ..game import Action, Game, State, ZerosumError, format_action, game_name
from ..kernels.generic import random_playouts
from ..notices import while_compiling
from ..records.search import MCTSInfo, MonteCarloInfo
from ..trace import Recorder, Trace
from .base import SearchInfo, Seeded, check_trace_cap
from .uct import ChildStats, Tree, playouts_hook, record

if TYPE_CHECKING:  # the compiled tree loads numba: imported only when a search needs it
    from ..kernels.mcts import CompiledTree

__all__ = ["MonteCarlo", "MCTS"]


def _require_moves(game: Game[State, Action], state: State) -> list[Action]:
    if game.is_terminal(state):
        raise ZerosumError(f"no action to choose: the state is terminal in {game_name(game)}")
    return list(game.actions(state))


def _compiled_playouts(game: Game) -> bool:
    """Whether ``game`` rolls out through compiled playouts (:func:`playouts_hook`), asked
    of the game alone: nothing is compiled or loaded."""
    return hooks.playouts(game) is not None or hooks.compiled_rules(game) is not None


def _label(agent: object) -> str:
    """The agent as a trace names it: its spec, else its repr."""
    return hooks.spec(agent) or repr(agent)


class _Rolled(NamedTuple, Generic[State, Action]):
    """A flat Monte-Carlo search's rollouts: each action, the state it leads to, its mean
    for the mover and its playouts, and the index of the one chosen."""

    actions: list[Action]
    children: list[State]
    means: list[float]
    counts: list[int]
    chosen: int


class MonteCarlo(Seeded):
    """Pure Monte-Carlo search: ``playouts`` random playouts after *each* legal action, then
    the action with the best mean result for the player to move (ties broken by the seeded
    random generator). A move therefore costs ``playouts`` times the number of actions.

    ``last.means`` maps each action (in its human format) to its mean result.
    ``trace=cap`` keeps each move's tree (the root and a child per action, at most ``cap``
    nodes) in ``last.trace``; :meth:`traced` returns one without playing.
    ``python_rollouts=True`` rolls out by the generic Python loop even where the game has
    compiled playouts (slower, nothing compiled: the stand-in of
    :mod:`zerosum.hosting.standin`).

    >>> import zerosum as zs
    >>> game = zs.games.TicTacToe()
    >>> agent = MonteCarlo(playouts=200, seed=1)
    >>> agent(game, game.initial_state)
    4
    >>> agent.last.nodes
    1800
    """

    def __init__(
        self,
        playouts: int = 1000,
        seed: int | None = None,
        trace: int | None = None,
        python_rollouts: bool = False,
    ) -> None:
        if not isinstance(playouts, int) or playouts < 1:
            raise ValueError(f"playouts must be a positive integer, not {playouts!r}")
        super().__init__(seed)
        self.playouts = playouts
        check_trace_cap(trace)
        self.trace = trace
        self.python_rollouts = python_rollouts
        self.last: SearchInfo | None = None

    def __call__(self, game: Game[State, Action], state: State) -> Action:
        return self._search(game, state, self.trace, self)

    def would_compile(self, game: Game) -> bool:
        """Whether this agent's moves in ``game`` run compiled code (the game's compiled
        playouts, which a machine that has not run them yet compiles first)."""
        return not self.python_rollouts and _compiled_playouts(game)

    def traced(self, game: Game[State, Action], state: State, cap: int) -> Trace:
        """The tree a move's search in ``state`` explores (at most ``cap`` nodes): the root
        and one child per action with its ``playouts`` and ``mean`` result for the root's
        player, best first. A twin with the same playouts and seed searches, so this
        agent's random stream and ``last`` are left as they were."""
        twin = MonteCarlo(self.playouts, self.seed, python_rollouts=self.python_rollouts)
        twin._search(game, state, cap, self)
        assert twin.last is not None and twin.last.trace is not None
        return twin.last.trace

    def _search(
        self, game: Game[State, Action], state: State, cap: int | None, owner: object
    ) -> Action:
        """Play a move, keeping its tree (at most ``cap`` nodes, named after the agent
        ``owner``) when ``cap`` is not None."""
        start = time.perf_counter()
        actions = _require_moves(game, state)
        sign = 1 if game.player(state) == 1 else -1
        n = self.playouts
        children = [game.result(state, action) for action in actions]
        totals, counts = self._rollouts(game, children, budget.deadline_for(None, start))
        means = [sign * t / c if c else -math.inf for t, c in zip(totals, counts, strict=True)]
        best = max(means)
        choice = self.rng.choice([a for a, m in zip(actions, means, strict=True) if m == best])
        shown = {
            format_action(game, a): m for a, m, c in zip(actions, means, counts, strict=True) if c
        }
        note = ""
        if min(counts) < n:
            low, high = min(counts), max(counts)
            done = f"{low}" if low == high else f"{low}-{high}"
            note = f"out of time after {done} of {n} playouts per move: played the best mean so far"
        seconds = time.perf_counter() - start
        trace = None
        if cap is not None:
            chosen = next(i for i, action in enumerate(actions) if action is choice)
            facts = _Rolled(actions, children, means, counts, chosen)
            trace = self._trace(game, state, cap, _label(owner), facts, note)
        self.last = MonteCarloInfo(
            best,
            1,
            sum(counts),
            seconds,
            (choice,),
            note=note,
            trace=trace,
            means=shown,
            playouts=n,
        )
        return choice

    def _trace(
        self,
        game: Game[State, Action],
        state: State,
        cap: int,
        agent: str,
        facts: _Rolled[State, Action],
        note: str,
    ) -> Trace:
        """The root and its children, the chosen one first, then by mean (game's order on
        ties); a child whose playouts the deadline left undone has 0 and no mean."""
        actions, children, means, counts, chosen = facts
        player, played = game.player(state), sum(counts)
        root_mean = sum(m * c for m, c in zip(means, counts, strict=True) if c) / played
        recorder = Recorder(cap)
        root = recorder.enter(None, "", True, state, playouts=played, mean=root_mean)
        ranked = sorted(range(len(actions)), key=lambda i: (i != chosen, -means[i], i))
        for i in ranked:
            child, mean = children[i], means[i] if counts[i] else None
            terminal = game.is_terminal(child)
            maximizing = not terminal and game.player(child) == player
            kind = "terminal" if terminal else "inner"
            move = format_action(game, actions[i])
            found = {"kind": kind, "playouts": counts[i], "mean": mean, "value": mean}
            recorder.enter(root, move, maximizing, child, **found)
        value = means[chosen]
        recorder.set(root, value=value)
        switches: dict[str, object] = {"playouts": self.playouts, "seed": self.seed}
        move = format_action(game, actions[chosen])
        return recorder.trace(
            "montecarlo",
            agent,
            game_name(game),
            game_object=game,
            move=move,
            value=value,
            pv=[0, 1],
            switches=switches,
            note=note,
        )

    def _rollouts(
        self, game: Game[State, Action], children: list[State], deadline: float | None
    ) -> tuple[list[float], list[int]]:
        """Each child's total result for player 1 over its playouts, and their number.

        Without a deadline every child gets its ``playouts`` in one call. Under one, the
        children take turns in rounds, each call growing until it lasts about a
        millisecond, the clock read after every call, so that a deadline leaves them all
        with about as many playouts and is overrun by a call at most."""
        hook = None if self.python_rollouts else playouts_hook(game)
        n = self.playouts
        totals, counts = [0.0] * len(children), [0] * len(children)
        step = n if deadline is None else min(n, 16)
        while counts[-1] < n:
            began = time.perf_counter()
            for i, child in enumerate(children):
                k = min(step, n - counts[i])
                if hook is not None:
                    totals[i] += hook(child, k, self.rng.getrandbits(63))
                else:
                    totals[i] += random_playouts(game, child, k, self.rng)
                counts[i] += k
                if deadline is not None and time.perf_counter() > deadline:
                    return totals, counts
            if time.perf_counter() - began < 0.001 * len(children):
                step *= 2
        return totals, counts

    def prepare(self, game: Game) -> None:
        """Load the compiled playouts now, so that no move's clock pays for it."""
        state = game.initial_state
        hook = None if self.python_rollouts else playouts_hook(game)
        if hook is not None and not game.is_terminal(state):
            with while_compiling(f"compiling the random playouts of {game_name(game)}, once"):
                hook(state, 1, 0)

    def __repr__(self) -> str:
        python = ", python_rollouts=True" if self.python_rollouts else ""
        return f"MonteCarlo(playouts={self.playouts!r}, seed={self.seed!r}{python})"


def _choose(children: list[ChildStats]) -> ChildStats:
    """The most visited action (then the best mean) among those not known to be worse than
    the best sure value: a proven win when there is one, never a proven loss needlessly."""
    floor = max(child.lo for child in children)
    open_ = [child for child in children if child.lo == floor or child.hi > floor]
    return max(open_, key=lambda child: (child.visits, child.mean))


class MCTS(Seeded):
    """Monte-Carlo tree search: UCT (exploration constant ``c``, values in [-1, 1]) with
    uniformly random rollouts, for ``iterations`` per move and/or ``time_limit`` seconds
    per move (1000 iterations when neither is given). Plays the most visited action among
    those not known to be worse than another's exact value (terminal or proven).

    ``solver=True`` propagates proven values up the tree (MCTS-Solver, with bounds so that
    draws are proven too; utilities must lie in [-1, 1]): a proven win is always played,
    proven losses are avoided, and the search stops once the root is proven.

    Between moves it keeps the subtree of the position it is asked about next when that
    position is at most two plies below its last root; ``reset()`` forgets the tree.
    The built-in Connect Four (boards up to 64 bits with the spare row) is searched by a
    compiled tree with the same options and semantics but its own random stream;
    ``compiled=False`` forces the generic tree, which any game uses, and
    ``python_rollouts=True`` its rollouts by the generic Python loop even where the game
    has compiled playouts: with both, no compiled code at all (slower; the stand-in of
    :mod:`zerosum.hosting.standin` while the compiled search compiles).

    ``last`` (an :class:`~zerosum.records.search.MCTSInfo`) has ``visits`` and ``values``
    (mean results) per action in its human
    format, ``proven`` for the proven ones, ``iterations`` run, ``reused`` root visits
    kept from earlier searches and ``compiled``. ``trace=cap`` keeps each move's tree (at
    most ``cap`` nodes, the most visited) in ``last.trace``; :meth:`traced` returns one
    without playing.

    >>> import zerosum as zs
    >>> game = zs.games.ConnectFour()
    >>> agent = MCTS(iterations=2000, seed=1)
    >>> agent(game, game.initial_state) in range(7)
    True
    >>> sum(agent.last.visits.values())
    2000
    """

    def __init__(
        self,
        iterations: int | None = None,
        time_limit: float | None = None,
        c: float = 1.4,
        seed: int | None = None,
        solver: bool = False,
        compiled: bool = True,
        trace: int | None = None,
        python_rollouts: bool = False,
    ) -> None:
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a positive integer or None, not {iterations!r}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit must be positive seconds or None, not {time_limit!r}")
        if not c >= 0:
            raise ValueError(f"c must be at least 0, not {c!r}")
        super().__init__(seed)
        self.iterations = 1000 if iterations is None and time_limit is None else iterations
        self.time_limit = time_limit
        self.c, self.solver, self.compiled = c, solver, compiled
        self.python_rollouts = python_rollouts
        check_trace_cap(trace)
        self.trace = trace
        self.last: SearchInfo | None = None
        self._game: Game | None = None
        self._tree: Tree | CompiledTree | None = None

    def reset(self, seed: int | None = None) -> None:
        """Forget the tree; reseed (with ``seed``, else the agent's own seed)."""
        super().reset(seed)
        self._game = self._tree = None

    def _tree_for(self, game: Game[State, Action], state: State) -> Tree | CompiledTree:
        tree = self._tree
        if tree is not None and self._game == game and tree.reroot(state):
            return tree
        self._game = game
        hook = hooks.compiled_rules(game) if self.compiled else None
        rules = None if hook is None else hook()
        if rules is not None:  # the game's compiled rules: the whole tree search compiled
            from ..kernels.mcts import CompiledTree

            seed = self.rng.getrandbits(64)
            self._tree = CompiledTree(rules, state, self.c, self.solver, seed)
            return self._tree
        self._tree = Tree(game, state, self.c, self.solver, self.rng, self.python_rollouts)
        return self._tree

    def would_compile(self, game: Game) -> bool:
        """Whether this agent's moves in ``game`` run compiled code (numba's, which a
        machine that has not run them yet compiles first): the compiled tree, or the
        game's compiled playouts."""
        if self.compiled and hooks.compiled_rules(game) is not None:
            return True
        return not self.python_rollouts and _compiled_playouts(game)

    def __call__(self, game: Game[State, Action], state: State) -> Action:
        return self._search(game, state, self.trace, self)

    def traced(self, game: Game[State, Action], state: State, cap: int) -> Trace:
        """The tree a move's search in ``state`` grows, at most ``cap`` nodes, the most
        visited kept (see :func:`zerosum.agents.uct.record` for what each node says). A
        twin with the same settings and seed searches from an empty tree, so its root's
        visits are the iterations run, and this agent's tree, random stream and ``last``
        are left as they were. A compiled search's tree is read from its arrays."""
        settings = (self.iterations, self.time_limit, self.c, self.seed, self.solver)
        twin = MCTS(*settings, compiled=self.compiled, python_rollouts=self.python_rollouts)
        twin._search(game, state, cap, self)
        assert twin.last is not None and twin.last.trace is not None
        return twin.last.trace

    def _search(
        self, game: Game[State, Action], state: State, cap: int | None, owner: object
    ) -> Action:
        """Play a move, keeping its tree (at most ``cap`` nodes, named after the agent
        ``owner``) when ``cap`` is not None."""
        start = time.perf_counter()
        _require_moves(game, state)
        tree = self._tree_for(game, state)
        reused = tree.root_visits
        deadline = budget.deadline_for(self.time_limit, start)
        done = tree.run(self.iterations, deadline)
        children = [ChildStats(*child) for child in tree.children()]
        best = _choose(children)
        action = cast(Action, best.action)  # one of game.actions: the tree expands those
        pv = tuple(tree.pv())
        named = [(format_action(game, ch.action), ch) for ch in children]
        value = best.mean if best.proven is None else best.proven
        note = ""
        stopped = self.iterations is not None and done < self.iterations and best.proven is None
        if stopped and budget.imposed(self.time_limit, start):
            note = (
                f"out of time after {done} of {self.iterations} iterations: "
                "played the most visited move so far"
            )
        seconds = time.perf_counter() - start
        trace = None
        if cap is not None:
            kind = "the compiled tree's arrays" if tree.compiled else "the generic tree"
            source = f"read from {kind} after the search"
            if reused:
                source += f"; the root's visits include {reused} kept from the last search"
            answer = (action, value, ". ".join(filter(None, [source, note])))
            trace = self._trace(game, state, cap, _label(owner), tree, answer)
        self.last = MCTSInfo(
            value,
            len(pv),
            done,
            seconds,
            pv,
            note=note,
            trace=trace,
            visits={move: ch.visits for move, ch in named},
            values={move: ch.mean for move, ch in named},
            proven={move: ch.proven for move, ch in named if ch.proven is not None},
            iterations=done,
            reused=reused,
            compiled=tree.compiled,
        )
        return action

    def _trace(
        self,
        game: Game[State, Action],
        state: State,
        cap: int,
        agent: str,
        tree: Tree | CompiledTree,
        answer: tuple[Action, float, str],
    ) -> Trace:
        """The tree ``tree`` grew, with the ``answer`` (the action chosen, its value and the
        trace's note); its principal variation the chosen move, then the most visited line
        below it."""
        action, value, note = answer
        recorder = record(tree, game, state, cap, self.c, self.solver)
        move = format_action(game, action)
        nodes = recorder.nodes
        pv = [0] + [i for i in nodes[0].children if nodes[i].move == move][:1]
        while len(pv) > 1 and nodes[pv[-1]].children:
            pv.append(nodes[pv[-1]].children[0])
        switches: dict[str, object] = {
            "iterations": self.iterations,
            "time_limit": self.time_limit,
            "c": self.c,
            "solver": self.solver,
            "compiled": tree.compiled,
            "seed": self.seed,
        }
        return recorder.trace(
            "mcts",
            agent,
            game_name(game),
            game_object=game,
            move=move,
            value=value,
            pv=pv,
            switches=switches,
            note=note,
        )

    def prepare(self, game: Game) -> None:
        """Load the compiled tree search now, so that no move's clock pays for it."""
        state = game.initial_state
        if not game.is_terminal(state):
            probe = MCTS(iterations=2, seed=0, solver=self.solver, compiled=self.compiled,
                         python_rollouts=self.python_rollouts)  # fmt: skip
            with while_compiling(f"compiling the tree search of {game_name(game)}, once"):
                child = game.result(state, probe(game, state))
                if not game.is_terminal(child):
                    probe(game, child)  # the next move keeps the subtree: its compiled path

    def __repr__(self) -> str:
        python = "" if self.compiled else ", compiled=False"
        python += ", python_rollouts=True" if self.python_rollouts else ""
        return (
            f"MCTS(iterations={self.iterations!r}, time_limit={self.time_limit!r}, c={self.c!r}, "
            f"seed={self.seed!r}, solver={self.solver!r}{python})"
        )
