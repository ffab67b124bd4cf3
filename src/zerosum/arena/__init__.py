"""The arena: playing games between agents and judging the results."""

from .play import GameRecord, Reason, agent_name, judge, play

__all__ = ["GameRecord", "Reason", "agent_name", "judge", "play"]
