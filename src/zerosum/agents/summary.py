"""An agent's search in plain words: who it thinks is winning and by how much, or what it
proved, and what each move it rated was worth to it.

One function says it wherever a move is shown: the page's JSON (:mod:`zerosum.web.views`),
and :func:`zerosum.arena.judge` and ``zerosum play`` on the terminal. It says only what
the agent computed: each move's value where the search left one in its result (a
perfect player's proof, MCTS's and Monte-Carlo's means, minimax's and alpha-beta's root
values), an alpha-beta value it only bounded as a bound (``<= draw``), and nothing per
move for an agent that rated none. Each family of results
(:mod:`zerosum.records.search`) has its own words, picked by the result's type: a new
family registers its own with :func:`says`, and nothing here changes.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NotRequired, TypedDict

from ..game import Game, format_action
from ..records.search import (
    KeptInfo,
    MCTSInfo,
    MinimaxInfo,
    MonteCarloInfo,
    Rated,
    SearchInfo,
    SolvedInfo,
    typed,
)
from ..records.solve import SolveResult
from .search import proven_plies

__all__ = ["Sides", "search_summary", "summary_lines", "action_text", "solved_moves"]
__all__ += ["listed_lines", "says", "Summary", "MovesSaid"]

#: How far from 0 an estimate (in [-1, 1], for the mover) must be for each word.
LEANINGS = ((0.6, "well ahead"), (0.25, "ahead"), (0.05, "slightly ahead"))

#: What the plies in a move's label ("win in 7") count.
PLIES_LEGEND = " (win in 7: within 7 moves of both players, this one included)"
#: The legend's note where the solve gave values without distances (Connect Four's book
#: keeps only each column's value at its deeper plies), so that a bare "win" reads right.
NO_PLIES_LEGEND = " (win, loss: in how many moves is not counted here)"


class MovesSaid(TypedDict):
    """Each rated move's label (action as typed -> ``"win in 7"``, ``"+0.25"``, ...) and,
    when there are any, the ``legend`` that explains them."""

    moves: dict[str, str]
    legend: NotRequired[str]


class Summary(MovesSaid):
    """A search in plain words (:func:`search_summary`): ``verdict``, ``basis``, ``lean``
    and each rated move's label."""

    verdict: str
    basis: str
    lean: float


@dataclass(frozen=True)
class Sides:
    """Who the sentences name: ``mover``, the player whose search it was, and ``other``,
    its opponent. The page speaks to a person playing the computer (the default); a game
    between two agents names them by their seats (:meth:`seats`)."""

    mover: str = "the computer"
    other: str = "you"

    @classmethod
    def seats(cls, player: int) -> Sides:
        """``player`` searched, against the other seat: "player 1" and "player 2"."""
        return cls(f"player {player}", f"player {3 - player}")

    def other_plays(self, how: str = "") -> str:
        """The opponent playing (``how``): "you play perfectly", "player 2 plays"."""
        verb = "play" if self.other == "you" else "plays"
        return f"{self.other} {verb}{' ' + how if how else ''}"

    def other_is(self) -> str:
        return "you are" if self.other == "you" else f"{self.other} is"

    def it_plays(self, how: str) -> str:
        """The opponent playing ``how``, named the second time: "you play perfectly",
        "it plays perfectly"."""
        return "you play " + how if self.other == "you" else "it plays " + how


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:]


def action_text(game: Game, action: object) -> str:
    """``action`` as a person types it; its repr for one the game cannot format (a
    principal variation may hold such actions)."""
    try:
        return format_action(game, action)
    except Exception:
        return repr(action)


def _proof(value: float) -> tuple[int, int | None] | None:
    """``(sign, plies)`` when an alpha-beta or minimax value is a proven result: exactly
    +-1 (plies unknown), or +-DECAY**plies (alpha-beta's depth decay); else None."""
    if abs(value) == 1:
        return (1 if value > 0 else -1), None
    plies = proven_plies(value)
    return None if plies is None else ((1 if value > 0 else -1), plies)


def _own_moves(count: int, whose: str) -> str:
    """``count`` of a player's own moves: "its next move", "3 more of your moves"."""
    return f"{whose} next move" if count == 1 else f"{count} more of {whose} moves"


def _proven_verdict(sign: int, plies: int | None, sides: Sides) -> str:
    """The sentence for a proven result, ``plies`` counting the mover's move just played
    and said in the winner's own moves (the plies left alternate between the two)."""
    more = None if plies is None else plies - 1
    if sign == 0:
        return "With best play from both sides, the game is a draw."
    if sign > 0:
        if more is None:
            return _sentence(f"{sides.mover} can force a win, however {sides.other_plays()}.")
        if more == 0:
            return _sentence(f"{sides.mover} has won.")
        within = "with" if more <= 2 else "within"
        return _sentence(
            f"{sides.mover} wins {within} {_own_moves((more + 1) // 2, 'its')}, "
            f"however {sides.other_plays()}."
        )
    if more is None:
        return _sentence(f"{sides.other} can force a win if {sides.it_plays('perfectly')}.")
    whose = "your" if sides.other == "you" else "its"
    within = "with" if more <= 2 else "within"
    return _sentence(
        f"{sides.other} can win {within} {_own_moves((more + 1) // 2, whose)} "
        f"if {sides.it_plays('perfectly')}."
    )


