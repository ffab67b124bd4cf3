"""What a solve says: a game's own solver's answer (the ``solve_exactly`` and
``solve_weakly`` hooks, :mod:`zerosum.hooks`) and the exact value of a position with each
move's (:class:`SolveResult`, what :func:`zerosum.solve` returns).

They live on the ground floor because the games make the answers, the solver
(:mod:`zerosum.agents.solve`) reads them and makes the result, and the summaries, the page
and the command line read that.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

__all__ = ["ExactAnswer", "ValuesAnswer", "SolverAnswer", "SolveResult", "solver_answer"]

#: The game's action type (as :data:`zerosum.game.Action`): the keys of the answers.
Action = TypeVar("Action")


class _ReadByKey:
    """``answer["nodes"]`` and ``"values" in answer``, as when the hooks answered with a
    dict: kept for code that read them so, with a :class:`DeprecationWarning`."""

    def __getitem__(self, key: str) -> object:
        warnings.warn(
            f"a solver's answer is a {type(self).__name__} now: read answer.{key}, "
            f'not answer["{key}"]',
            DeprecationWarning,
            stacklevel=2,
        )
        try:
            return getattr(self, key)
        except AttributeError:
            raise KeyError(key) from None

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key in getattr(self, "__dataclass_fields__", {})


@dataclass(frozen=True)
class ExactAnswer(_ReadByKey, Generic[Action]):
    """A complete solver's answer (``solve_exactly``): one score per legal action, from
    the mover's point of view (positive a win, larger sooner; negative a loss; 0 a draw),
    the plies to the end after that action (counting it), and the positions searched."""

    scores: dict[Action, int]
    plies: dict[Action, int]
    nodes: int


@dataclass(frozen=True)
class ValuesAnswer(_ReadByKey, Generic[Action]):
    """A solver's answer of values only (``solve_weakly``, or ``solve_exactly`` where it
    knows no more, as an opening book of values): every legal action's value (1, 0 or -1
    for the player to move) and the positions searched."""

    values: dict[Action, int]
    nodes: int


#: What a solver hook answers where it can.
SolverAnswer = ExactAnswer | ValuesAnswer


def solver_answer(answer: SolverAnswer | Mapping[str, Any]) -> SolverAnswer:
    """``answer`` as a typed answer: as it is, or built from the dict a game's hook
    returned before the hooks answered typed (``{"scores": ..., "plies": ..., "nodes":
    ...}`` or ``{"values": ..., "nodes": ...}``), with a :class:`DeprecationWarning`."""
    if isinstance(answer, ExactAnswer | ValuesAnswer):
        return answer
    warnings.warn(
        "a solver hook answered with a dict: return zerosum.records.solve.ExactAnswer or "
        "ValuesAnswer instead",
        DeprecationWarning,
        stacklevel=3,
    )
    if "values" in answer:
        return ValuesAnswer(dict(answer["values"]), int(answer["nodes"]))
    return ExactAnswer(dict(answer["scores"]), dict(answer["plies"]), int(answer["nodes"]))


@dataclass(frozen=True)
class SolveResult(Generic[Action]):
    """The exact value of a position for the player to move.

    ``value`` is 1 (win), 0 (draw) or -1 (loss); ``action_values`` the same for every
    legal action; ``best_actions`` the actions that keep the value, fastest win or slowest
    loss first; ``plies`` (and ``action_plies`` per action, counting that action) the moves
    to the end under perfect play (``None`` for a draw, and after a weak solve, whose
    best actions are then all those of the best value, in the game's order); ``nodes``
    positions searched;
    ``seconds`` wall time. ``score`` and ``action_scores`` are set only when the game's own
    ``solve_exactly`` solver answered (see :mod:`zerosum.agents.solve`). ``values_only``
    says the answer knows values but no distances: a weak solve, or a full one the game's
    solver answered from values alone (Connect Four's opening book past its exact plies).
    """

    value: int
    action_values: dict[Action, int]
    best_actions: tuple[Action, ...]
    plies: int | None
    action_plies: dict[Action, int | None]
    nodes: int
    seconds: float
    score: int | None = None
    action_scores: dict[Action, int] | None = field(default=None)
    values_only: bool = False

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{a!r}</td><td>{v:+d}</td><td>{self.action_plies[a]}</td></tr>"
            for a, v in self.action_values.items()
        )
        return (
            f"<p>value {self.value:+d}, plies {self.plies}, {self.nodes} nodes, "
            f"{self.seconds:.3f} s</p><table><tr><th>action</th><th>value</th>"
            f"<th>plies</th></tr>{rows}</table>"
        )
