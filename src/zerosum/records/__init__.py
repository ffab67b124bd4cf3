"""The records floor: the data every layer passes up, imported by those who make it and
those who read it, and importing nothing of theirs.

- :mod:`.search`: what one search did (``SearchInfo``, one subclass per agent family);
- :mod:`.solve`: a solver's answers and the solved result;
- :mod:`.game`: a played game's record and the reasons a game ends;
- :mod:`.codec`: records (and any state or action) as JSON and back;
- :mod:`.trace`: the tree one move's search explored;
- :mod:`.results`: a match's or tournament's games, tallies, standings and ratings;
- :mod:`.ratings`: the scores' intervals and Elo arithmetic the results use;
- :mod:`.rules`: the Python side of a game's compiled rules (the protocol, no numba);
- :mod:`.show`: where the drawings above register, so a record draws itself without
  importing them.
"""

from .game import GameRecord, Reason
from .results import ArenaGame, ArenaResult, MatchResult, Rating, Standing, Tally, TournamentResult
from .rules import Rules
from .trace import Node, Recorder, Trace

__all__ = ["GameRecord", "Reason", "ArenaGame", "ArenaResult", "MatchResult"]
__all__ += ["Rating", "Standing", "Tally", "TournamentResult", "Rules", "Node", "Recorder"]
__all__ += ["Trace"]