def _estimate_verdict(lean: float, sides: Sides) -> str:
    """The sentence for an estimate in [-1, 1] (positive: the mover is ahead)."""
    for bound, words in LEANINGS:
        if lean >= bound:
            return _sentence(f"{sides.mover} thinks it is {words}.")
        if lean <= -bound:
            return _sentence(f"{sides.mover} thinks {sides.other_is()} {words}.")
    return _sentence(f"{sides.mover} thinks the game is even.")


def _outcome_label(sign: float, plies: int | None) -> str:
    """A move's proven outcome for the mover: ``"win in 7"``, ``"draw"``, ``"loss"``."""
    word = "win" if sign > 0 else "loss" if sign < 0 else "draw"
    return word if plies is None or sign == 0 else f"{word} in {plies}"


def _number(value: float) -> str:
    return f"{value + 0.0:+.2f}"  # + 0.0: no "-0.00"


def _value_label(value: float, bound: bool) -> str:
    """A searched move's value: its proven outcome, else the number; ``<= `` before a
    value that is only an upper bound."""
    proof = _proof(value)
    label = _number(value) if proof is None else _outcome_label(*proof)
    return f"<= {label}" if bound else label


def solved_moves(game: Game, solved: SolveResult) -> MovesSaid:
    """``moves`` (action -> ``"win in 7"``, ``"draw"``, ``"loss in 4"``, for the player to
    move) and ``legend`` of a solved position: a perfect player's proof, or the hints
    ``zerosum play --hints`` prints before a person's move."""
    moves = {
        action_text(game, a): _outcome_label(v, solved.action_plies.get(a))
        for a, v in solved.action_values.items()
    }
    legend = "what each move leads to with perfect play"
    decided = {a: p for a, p in solved.action_plies.items() if solved.action_values[a] != 0}
    if any(plies is not None for plies in decided.values()):
        legend += PLIES_LEGEND
    elif decided:  # wins or losses, none with its distance
        legend += NO_PLIES_LEGEND
    return {"moves": moves, "legend": legend}


def _solved_summary(game: Game, solved: SolveResult, sides: Sides) -> Summary:
    return {
        "verdict": _proven_verdict(solved.value, solved.plies, sides),
        "basis": "proven: it solved the game from here",
        "lean": float(solved.value),
        **solved_moves(game, solved),
    }


def _sampled_summary(
    info: SearchInfo,
    means: Mapping[str, float],
    proven: Mapping[str, float],
    kind: str,
    sides: Sides,
) -> Summary:
    moves = {
        str(a): _outcome_label(proven[a], None) if a in proven else _number(m)
        for a, m in means.items()
    }
    sure = proven.get(str(info.pv[0])) if info.pv else None
    return {
        "verdict": _proven_verdict(int(sure), None, sides)
        if sure is not None
        else _estimate_verdict(max(-1.0, min(1.0, float(info.value))), sides),
        "basis": f"the average result of {info.nodes:,} {kind}",
        "lean": max(-1.0, min(1.0, float(info.value))),
        "moves": moves,
        "legend": f"each move's average result for {sides.mover}, "
        f"from -1 (it loses) to +1 (it wins)",
    }


def _searched_moves(game: Game, rated: tuple[Rated, ...], sides: Sides) -> MovesSaid:
    """``moves`` and ``legend`` from minimax's or alpha-beta's root moves, when it
    ``rated`` them: each move with its value for the mover and whether that is only an
    upper bound (alpha-beta learnt no more than that it is no better than a move searched
    before it)."""
    if not rated:
        return {"moves": {}}
    moves = {format_action(game, a): _value_label(float(v), bool(bound)) for a, v, bound in rated}
    bounded = any(bound for _, _, bound in rated)
    legend = f"each move's value for {sides.mover} from its search"
    if any(" in " in label for label in moves.values()):
        legend += PLIES_LEGEND
    if bounded:
        legend += "; <= x: at most x, enough to rule the move out"
    return {"moves": moves, "legend": legend}


