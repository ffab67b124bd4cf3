"""A subclass of a built-in game that changes a rule is played and solved by its own rules.

The built-in games register fast twins of their rules (compiled rules, solvers, books,
symmetries, keys) for their exact class; :func:`zerosum.hooks.own_hook` hands them out
to that class alone, and to a subclass only once it registers a bundle of its own. Here
every agent and ``zs.solve`` meet generated subclasses that change one rule each, and
must agree with the subclass's own methods.
"""

from __future__ import annotations

import zlib
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zerosum as zs
from zerosum.agents import AlphaBeta, Minimax
from zerosum.fast_paths import FastPaths, fast_paths, register_fast_paths
from zerosum.hooks import own_hook
from zerosum.kernels.check import compare


def _coin(*parts: Any, sides: int = 2) -> bool:
    """A fixed pseudo-random choice per ``parts``: the same answer for the same state."""
    return zlib.crc32(repr(parts).encode()) % sides == 0


class Narrowed:
    """Only the actions a fixed coin keeps are legal (the first one when it keeps none)."""

    def actions(self, state: Any) -> list[Any]:
        legal = list(super().actions(state))  # type: ignore[misc]
        return [a for a in legal if _coin(state, a)] or legal[:1]


class Misere:
    """Whoever would win loses."""

    def utility(self, state: Any, player: int) -> Any:
        return -super().utility(state, player)  # type: ignore[misc]


class ForcedReply:
    """After each move the opponent's first action is played at once, if the game goes on."""

    def result(self, state: Any, action: Any) -> Any:
        after = super().result(state, action)  # type: ignore[misc]
        if super().is_terminal(after):  # type: ignore[misc]
            return after
        return super().result(after, super().actions(after)[0])  # type: ignore[misc]


class EndsEarly:
    """The game also ends, with the built-in's utility, where a fixed coin says so."""

    def is_terminal(self, state: Any) -> bool:
        if super().is_terminal(state):  # type: ignore[misc]
            return True
        return state != self.initial_state and _coin(state, "end", sides=3)  # type: ignore[attr-defined]


class ExtraTurn:
    """The mover moves again where a fixed coin says so (games whose state ends with the
    player to move: a transposition key without the mover no longer names a position)."""

    def result(self, state: Any, action: Any) -> Any:
        after = super().result(state, action)  # type: ignore[misc]
        moved = after[:2] != state[:2]  # not a pass, which would then lead back to itself
        return (*after[:2], state[2]) if moved and _coin(state, action, sides=3) else after


class Inverted:
    """The heuristic turned around."""

    def evaluate(self, state: Any, player: int) -> float:
        return -super().evaluate(state, player)  # type: ignore[misc, no-any-return]


CHANGES = (Narrowed, Misere, ForcedReply, EndsEarly, Inverted)
#: Small boards, each with the plies from which plain minimax finishes in a moment.
BOARDS = (
    (zs.games.TicTacToe, {}, 0),
    (zs.games.Pick, {"n": 3}, 0),
    (zs.games.ConnectFour, {"width": 4, "height": 4}, 6),
    (zs.games.Migration, {"n": 4}, 0),
    (zs.games.Migration, {"n": 5}, 6),
    (zs.games.Othello, {"size": 4}, 6),
)
#: Every board with every change, and Migration and Othello with an extra turn too.
CASES = [(board, change) for board in range(len(BOARDS)) for change in CHANGES] + [
    (board, ExtraTurn) for board, (base, _, _) in enumerate(BOARDS)
    if base in (zs.games.Migration, zs.games.Othello)
]  # fmt: skip
AGENTS = ("alphabeta", "alphabeta:depth=2", "mcts:iterations=100", "montecarlo:playouts=5",
          "perfect")  # fmt: skip


@cache
def variant(board: int, change: type) -> Any:
    """The board's game changed by ``change`` (one class per pair: kernels are per class)."""
    base, params, _ = BOARDS[board]
    return type(f"{change.__name__}{base.__name__}", (change, base), {})(**params)


def position(game: Any, data: st.DataObject, least: int) -> Any:
    """A live position reached by ``least`` or more random moves of ``game``'s own rules
    (fewer where every game ends sooner)."""
    state = game.initial_state
    for _ in range(least + data.draw(st.integers(0, 4), label="extra plies")):
        after = game.result(state, data.draw(st.sampled_from(game.actions(state))))
        if game.is_terminal(after):
            break
        state = after
    return state


