"""The checks a rubric's tests name (:data:`~zerosum.teach.rubric.CHECKS`), run in the
grading child process on the student's code: each returns an :class:`Outcome` that says
what was expected, what the submission did, and the position, as moves to replay and as
the board."""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ..game import (
    Game,
    format_action,
    game_name,
    parse_action,
    render_state,
    replay,
    split_moves,
    state_key,
)
from . import reference
from .counting import CountingGame
from .course import course_game
from .guard import Failure, Guard
from .rubric import TestSpec
from .tree import tree_game

__all__ = ["Context", "Outcome", "run_check", "load_test_game"]


@dataclass(frozen=True)
class Outcome:
    """A test's verdict: passed or not, and what to tell the student."""

    passed: bool
    output: str


@dataclass
class Context:
    """What a check is given: the student's graded member (``member``: a function, or a
    game for the ``game`` task), the module it came from, and the guard its calls go
    through."""

    member: Any
    module: ModuleType | None
    guard: Guard


def load_test_game(spec: str) -> Game:
    """The game a test names: ``textbook`` (Figure 5.2's tree), ``course-tictactoe`` (a
    board of lists, as the course writes it), else a game spec."""
    own = tree_game(spec) or course_game(spec)
    if own is not None:
        return own
    from ..games import load_game

    return load_game(spec)


def _position(game: Game, text: str) -> Any:
    return replay(game, split_moves(game, text)) if text.strip() else game.initial_state


def where(spec: str, game: Game, moves: str, state: Any) -> str:
    """The position for the student: the game, the moves from its start, the board."""
    shown = f'after the moves "{moves}"' if moves.strip() else "at the start"
    try:
        board = render_state(game, state)
    except Exception:  # a game that cannot draw this state: the moves say it all
        board = ""
    board = "\n".join("    " + line for line in board.splitlines())
    return f"position: {spec} {shown}\n{board}".rstrip()


def _action(game: Game, action: Any) -> str:
    try:
        return format_action(game, action)
    except Exception:
        return repr(action)


#: The most characters of a value of the student's shown in a test's output.
SHOWN = 300


def _shown(value: Any) -> str:
    """``repr(value)``, shortened, and never raising: the value is the student's."""
    try:
        text = repr(value)
    except Exception as exc:
        return f"<a {type(value).__name__} whose repr raised {type(exc).__name__}>"
    return text if len(text) <= SHOWN else text[:SHOWN] + "..."


def _same(ours: Any, theirs: Any) -> bool:
    """Whether the student's action equals one of the game's (its ``==`` may raise)."""
    try:
        return bool(ours == theirs)
    except Exception:
        return False


def _legal(game: Game, state: Any, action: Any) -> bool:
    try:
        return action in list(game.actions(state))
    except Exception:
        return False


def check_value(ctx: Context, test: TestSpec) -> Outcome:
    game = load_test_game(test.game)
    for moves in test.positions:
        state = _position(game, moves)
        values = reference.action_values(game, state)
        best = max(v for _, v in values)
        try:
            action = ctx.guard(ctx.member, game, copy.deepcopy(state))
        except Failure as exc:
            return Outcome(False, f"{exc.reason}\n{where(test.game, game, moves, state)}")
        got = [v for a, v in values if _same(a, action)]
        best_moves = " ".join(_action(game, a) for a, v in values if v == best)
        if not got:
            return Outcome(
                False,
                f"expected a legal move of value {best:g} ({best_moves}); "
                f"it returned {_shown(action)}, which is not a legal move\n"
                f"{where(test.game, game, moves, state)}",
            )
        if got[0] != best:
            return Outcome(
                False,
                f"expected a move of value {best:g} ({best_moves}); it "
                f"returned {_action(game, action)}, of value {got[0]:g}\n"
                f"{where(test.game, game, moves, state)}",
            )
    return Outcome(True, f"the best move on {len(test.positions)} position(s)")


def _count(game: Game, state: Any, search: Callable[[Any, Any], Any]) -> CountingGame:
    counting = CountingGame(game, state)
    search(counting, state)
    return counting


