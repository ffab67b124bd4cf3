"""What the JSON API sends back: a session's state and an agent's search, as plain data."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from ..agents.base import SearchInfo
from ..agents.search import proven_plies
from ..agents.solve import SolveResult
from ..game import Game, format_action, game_name, render_state
from ..position import Position
from .sessions import Session
from .thinking import Reply

__all__ = ["session_view", "reply_view", "search_summary"]

#: How far from 0 an estimate (in [-1, 1], for the computer) must be for each word.
LEANINGS = ((0.6, "well ahead"), (0.25, "ahead"), (0.05, "slightly ahead"))


def _action_text(game: Game, action: Any) -> str:
    try:
        return format_action(game, action)
    except Exception:  # a principal variation may hold actions a game cannot format
        return repr(action)


def _plain(game: Game, value: Any, legal: list[Any], counted: bool = False) -> Any:
    """``value`` as JSON data; legal actions (keys, and items of lists) in the game's human
    format. A number that is a dict's value (``counted``) stays a number, even where an
    action is a number too (a value of 5, or 5 plies, is no move 5)."""
    try:
        if value in legal and not (counted and isinstance(value, int | float)):
            return _action_text(game, value)
    except Exception:  # an unhashable or incomparable value is no action
        pass
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        return {f.name: _plain(game, getattr(value, f.name), legal, True) for f in fields}
    if isinstance(value, dict):
        return {str(_plain(game, k, legal)): _plain(game, v, legal, True) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_plain(game, v, legal) for v in value]
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if value is None or isinstance(value, bool | int | str):
        return value
    return str(value)


def _proof(value: float) -> tuple[int, int | None] | None:
    """``(sign, plies)`` when an alpha-beta or minimax value is a proven result: exactly
    +-1 (plies unknown), or +-DECAY**plies (alpha-beta's depth decay); else None."""
    if abs(value) == 1:
        return (1 if value > 0 else -1), None
    plies = proven_plies(value)
    return None if plies is None else ((1 if value > 0 else -1), plies)


def _proven_verdict(sign: int, plies: int | None) -> str:
    """The sentence for a proven result, ``plies`` counting the computer's move just played."""
    more = None if plies is None else plies - 1
    if sign == 0:
        return "With best play from both sides, the game is a draw."
    if sign > 0:
        if more is None:
            return "The computer can force a win, however you play."
        if more == 0:
            return "The computer has won."
        return f"The computer wins in {more} more moves at most, however you play."
    if more is None:
        return "You can force a win if you play perfectly."
    return f"You can win in {more} more moves if you play perfectly."


def _estimate_verdict(lean: float) -> str:
    """The sentence for an estimate in [-1, 1] (positive: the computer is ahead)."""
    for bound, words in LEANINGS:
        if lean >= bound:
            return f"The computer thinks it is {words}."
        if lean <= -bound:
            return f"The computer thinks you are {words}."
    return "The computer thinks the game is even."


def _outcome_label(sign: float, plies: int | None) -> str:
    """A move's proven outcome for the computer: ``"win in 7"``, ``"draw"``, ``"loss"``."""
    word = "win" if sign > 0 else "loss" if sign < 0 else "draw"
    return word if plies is None or sign == 0 else f"{word} in {plies}"


def _solved_summary(game: Game, solved: SolveResult) -> dict[str, Any]:
    moves = {
        _action_text(game, a): _outcome_label(v, solved.action_plies.get(a))
        for a, v in solved.action_values.items()
    }
    legend = "what each move leads to with perfect play"
    if any(plies is not None for plies in solved.action_plies.values()):
        legend += " (win in 7: within 7 moves, counting that one)"
    return {
        "verdict": _proven_verdict(solved.value, solved.plies),
        "basis": "proven: it solved the game from here",
        "lean": float(solved.value),
        "moves": moves,
        "legend": legend,
    }


def _sampled_summary(info: SearchInfo, means: dict[str, Any], kind: str) -> dict[str, Any]:
    proven = info.extra.get("proven") or {}
    moves = {
        str(a): _outcome_label(proven[a], None) if a in proven else f"{m:+.2f}"
        for a, m in means.items()
    }
    sure = proven.get(str(info.pv[0])) if info.pv else None
    return {
        "verdict": _proven_verdict(int(sure), None)
        if sure is not None
        else _estimate_verdict(max(-1.0, min(1.0, float(info.value)))),
        "basis": f"the average result of {info.nodes:,} {kind}",
        "lean": max(-1.0, min(1.0, float(info.value))),
        "moves": moves,
        "legend": "each move's average result for the computer, from -1 (it loses) to +1 (it wins)",
    }


def search_summary(game: Game, info: SearchInfo) -> dict[str, Any]:
    """The computer's search in plain words, from its side: ``verdict`` (who it thinks is
    winning and by how much, or what it proved), ``basis`` (what that rests on), ``lean``
    (-1 you are sure to win .. 1 the computer is), and when the agent rated its options,
    ``moves`` (action -> label: ``"win in 7"``, ``"draw"``, ``"+0.25"``) and ``legend``."""
    solved = info.extra.get("solve")
    if isinstance(solved, SolveResult):
        return _solved_summary(game, solved)
    if isinstance(info.extra.get("values"), dict):  # MCTS
        return _sampled_summary(info, info.extra["values"], "simulated games")
    if isinstance(info.extra.get("means"), dict):  # Monte-Carlo
        return _sampled_summary(info, info.extra["means"], "random games")
    if info.extra.get("keeps") in (-1, 0, 1):  # perfect, short of time for every move
        sign = int(info.extra["keeps"])
        return {
            "verdict": _proven_verdict(sign, None),
            "basis": "proven: its move keeps this result (no time to rate the others)",
            "lean": float(sign),
            "moves": {},
        }
    value = float(info.value)
    proof = _proof(value)
    if proof is not None:
        sign, plies = proof
        return {
            "verdict": _proven_verdict(sign, plies),
            "basis": "proven by its search",
            "lean": float(sign),
            "moves": {},
        }
    lean = max(-1.0, min(1.0, value))
    return {
        "verdict": _estimate_verdict(lean),
        "basis": f"an estimate looking {info.depth} moves ahead",
        "lean": lean,
        "moves": {},
    }


def reply_view(game: Game, state: Any, reply: Reply) -> dict[str, Any]:
    """An agent's move in ``state``: the action, its search summary (if any) and any note.

    ``extra`` holds whatever else the search reported (per-move values of a perfect
    player, for instance), with actions written as a person would type them; ``summary``
    says it in plain words (:func:`search_summary`), and ``board`` draws ``state``, the
    position the computer moved from, when the summary rates its moves.
    """
    info = reply.search
    out: dict[str, Any] = {
        "action": _action_text(game, reply.action),
        "seconds": round(reply.seconds, 4),
        # why the move is not the agent's own, else how the deadline cut its search short
        "note": reply.note or (info.note if info is not None else ""),
        "replaced": bool(reply.note),  # the move is not the agent's own (the note says why)
    }
    if info is not None:
        legal = list(game.actions(state))
        out.update(
            value=_plain(game, info.value, []),
            depth=info.depth,
            nodes=info.nodes,
            search_seconds=round(info.seconds, 4),
            pv=[_action_text(game, a) for a in info.pv],
            extra=_plain(game, dict(info.extra), legal),
            summary=search_summary(game, info),
        )
        if out["summary"]["moves"]:
            out["board"] = Position(game, state).svg()
    return out


def _outcome(session: Session) -> tuple[int | None, str]:
    game, state = session.game, session.state
    mine, theirs = game.utility(state, session.human), game.utility(state, 3 - session.human)
    if mine > theirs:
        return session.human, "You win!"
    if theirs > mine:
        return 3 - session.human, "The computer wins."
    return None, "Draw."


def session_view(session: Session) -> dict[str, Any]:
    """Everything the page needs to show a session: board (SVG and text), whose turn,
    legal moves, the moves so far, the agent's latest search, and the result when over."""
    game, state = session.game, session.state
    last = session.moves[-1] if session.moves else None
    over = session.over
    winner, outcome = _outcome(session) if over else (None, "")
    replies = [
        (session.states[i], move.reply)
        for i, move in enumerate(session.moves)
        if move.reply is not None
    ]
    return {
        "id": session.id,
        "game": game_name(game),
        "opponent": session.agent_spec,
        "human": session.human,
        "to_move": None if over else game.player(state),
        "your_turn": not over and game.player(state) == session.human,
        "over": over,
        "winner": winner,
        "outcome": outcome,
        "legal": [_action_text(game, a) for a in game.actions(state)] if not over else [],
        "svg": Position(game, state, None if last is None else last.action).svg(),
        "text": render_state(game, state),
        "moves": [
            {"player": m.player, "by": m.by, "action": _action_text(game, m.action)}
            for m in session.moves
        ],
        "search": reply_view(game, *replies[-1]) if replies else None,
        "can_undo": any(m.by == "you" for m in session.moves),
    }
