"""How a match or tournament is played: one object, checked before anything is played."""

from __future__ import annotations

from dataclasses import dataclass
from os import PathLike

from ..game import ZerosumError
from ..limits import check_margin_seconds, check_memory_megabytes, check_move_seconds, check_workers
from .tasks import AUTO

__all__ = ["ArenaOptions"]


@dataclass(frozen=True)
class ArenaOptions:
    """The settings of :func:`~zerosum.arena.match` and :func:`~zerosum.arena.tournament`
    (see :func:`~zerosum.arena.match` for each); ``games`` is per pair of agents."""

    games: int = 100
    swap_sides: bool = True
    random_opening: int | str = AUTO
    seed: int = 0
    workers: int = 1
    scheduler: str | None = None
    journal: str | PathLike[str] | None = None
    progress: bool = False
    move_time: float | None = None
    time_margin: float = 0.5
    memory_mb: int | None = None
    sandbox: bool | None = None
    #: the state every game starts from (None: the game's start)
    state: object = None

    def check(self) -> None:
        """Refuse nonsense before anything is played (a move time of 0 or nan forfeits
        every game): :class:`~zerosum.game.ZerosumError` naming the setting."""
        _check_count("games", self.games, 1)
        if self.random_opening != AUTO:
            _check_count("random_opening", self.random_opening, 0)
        check_workers(self.workers)
        if self.move_time is not None:
            check_move_seconds(self.move_time)
        check_margin_seconds(self.time_margin)
        if self.memory_mb is not None:
            check_memory_megabytes(self.memory_mb, "memory_mb")


def _check_count(label: str, value: object, low: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise ZerosumError(f"{label} must be a whole number of at least {low}, not {value!r}")