def minimax_values(game: Any, state: Any) -> dict[Any, int]:
    """Every action's value (1, 0, -1 for the mover) by plain minimax over the methods."""
    memo: dict[Any, int] = {}

    def value(s: Any) -> int:
        if s not in memo:
            memo[s] = max(child(s, a) for a in game.actions(s))
        return memo[s]

    def child(s: Any, a: Any) -> int:
        me, after = game.player(s), game.result(s, a)
        if game.is_terminal(after):
            u = game.utility(after, me)
            return (u > 0) - (u < 0)
        return value(after) if game.player(after) == me else -value(after)

    return {a: child(state, a) for a in game.actions(state)}


@pytest.mark.parametrize(("board", "change"), CASES)
@settings(max_examples=4, deadline=None)
@given(data=st.data())
def test_every_agent_plays_the_subclass_legal_moves(
    data: st.DataObject, board: int, change: type
) -> None:
    game = variant(board, change)
    state = position(game, data, BOARDS[board][2])
    legal = game.actions(state)
    for spec in AGENTS:
        move = zs.make_agent(spec)(game, state)
        assert move in legal, f"{spec} played {move!r} in {game!r}; legal: {legal}"


@pytest.mark.parametrize(("board", "change"), CASES)
@settings(max_examples=4, deadline=None)
@given(data=st.data(), weak=st.booleans())
def test_a_solve_of_a_subclass_agrees_with_plain_minimax(
    data: st.DataObject, weak: bool, board: int, change: type
) -> None:
    game = variant(board, change)
    state = position(game, data, BOARDS[board][2])
    expected = minimax_values(game, state)
    solved = zs.solve(game, state, weak=weak)
    assert solved.action_values == expected, f"{game!r} at {state!r}"
    assert solved.value == max(expected.values())
    searched = AlphaBeta()  # to the end: its value's sign is the position's value
    searched(game, state)
    assert searched.last is not None
    assert (searched.last.value > 0) - (searched.last.value < 0) == solved.value


@pytest.mark.parametrize("board", range(len(BOARDS)))
def test_a_depth_limited_search_scores_by_the_subclass_heuristic(board: int) -> None:
    game = variant(board, Inverted)
    state = game.initial_state
    for _ in range(2):
        state = game.result(state, game.actions(state)[-1])
    searched = AlphaBeta(depth=2, depth_adjust=False)
    searched(game, state)
    assert searched.last is not None and not searched.last.compiled
    reference = Minimax(depth=2)
    reference(game, state)
    assert reference.last is not None and searched.last.value == reference.last.value


HOOKS = ("compiled_rules", "search_kernel", "playouts", "key", "canonical_key", "symmetry",
         "move_orders", "space_layers", "space_probes", "solve_exactly", "solve_weakly",
         "keeping_move", "warm_solver", "has_compiled_solver", "settled",
         "perfect_is_instant")  # fmt: skip


class Drawn:
    """Only how a state is drawn changes: the rules stay the built-in's."""

    def render(self, state: Any) -> str:
        return f"<{super().render(state)}>"  # type: ignore[misc]


@pytest.mark.parametrize("board", range(len(BOARDS)))
@pytest.mark.parametrize("change", [Drawn, *CHANGES])
def test_the_fast_paths_serve_no_subclass_that_has_not_registered_them(
    board: int, change: type
) -> None:
    game = variant(board, change)
    base = BOARDS[board][0](**BOARDS[board][1])
    assert own_hook(base, "compiled_rules") is not None  # the built-in's own
    assert [name for name in HOOKS if own_hook(game, name) is not None] == []


@pytest.mark.parametrize("board", range(len(BOARDS)))
def test_a_subclass_that_keeps_the_rules_plays_the_same_and_opts_in_like_its_parent(
    board: int,
) -> None:
    cls, params, _ = BOARDS[board]
    base = cls(**params)

    class Kept(Drawn, cls):  # type: ignore[valid-type,misc]
        pass

    game = Kept(**params)
    state = base.initial_state
    for _ in range(2):
        state = base.result(state, base.actions(state)[-1])
    generic, builtin = AlphaBeta(depth=3), AlphaBeta(depth=3)
    generic(game, state)
    builtin(base, state)
    assert generic.last is not None and builtin.last is not None
    assert not generic.last.compiled and builtin.last.compiled  # the generic path...
    assert generic.last.value == builtin.last.value  # ...to the same value
    register_fast_paths(Kept, like=cls)
    offered = [name for name in HOOKS if own_hook(game, name) is not None]
    assert offered == [name for name in HOOKS if own_hook(base, name) is not None]
    again = AlphaBeta(depth=3)
    again(game, state)
    assert again.last is not None and again.last.compiled
    assert again.last.value == builtin.last.value