def search_summary(game: Game, info: SearchInfo, sides: Sides = Sides()) -> Summary:
    """The mover's search in plain words, from its side: ``verdict`` (who it thinks is
    winning and by how much, or what it proved), ``basis`` (what that rests on), ``lean``
    (-1 its opponent is sure to win .. 1 it is), and when the agent rated its options,
    ``moves`` (action -> label: ``"win in 7"``, ``"draw"``, ``"+0.25"``, ``"<= +0.25"``)
    and ``legend``. ``sides`` names the two players (by default the computer and you).

    The words are the family's (:mod:`zerosum.records.search`): each result type has its
    own, registered with :func:`says`; a type with none takes its parent's."""
    return _words(typed(info), game, sides)


@functools.singledispatch
def _words(info: SearchInfo, game: Game, sides: Sides) -> Summary:
    """A search that reports nothing of its own: its value, proven or estimated, and the
    depth it looked ahead (a depth-first search's words, with no move rated)."""
    return _depth_first_words(info, game, sides, (), False)


#: ``@says(MyInfo)`` above ``def words(info, game, sides) -> dict`` registers the words
#: of an agent family's own result type (what :func:`search_summary` returns for it).
says = _words.register


def _depth_first_words(
    info: SearchInfo, game: Game, sides: Sides, rated: tuple[Rated, ...], to_end: bool
) -> Summary:
    value = float(info.value)
    proof = _proof(value)
    if proof is not None:
        sign, plies = proof
        return {
            "verdict": _proven_verdict(sign, plies, sides),
            "basis": "proven by its search",
            "lean": float(sign),
            **_searched_moves(game, rated, sides),
        }
    if to_end:  # searched to every game's end: its value is the game's
        return {
            "verdict": _proven_verdict((value > 0) - (value < 0), None, sides),
            "basis": "proved by searching to the end",
            "lean": max(-1.0, min(1.0, value)),
            **_searched_moves(game, rated, sides),
        }
    lean = max(-1.0, min(1.0, value))
    return {
        "verdict": _estimate_verdict(lean, sides),
        "basis": f"an estimate looking {info.depth} moves ahead",
        "lean": lean,
        **_searched_moves(game, rated, sides),
    }


@says(MinimaxInfo)
def _minimax_words(info: MinimaxInfo, game: Game, sides: Sides) -> Summary:
    """Minimax's and alpha-beta's: its value, proven or estimated, and each root move's."""
    return _depth_first_words(info, game, sides, info.rated, info.to_end)


@says(SolvedInfo)
def _solved_words(info: SolvedInfo, game: Game, sides: Sides) -> Summary:
    """A perfect player's proof: the result and what each move leads to."""
    return _solved_summary(game, info.solve, sides)


@says(MCTSInfo)
def _mcts_words(info: MCTSInfo, game: Game, sides: Sides) -> Summary:
    return _sampled_summary(info, info.values, info.proven, "simulated games", sides)


@says(MonteCarloInfo)
def _monte_carlo_words(info: MonteCarloInfo, game: Game, sides: Sides) -> Summary:
    return _sampled_summary(info, info.means, {}, "random games", sides)


@says(KeptInfo)
def _kept_words(info: KeptInfo, game: Game, sides: Sides) -> Summary:
    """A perfect player short of time for every move: the result its move keeps."""
    return {
        "verdict": _proven_verdict(info.keeps, None, sides),
        "basis": "proven: its move keeps this result (no time to rate the others)",
        "lean": float(info.keeps),
        "moves": {},
    }


def summary_lines(
    game: Game, info: SearchInfo, played: object, sides: Sides = Sides(), width: int = 88
) -> list[str]:
    """:func:`search_summary` as lines of text for the terminal: the verdict, whole on the
    first line (its basis beside it where that fits, else below), then, when the agent
    rated its moves, the legend and each move's label, the move ``played`` marked."""
    said = search_summary(game, info, sides)
    verdict, basis = said["verdict"], f"({said['basis']})"
    if len(verdict) + 1 + len(basis) <= width:
        lines = [f"{verdict} {basis}"]
    else:
        lines = [verdict, *textwrap.wrap(basis, width)]
    if said["moves"]:
        chosen = action_text(game, played)
        rated = [
            f"{move}: {label}{' (played)' if move == chosen else ''}"
            for move, label in said["moves"].items()
        ]
        lines += listed_lines(said["legend"], rated, width)
    return lines


def listed_lines(legend: str, items: list[str], width: int = 88) -> list[str]:
    """``legend`` as a sentence ending in a colon, then ``items`` separated by commas,
    indented, in lines of at most ``width`` characters where they fit."""
    return textwrap.wrap(_sentence(f"{legend}:"), width) + _wrapped(items, width)


def _wrapped(items: list[str], width: int) -> list[str]:
    """``items`` separated by commas, indented, in lines of at most ``width`` characters
    where they fit; no item is split."""
    lines = ["  " + items[0]]
    for item in items[1:]:
        if len(lines[-1]) + 2 + len(item) < width:
            lines[-1] += ", " + item
        else:
            lines[-1] += ","
            lines.append("  " + item)
    return lines
