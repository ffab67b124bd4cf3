"""The arena: playing games between agents and judging the results."""

from ..hosting.isolation import Isolated
from .play import GameRecord, Reason, agent_name, judge, play, prepare_agent
from .results import MatchResult, Rating, Standing, Tally, TournamentResult
from .tournament import LeftOut, Unconfined, match, tournament

__all__ = ["GameRecord", "Reason", "agent_name", "judge", "play", "prepare_agent", "Isolated"]
__all__ += ["LeftOut", "Unconfined"]
__all__ += ["match", "tournament", "MatchResult", "TournamentResult", "Standing", "Tally", "Rating"]