def test_the_state_space_of_a_subclass_is_counted_by_its_own_rules() -> None:
    game = variant(2, Narrowed)  # Connect Four 4x4, which the built-in counts compiled
    space = zs.analyze(game, plies=6, probes=0)
    layer, counts = {game.initial_state}, []
    for _ in range(7):
        counts.append(len(layer))
        live = [s for s in layer if not game.is_terminal(s)]
        layer = {game.result(s, a) for s in live for a in game.actions(s)}
    assert [row.positions for row in space.plies][:7] == counts
    assert space.symmetry is None  # the mirror image is no symmetry of the narrowed rules


def test_the_page_offers_perfect_only_where_it_is_instant_by_the_games_own_rules() -> None:
    from zerosum.web.app import offered_presets

    presets = [{"label": "Perfect", "spec": "perfect"}]
    assert offered_presets(zs.games.TicTacToe(), presets) == presets
    drawn = variant(0, Drawn)
    assert offered_presets(drawn, presets) == []  # not registered: nothing declared
    register_fast_paths(type(drawn), like=zs.games.TicTacToe)
    assert offered_presets(drawn, presets) == presets
    assert offered_presets(variant(0, Misere), presets) == []


def test_an_unchanged_subclass_gets_the_compiled_search_and_solver_once_registered() -> None:
    class Mine(zs.games.ConnectFour):
        pass

    game = Mine(width=4, height=4)
    plain, agent = AlphaBeta(depth=4), AlphaBeta(depth=4)
    plain(game, game.initial_state)
    assert plain.last is not None and not plain.last.compiled
    assert zs.solve(game).nodes > 0  # the generic solver searched
    register_fast_paths(Mine, like=zs.games.ConnectFour)
    agent(game, game.initial_state)
    assert agent.last is not None and agent.last.compiled
    assert agent.last.value == plain.last.value
    solved = zs.solve(game)
    assert solved.score is not None  # the compiled Connect Four solver answered


def test_a_subclass_that_overrides_a_rule_gets_a_fast_path_only_when_it_registers_one() -> None:
    class Counted(zs.games.TicTacToe):
        def result(self, state: Any, action: int) -> Any:
            return super().result(state, action)

    assert own_hook(Counted(), "compiled_rules") is None
    builtin = fast_paths(zs.games.TicTacToe)
    assert builtin is not None
    register_fast_paths(Counted, FastPaths(compiled_rules=builtin.compiled_rules))
    assert own_hook(Counted(), "compiled_rules") is not None
    assert own_hook(Counted(), "canonical_key") is None  # it registered no symmetries


def test_overriding_a_rule_helper_changes_the_rules() -> None:
    class ThreeWins(zs.games.ConnectFour):
        def has_line(self, stones: int) -> bool:
            return super().has_line(stones) or bool(stones & stones >> 1 & stones >> 2)

    assert own_hook(ThreeWins(width=4, height=4), "compiled_rules") is None


class LeftToRight(zs.games.ConnectFour):
    """The notebook's game: Connect Four with its columns offered from left to right."""

    def column_order(self) -> list[int]:
        return list(range(self.width))


register_fast_paths(LeftToRight, like=zs.games.ConnectFour)  # an order is no rule


def test_reordered_columns_keep_the_compiled_search_in_their_order() -> None:
    game = LeftToRight(width=5, height=4)
    state = game.initial_state
    for column in (0, 4, 2, 2):
        assert game.actions(state) == sorted(game.actions(state))
        compare(game, state)  # the twin lists the columns in the same order
        state = game.result(state, column)
    agent = AlphaBeta(depth=6, ordering=False)
    agent(game, game.initial_state)
    assert agent.last is not None and agent.last.compiled


def test_a_column_order_must_name_every_column_once() -> None:
    class Missing(zs.games.ConnectFour):
        def column_order(self) -> list[int]:
            return [0, 1, 2]

    with pytest.raises(ValueError, match=r"column_order\(\) must list the columns 0..3"):
        Missing(width=4, height=4)
