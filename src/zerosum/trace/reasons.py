"""What an alpha-beta trace says beside its nodes: the windows as the root's player sees
them, why a child cut its parent off and why its siblings were never searched, and the
best line. The Python searches (``agents/traced_search.py``) and the reader of a compiled
search's record (``agents/compiled_trace.py``) both write their traces with these, so
the two say the same things in the same words.
"""

from __future__ import annotations

from .. import hooks
from ..game import Game
from ..records.trace import Recorder
from .text import number

__all__ = [
    "agent_name", "best_line", "child_window", "cut_reason", "game_name", "in_root_terms",
    "pruned_reason", "root_window", "spoken",
]  # fmt: skip


def spoken(game: Game, move: object) -> str:
    """A move as the game writes it."""
    write = hooks.format_action(game)
    return write(move) if write is not None else str(move)


def agent_name(agent: object) -> str:
    """An agent as a trace names it: its spec, else its repr."""
    return hooks.spec(agent) or repr(agent)


def game_name(game: Game) -> str:
    """A game as a trace names it: its spec, else its class's name."""
    return hooks.spec(game) or type(game).__name__


def cut_reason(maximizing: bool, value: float, alpha: float, beta: float) -> str:
    """Why a child's value (root player's view) ended its parent's loop."""
    if maximizing:
        return (
            f"MAX gets {number(value)} here, at least beta = {number(beta)}, what MIN can "
            "already hold MAX to elsewhere: MIN never lets the game come here, so the "
            "other moves need no search"
        )
    return (
        f"MIN holds MAX to {number(value)} here, at most alpha = {number(alpha)}, what MAX "
        "can already get elsewhere: MAX never lets the game come here, so the other moves "
        "need no search"
    )


def pruned_reason(cutter: str, maximizing: bool, value: float, alpha: float, beta: float) -> str:
    """Why a move was never searched (the renderers say "pruned" themselves): the value of
    its sibling ``cutter`` (root player's view) against the window it crossed."""
    if maximizing:
        crossed = f"{number(value)} >= beta {number(beta)}"
    else:
        crossed = f"{number(value)} <= alpha {number(alpha)}"
    above = "MIN" if maximizing else "MAX"
    return f"{cutter} ({crossed}) already showed that {above}, above, avoids this position"


def root_window(sign: float, alpha: float, beta: float) -> tuple[float, float]:
    """A negamax window of the player to move as the root player's ``(alpha, beta)``."""
    return (alpha, beta) if sign > 0 else (-beta, -alpha)


def child_window(sign: float, alpha: float, beta: float, decay: float) -> dict[str, float]:
    """A child's window on entry, for the root player: its parent's, one ply further."""
    low, high = root_window(sign, alpha, beta)
    return {"alpha": low / decay, "beta": high / decay}


def best_line(best: dict[int, int], start: int | None) -> list[int]:
    """Node ids from ``start`` down its best children (``best``: a node's best child)."""
    line: list[int] = []
    while start is not None:
        line.append(start)
        start = best.get(start)
    return line


def in_root_terms(recorder: Recorder, decay: float) -> None:
    """Scale each recorded node's value and window by ``decay`` once per ply below the
    root: the search shrinks a value each ply it travels up (a win sooner is worth
    more), so in the node's own terms a parent's value would be its best child's times
    ``decay``, and a person reading the tree sees a root that is not its best move's
    value. The heuristic stays the evaluation itself."""
    if decay == 1.0:
        return
    for node in recorder.nodes:
        factor = decay**node.ply
        for name in ("value", "alpha", "beta"):
            found = getattr(node, name)
            if found is not None:
                setattr(node, name, found * factor)