def check_nodes(ctx: Context, test: TestSpec) -> Outcome:
    game = load_test_game(test.game)
    expect = test.option("expect", "alphabeta")
    if expect not in ("minimax", "alphabeta"):
        return Outcome(False, f"rubric error: expect must be minimax or alphabeta, not {expect!r}")
    never = [tuple(split_moves(game, m)) for m in test.option("never", [])]
    total = 0
    for moves in test.positions:
        state = _position(game, moves)
        plain = _count(game, state, reference.minimax).nodes
        wanted = {plain}
        if expect == "alphabeta":
            wanted = {_count(game, state, reference.alphabeta).nodes}
            wanted.add(
                _count(game, state, lambda g, s: reference.alphabeta(g, s, strict=True)).nodes
            )
        counting = CountingGame(game, state)
        try:
            action = ctx.guard(ctx.member, counting, state)
        except Failure as exc:
            return Outcome(False, f"{exc.reason}\n{where(test.game, game, moves, state)}")
        if not _legal(game, state, action):
            return Outcome(
                False,
                f"it returned {_shown(action)}, not a legal move\n"
                + where(test.game, game, moves, state),
            )
        name = "textbook alpha-beta" if expect == "alphabeta" else "plain minimax"
        expected = " or ".join(map(str, sorted(wanted)))
        if counting.nodes not in wanted:
            why = ""
            if expect == "alphabeta" and counting.nodes == plain:
                why = ": as many as plain minimax, so it does not prune"
            elif expect == "alphabeta" and counting.nodes > max(wanted):
                why = f" (plain minimax visits {plain}): it prunes less than alpha-beta"
            elif counting.nodes < min(wanted):
                why = ": fewer, so it skips positions it must look at"
            return Outcome(
                False,
                f"expected {name}'s {expected} nodes (in the game's order of "
                f"actions); it visited {counting.nodes}{why}\n"
                f"{where(test.game, game, moves, state)}",
            )
        seen = {state_key(game, s) for s in counting.visited}
        for path in never:
            skipped = replay(game, list(path))
            if state_key(game, skipped) in seen:
                return Outcome(
                    False,
                    f"it visited {' '.join(path)}, which alpha-beta prunes\n"
                    f"{where(test.game, game, moves, state)}",
                )
        total += counting.nodes
    return Outcome(True, f"{total} nodes visited in all, as {expect} visits them")


def check_pure(ctx: Context, test: TestSpec) -> Outcome:
    game = load_test_game(test.game)
    for moves in test.positions:
        state = _position(game, moves)
        before = copy.deepcopy(state)
        try:
            ctx.guard(ctx.member, game, state)
        except Failure as exc:
            return Outcome(False, f"{exc.reason}\n{where(test.game, game, moves, before)}")
        if state != before:
            return Outcome(
                False,
                f"it changed the state it was handed: {_shown(before)} became "
                f"{_shown(state)}; search on new states (game.result) instead\n"
                f"{where(test.game, game, moves, before)}",
            )
    return Outcome(True, f"the state unchanged on {len(test.positions)} position(s)")


def check_depth(ctx: Context, test: TestSpec) -> Outcome:
    game = load_test_game(test.game)
    name = test.option("evaluate", "evaluate")
    evaluate = getattr(ctx.module, name, None) if ctx.module is not None else None
    if not callable(evaluate):
        return Outcome(False, f"the submission defines no function {name}(game, state, player)")
    keyword = test.option("depth_arg", "depth")
    depths = test.option("depths", [1, 2, 3, 4])
    for depth in depths:
        for moves in test.positions:
            state = _position(game, moves)
            try:
                values = ctx.guard(reference.depth_values, game, state, depth, evaluate)
            except Failure as exc:
                return Outcome(
                    False, f"evaluate failed: {exc.reason}\n{where(test.game, game, moves, state)}"
                )
            best = max(v for _, v in values)
            try:
                action = ctx.guard(ctx.member, game, copy.deepcopy(state), **{keyword: depth})
            except Failure as exc:
                return Outcome(
                    False, f"at depth {depth}: {exc.reason}\n{where(test.game, game, moves, state)}"
                )
            got = [v for a, v in values if _same(a, action)]
            best_moves = " ".join(_action(game, a) for a, v in values if math.isclose(v, best))
            if not got or not math.isclose(got[0], best, rel_tol=1e-9, abs_tol=1e-12):
                did = (
                    f"{_action(game, action)}, of value {got[0]:g}" if got else f"{_shown(action)}"
                )
                return Outcome(
                    False,
                    f"at depth {depth}, depth-limited minimax with your "
                    f"evaluate gives {best:g} ({best_moves}); it returned {did}\n"
                    f"{where(test.game, game, moves, state)}",
                )
    return Outcome(
        True, f"depths {', '.join(map(str, depths))} on {len(test.positions)} position(s) match"
    )


