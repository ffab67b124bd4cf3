"""The trace of a compiled alpha-beta search: the tree the kernel itself explored.

A traced agent's compiled search runs the kernel's traced copy (``kernels/alphabeta.py``:
the same search, compiled a second time with the recording in), which writes each node
into a bounded record as it goes; :func:`kernel_trace` reads that record into a
:class:`zerosum.trace.Trace`, with the facts and words of the Python search's traces
(``traced_search.py``). So the tree, its value, its move and its order of moves are the
compiled search's own, for every combination of switches. Untraced searches run the
untraced copy, which has no recording in it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .. import budget
from ..game import Action, Game, State
from ..kernels.alphabeta import CUTOFF, ENDS_AT_ONCE, INNER, PRUNED, RECORD, TABLE, TERMINAL
from ..trace import (
    Recorder,
    Trace,
    agent_name,
    best_line,
    child_window,
    cut_reason,
    game_name,
    in_root_terms,
    pruned_reason,
    root_window,
    spoken,
)
from .negamax import DECAY
from .traced_search import alphabeta_settings

if TYPE_CHECKING:
    import numpy as np

    from ..records.rules import Rules
    from .search import AlphaBeta

__all__ = ["compiled_trace", "kernel_trace"]

_KINDS = {INNER: "inner", TERMINAL: "terminal", CUTOFF: "cutoff", TABLE: "table",
          PRUNED: "pruned", ENDS_AT_ONCE: "terminal"}  # fmt: skip
_FIRST = RECORD["first"]
_NO_DEPTH = 1 << 30  # the kernel's "to the end"


def compiled_trace(
    agent: AlphaBeta, game: Game[State, Action], state: State, cap: int
) -> Trace | None:
    """The trace of a fresh compiled search (an empty table) with ``agent``'s switches, or
    None when ``agent`` would not search ``game`` compiled (or only evaluates, depth 0),
    or when a caller's time cap is running and the traced search is not compiled yet
    (:func:`traced_ready`): compiling it takes longer than any cap, so the Python search
    answers instead, and its note says so."""
    from .search import AlphaBeta

    if agent.depth == 0 or not agent.would_compile(game):
        return None
    if budget.deadline() is not None and not traced_ready(agent):
        return None
    twin = AlphaBeta(
        agent.depth, agent.evaluate, agent.time_limit, agent.ordering, agent.table,
        agent.depth_adjust, agent.seed, agent.table_size, trace=cap,
    )  # fmt: skip
    with budget.not_counted():  # its compiled code, loaded before its search's clock starts
        twin.prepare(game)
    twin(game, state)
    assert twin.last is not None and twin.last.trace is not None
    found = twin.last.trace
    found.agent = agent_name(agent)
    return found


def traced_ready(agent: AlphaBeta) -> bool:
    """Whether ``agent``'s compiled traced search is ready in this process: its compiled
    search loaded (the agent has played compiled) and the traced recursion compiled."""
    kernel = getattr(agent, "_game_kernel", None)
    return bool(getattr(kernel, "_traced_ready", False))


def kernel_trace(
    agent: AlphaBeta,
    game: Game[State, Action],
    state: State,
    rules: Rules,
    record: np.ndarray,
    latest: np.ndarray,
    move: Action,
    value: float,
    counted: int,
) -> Trace:
    """The trace in a kernel's ``record`` of ``agent``'s search of ``state`` that chose
    ``move`` of ``value`` and counted ``counted`` nodes: its last iteration finished, of
    those ``latest`` (the record of the last search, which counts them) says were
    started; ``rules``: the game's compiled rules (their move codes)."""
    decay = DECAY if agent.depth_adjust else 1.0
    _, _, mover = rules.unpack(state)
    room = record.shape[0] - _FIRST + 1  # the record's rows, the root's added
    recorder = Recorder(min(agent.trace or room, room), room=room)
    root = recorder.enter(None, "", True, state, alpha=-math.inf, beta=math.inf, value=value)
    states: dict[int, State] = {-1: state}
    best: dict[int, int] = {}
    cutters: dict[int, tuple[str, float, tuple[float, float]]] = {}  # parent -> cut
    rows = record[_FIRST : _FIRST + int(record[0, RECORD["recorded"]])].tolist()
    for n, row in enumerate(rows):
        parent, code, ply, kind = (int(row[RECORD[f]]) for f in ("parent", "code", "ply", "kind"))
        alpha, beta, found = row[RECORD["alpha"]], row[RECORD["beta"]], row[RECORD["value"]]
        parent_max = ply % 2 == 1  # the root's player moves at even plies
        sign = 1.0 if parent_max else -1.0
        action = rules.action(code, mover if parent_max else 3 - mover)
        said = spoken(game, action)
        if kind == PRUNED:
            cutter, cut_value, window = cutters[parent]
            reason = pruned_reason(cutter, parent_max, cut_value, *window)
            kept = recorder.enter(parent + 1, said, not parent_max, kind="pruned", reason=reason)
        else:
            child = states[n] = game.result(states[parent], action)
            facts: dict[str, object] = {
                "kind": _KINDS[kind],
                **child_window(sign, alpha, beta, decay),
            }
            if not math.isnan(found):
                facts["value"] = sign * found
            if kind == CUTOFF:
                facts["heuristic"] = sign * found
            elif kind == TABLE:
                facts.update(table="hit", reason="answered by the transposition table")
            elif row[RECORD["hit"]]:
                facts["table"] = "hit"
            if row[RECORD["cut"]]:
                window = root_window(sign, alpha, beta)
                cut_value = sign * found * decay
                why = cut_reason(parent_max, cut_value, *window)
                if kind == ENDS_AT_ONCE:
                    why = f"ends the game at once, enough for a cut-off: {why}"
                facts.update(cut=True, reason=why)
                cutters[parent] = (said, cut_value, window)
            kept = recorder.enter(parent + 1, said, not parent_max, child, **facts)
        assert kept == n + 1, "the record lists each node after its parent"
        if row[RECORD["best"]] >= 0:
            best[n + 1] = int(row[RECORD["best"]]) + 1
    recorder.visited = 1 + int(record[0, RECORD["seen"]])
    plies = int(record[0, RECORD["plies"]])
    iterations = int(latest[0, RECORD["iterations"]])
    iteration = math.inf if plies >= _NO_DEPTH else plies
    said = spoken(game, move)
    assert root is not None
    chosen = next((i for i in recorder.nodes[root].children
                   if recorder.nodes[i].move == said), None)  # fmt: skip
    switches, recorded = alphabeta_settings(agent, iteration, iterations)
    words = [word for word in ("the compiled search's own tree", recorded) if word]
    in_root_terms(recorder, decay)
    return recorder.trace(
        "alphabeta",
        agent_name(agent),
        game_name(game),
        move=said,
        value=value,
        pv=[root, *best_line(best, chosen)],
        switches=switches,
        note="; ".join(words),
        counted=counted,
        game_object=game,
    )
