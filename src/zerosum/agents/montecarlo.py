"""Monte-Carlo agents: pure Monte-Carlo search and Monte-Carlo tree search (UCT).

Both roll out through ``game.playouts(state, n, seed)`` when the game has it (the built-in
games do, compiled) and through the generic random loop otherwise, so any game works.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from .. import budget, hooks
from ..game import Game, ZerosumError, format_action, game_name
from ..kernels.generic import random_playouts
from ..notices import while_compiling
from .base import SearchInfo, Seeded
from .uct import ChildStats, Tree, playouts_hook

if TYPE_CHECKING:  # the compiled tree loads numba: imported only when a search needs it
    from ..kernels.mcts import CompiledTree

__all__ = ["MonteCarlo", "MCTS"]


def _require_moves(game: Game, state: Any) -> list[Any]:
    if game.is_terminal(state):
        raise ZerosumError(f"no action to choose: the state is terminal in {game_name(game)}")
    return list(game.actions(state))


class MonteCarlo(Seeded):
    """Pure Monte-Carlo search: ``playouts`` random playouts after *each* legal action, then
    the action with the best mean result for the player to move (ties broken by the seeded
    random generator). A move therefore costs ``playouts`` times the number of actions.

    ``last.extra["means"]`` maps each action (in its human format) to its mean result.

    >>> import zerosum as zs
    >>> game = zs.games.TicTacToe()
    >>> agent = MonteCarlo(playouts=200, seed=1)
    >>> agent(game, game.initial_state)
    4
    >>> agent.last.nodes
    1800
    """

    def __init__(self, playouts: int = 1000, seed: int | None = None) -> None:
        if not isinstance(playouts, int) or playouts < 1:
            raise ValueError(f"playouts must be a positive integer, not {playouts!r}")
        super().__init__(seed)
        self.playouts = playouts
        self.last: SearchInfo | None = None

    def __call__(self, game: Game, state: Any) -> Any:
        start = time.perf_counter()
        actions = _require_moves(game, state)
        sign = 1 if game.player(state) == 1 else -1
        n = self.playouts
        children = [game.result(state, action) for action in actions]
        totals, counts = self._rollouts(game, children, budget.deadline_for(None, start))
        means = [sign * t / c if c else -math.inf for t, c in zip(totals, counts, strict=True)]
        best = max(means)
        choice = self.rng.choice([a for a, m in zip(actions, means, strict=True) if m == best])
        extra = {
            "means": {
                format_action(game, a): m
                for a, m, c in zip(actions, means, counts, strict=True)
                if c
            },
            "playouts": n,
        }
        note = ""
        if min(counts) < n:
            low, high = min(counts), max(counts)
            done = f"{low}" if low == high else f"{low}-{high}"
            note = f"out of time after {done} of {n} playouts per move: played the best mean so far"
        seconds = time.perf_counter() - start
        self.last = SearchInfo(best, 1, sum(counts), seconds, (choice,), extra, note)
        return choice

    def _rollouts(
        self, game: Game, children: list[Any], deadline: float | None
    ) -> tuple[list[float], list[int]]:
        """Each child's total result for player 1 over its playouts, and their number.

        Without a deadline every child gets its ``playouts`` in one call. Under one, the
        children take turns in rounds, each call growing until it lasts about a
        millisecond, the clock read after every call, so that a deadline leaves them all
        with about as many playouts and is overrun by a call at most."""
        hook = playouts_hook(game)
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
        hook = playouts_hook(game)
        if hook is not None and not game.is_terminal(state):
            with while_compiling(f"compiling the random playouts of {game_name(game)}, once"):
                hook(state, 1, 0)

    def __repr__(self) -> str:
        return f"MonteCarlo(playouts={self.playouts!r}, seed={self.seed!r})"


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
    ``compiled=False`` forces the generic tree, which any game uses.

    ``last.extra`` has ``visits`` and ``values`` (mean results) per action in its human
    format, ``proven`` for the proven ones, ``iterations`` run, ``reused`` root visits
    kept from earlier searches and ``compiled``.

    >>> import zerosum as zs
    >>> game = zs.games.ConnectFour()
    >>> agent = MCTS(iterations=2000, seed=1)
    >>> agent(game, game.initial_state) in range(7)
    True
    >>> sum(agent.last.extra["visits"].values())
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
        self.last: SearchInfo | None = None
        self._game: Game | None = None
        self._tree: Tree | CompiledTree | None = None

    def reset(self, seed: int | None = None) -> None:
        """Forget the tree; reseed (with ``seed``, else the agent's own seed)."""
        super().reset(seed)
        self._game = self._tree = None

    def _tree_for(self, game: Game, state: Any) -> Tree | CompiledTree:
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
        self._tree = Tree(game, state, self.c, self.solver, self.rng)
        return self._tree

    def __call__(self, game: Game, state: Any) -> Any:
        start = time.perf_counter()
        _require_moves(game, state)
        tree = self._tree_for(game, state)
        reused = tree.root_visits
        deadline = budget.deadline_for(self.time_limit, start)
        done = tree.run(self.iterations, deadline)
        children = [ChildStats(*child) for child in tree.children()]
        best = _choose(children)
        pv = tuple(tree.pv())
        extra = {
            "visits": {format_action(game, ch.action): ch.visits for ch in children},
            "values": {format_action(game, ch.action): ch.mean for ch in children},
            "proven": {
                format_action(game, ch.action): ch.proven
                for ch in children
                if ch.proven is not None
            },
            "iterations": done,
            "reused": reused,
            "compiled": tree.compiled,
        }
        value = best.mean if best.proven is None else best.proven
        note = ""
        stopped = self.iterations is not None and done < self.iterations and best.proven is None
        if stopped and budget.imposed(self.time_limit, start):
            note = (
                f"out of time after {done} of {self.iterations} iterations: "
                "played the most visited move so far"
            )
        seconds = time.perf_counter() - start
        self.last = SearchInfo(value, len(pv), done, seconds, pv, extra, note)
        return best.action

    def prepare(self, game: Game) -> None:
        """Load the compiled tree search now, so that no move's clock pays for it."""
        state = game.initial_state
        if not game.is_terminal(state):
            probe = MCTS(iterations=2, seed=0, solver=self.solver, compiled=self.compiled)
            with while_compiling(f"compiling the tree search of {game_name(game)}, once"):
                child = game.result(state, probe(game, state))
                if not game.is_terminal(child):
                    probe(game, child)  # the next move keeps the subtree: its compiled path

    def __repr__(self) -> str:
        return (
            f"MCTS(iterations={self.iterations!r}, time_limit={self.time_limit!r}, c={self.c!r}, "
            f"seed={self.seed!r}, solver={self.solver!r})"
        )