ASPECTS = ("start", "player", "actions", "result", "terminal", "utility", "print")


def check_rules(ctx: Context, test: TestSpec) -> Outcome:
    """Walk the built-in game and the student's class side by side along random games
    (seeded) and the rubric's positions, comparing the ``aspects`` asked for."""
    rules = load_test_game(test.game)
    mine = ctx.member
    aspects = test.option("aspects", list(ASPECTS))
    rng = random.Random(test.option("seed", 0))
    base = test.game.partition(":")[0].strip().lower()
    boards = [*test.positions, *test.option("boards", {}).get(base, [])]
    walks = [split_moves(rules, m) if m.strip() else None for m in boards]
    walks += [None] * int(test.option("playouts", 100))
    call = ctx.guard
    for planned in walks:
        try:  # read anew for each game: a result that changes its input leaves it alone
            stu = call(lambda: mine.initial_state)
        except Failure as exc:
            return Outcome(False, f"initial_state: {exc.reason}")
        ref = rules.initial_state
        done: list[Any] = []
        while True:
            found = _compare(rules, mine, ref, stu, aspects, call)
            if found:
                text = " ".join(_action(rules, a) for a in done)
                return Outcome(False, f"{found}\n{where(test.game, rules, text, ref)}")
            if rules.is_terminal(ref) or (planned is not None and len(done) == len(planned)):
                break
            if planned is not None:
                action = parse_action(rules, planned[len(done)], ref)
            else:
                action = rng.choice(list(rules.actions(ref)))
            try:
                stu = call(mine.result, stu, action)
            except Failure as exc:
                text = " ".join(_action(rules, a) for a in done)
                if "result" in aspects:
                    return Outcome(
                        False,
                        f"result(state, {_action(rules, action)}): "
                        f"{exc.reason}\n{where(test.game, rules, text, ref)}",
                    )
                break
            ref = rules.result(ref, action)
            done.append(action)
    return Outcome(True, f"agrees with {game_name(rules)} on {len(walks)} games")


def _compare(rules: Game, mine: Any, ref: Any, stu: Any, aspects: list[str], call: Guard) -> str:
    """The first disagreement between the rules and the student's class at this
    position, as a sentence; empty when they agree."""

    def ask(what: str, function: Callable[..., Any], *args: Any) -> Any:
        try:
            return call(function, *args)
        except Failure as exc:
            raise _Disagree(f"{what}: {exc.reason}") from None

    try:
        terminal = rules.is_terminal(ref)
        if "terminal" in aspects:
            said = ask("is_terminal(state)", mine.is_terminal, stu)
            if bool(said) != terminal:
                return f"is_terminal(state) returned {_shown(said)}; the rules say {terminal}"
        if terminal:
            if "utility" in aspects:
                for player in (1, 2):
                    said = ask(f"utility(state, {player})", mine.utility, stu, player)
                    worth = rules.utility(ref, player)
                    if not isinstance(said, (int, float)) or said != worth:
                        return (
                            f"utility(state, {player}) returned {_shown(said)}; "
                            f"the rules say {worth:g}"
                        )
            return ""
        if "player" in aspects:
            said = ask("player(state)", mine.player, stu)
            mover = rules.player(ref)
            if said != mover:
                return f"player(state) returned {_shown(said)}; the rules say {mover} is to move"
        if "actions" in aspects:
            said = ask("actions(state)", mine.actions, stu)
            want = list(rules.actions(ref))
            try:
                same = sorted(list(said)) == sorted(want)
            except TypeError:
                same = False
            if not same:
                written = " ".join(_action(rules, a) for a in sorted(want))
                return (
                    f"actions(state) returned {_shown(said)}; the legal moves are {sorted(want)!r} "
                    f"(as zerosum writes them: {written or 'none'})"
                )
        if "result" in aspects:
            action = list(rules.actions(ref))[0]
            before = copy.deepcopy(stu)
            ask(f"result(state, {_action(rules, action)})", mine.result, stu, action)
            if stu != before:
                return (
                    f"result(state, {_action(rules, action)}) changed the state it was "
                    "handed; return a new state instead"
                )
        if "print" in aspects:
            ask("print_state(state)", mine.print_state, stu)
    except _Disagree as exc:
        return str(exc)
    return ""


