"""What a match or tournament found, kept importable here: results are records, on the
records floor (:mod:`zerosum.records.results`), where the arena that makes them and the
report that draws them both import them."""

from ..records.results import (
    ArenaResult,
    MatchResult,
    Rating,
    Standing,
    Tally,
    TournamentResult,
    game_identity,
)

__all__ = ["Tally", "Standing", "Rating", "ArenaResult", "MatchResult", "TournamentResult"]
__all__ += ["game_identity"]
