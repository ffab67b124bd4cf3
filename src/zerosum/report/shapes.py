"""What the report reads from a result, beyond what every result has.

The report renders results by their shape and imports no arena module (results are data;
the report draws them), so it sits below the arena. The one distinction it draws is
whether a result is a match: a result with a first agent's tally, score and Elo
difference, which :class:`~zerosum.arena.MatchResult` has and a tournament's lacks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeGuard, runtime_checkable

if TYPE_CHECKING:
    from ..records.results import MatchResult, Tally

__all__ = ["MatchSummary", "is_match"]


@runtime_checkable
class MatchSummary(Protocol):
    """A match's summary, from its first agent's side."""

    @property
    def tally(self) -> Tally: ...

    @property
    def score(self) -> float | None: ...

    @property
    def score_interval(self) -> tuple[float, float]: ...

    @property
    def elo(self) -> float: ...

    @property
    def elo_interval(self) -> tuple[float, float]: ...


def is_match(result: object) -> TypeGuard[MatchResult]:
    """Whether ``result`` is a match's (it has :class:`MatchSummary`'s members)."""
    return isinstance(result, MatchSummary)