class _Disagree(Exception):
    pass


def check_match(ctx: Context, test: TestSpec) -> Outcome:
    from ..agents import make_agent
    from ..hosting.standin import python_stand_in

    game = load_test_game(test.game)
    opponent_spec = test.option("opponent", "random")
    games = int(test.option("games", 4))
    threshold = float(test.option("threshold", 0.5))
    seed = int(test.option("seed", 0))
    points = 0.0
    for i in range(games):
        chosen = opponent_spec if opponent_spec != "random" else f"random:seed={seed + i}"
        built = make_agent(chosen)
        other = python_stand_in(built, game) or built  # no compile for a short match
        mine_side = 1 + i % 2
        state = game.initial_state
        moves: list[str] = []
        while not game.is_terminal(state):
            mover = game.player(state)
            if mover == mine_side:
                try:
                    action = ctx.guard(ctx.member, game, copy.deepcopy(state))
                except Failure as exc:
                    text = " ".join(moves)
                    return Outcome(
                        False,
                        f"game {i + 1} against {opponent_spec}: {exc.reason}\n"
                        f"{where(test.game, game, text, state)}",
                    )
                if not _legal(game, state, action):
                    return Outcome(
                        False,
                        f"game {i + 1} against {opponent_spec}: it played "
                        f"{_shown(action)}, not a legal move\n"
                        f"{where(test.game, game, ' '.join(moves), state)}",
                    )
            else:
                action = other(game, state)
            moves.append(_action(game, action))
            state = game.result(state, action)
        utility = game.utility(state, mine_side)
        points += 1.0 if utility > 0 else 0.5 if utility == 0 else 0.0
    share = points / games
    verdict = f"scored {points:g} of {games} against {opponent_spec} (needs {threshold:.0%})"
    return Outcome(share >= threshold, verdict)


def check_grade(ctx: Context, test: TestSpec) -> Outcome:
    from ..analysis import grade

    game = load_test_game(test.game)
    positions = int(test.option("positions_graded", 20))
    plies = tuple(test.option("plies", [0, 8]))
    threshold = float(test.option("threshold", 0.8))
    failures: list[str] = []

    def agent(g: Any, s: Any) -> Any:
        try:
            return ctx.guard(ctx.member, g, copy.deepcopy(s))
        except Failure as exc:
            failures.append(exc.reason)
            return list(g.actions(s))[0]

    report = grade(
        game,
        {"submission": agent},
        positions=positions,
        plies=plies,  # type: ignore[arg-type]
        seed=int(test.option("seed", 0)),
    )
    if failures:
        return Outcome(False, f"{failures[0]} ({len(failures)} of {positions} moves failed)")
    share = report.grades[0].kept_share
    verdict = (
        f"kept the solver's value in {share:.0%} of {positions} positions (needs {threshold:.0%})"
    )
    return Outcome(share >= threshold, verdict)


CHECKERS: dict[str, Callable[[Context, TestSpec], Outcome]] = {
    "value": check_value,
    "nodes": check_nodes,
    "pure": check_pure,
    "depth": check_depth,
    "rules": check_rules,
    "match": check_match,
    "grade": check_grade,
}


def run_check(ctx: Context, test: TestSpec) -> Outcome:
    """Run ``test`` on the student's code; a failure of the grader's own is reported as
    such, not as the student's."""
    try:
        return CHECKERS[test.check](ctx, test)
    except Failure as exc:
        return Outcome(False, exc.reason)
    except Exception as exc:  # the rubric's positions or game, not the student's code
        return Outcome(False, f"the grader could not run this test: {type(exc).__name__}: {exc}")
