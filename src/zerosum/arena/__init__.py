"""The arena: playing games between agents and judging the results."""

from .play import GameRecord, Reason, agent_name, judge, play
from .results import MatchResult, Rating, Standing, Tally, TournamentResult
from .tournament import match, tournament

__all__ = ["GameRecord", "Reason", "agent_name", "judge", "play"]
__all__ += ["match", "tournament", "MatchResult", "TournamentResult", "Standing", "Tally", "Rating"]
