"""zerosum: two-player zero-sum perfect-information games, agents that play them, and an
arena that judges them.

>>> import zerosum as zs
>>> game = zs.games.TicTacToe()
>>> zs.play(game, zs.agents.Minimax(), zs.agents.Minimax()).winner is None
True
"""

from . import agents, budget, games, interop
from . import report as report  # the records' drawings: importing them registers them
from . import trace as _trace_drawings  # noqa: F401  (the same, for search trees)
from .agents import make_agent, solve

# ``zs.trace(agent, game, state)`` is the function. The package of the model and its
# drawings is imported by name, ``from zerosum.trace import Trace`` or ``from
# zerosum.trace.model import Node`` (not as the attribute ``zerosum.trace.model``): it
# is loaded above, so this binding is the last word on the name.
from .agents.tracing import trace
from .analysis import analyze, grade, grade_set
from .arena import GameRecord, judge, match, play, tournament
from .game import (
    Game,
    IllegalActionError,
    SpecError,
    ZerosumError,
    opponent,
)
from .games import load_game

# ``zs.position(game, text)`` is the function, as ``zs.trace`` is: the module stays
# importable as ``from zerosum.position import ...``.
from .position import Position, PositionError, position, position_text, show

__version__ = "0.1.0"


def play_widget(game: Game | str, opponent: object = None, **options: object) -> object:
    """A board to play ``game`` against ``opponent`` (default: the web page's first choice,
    alpha-beta to depth 4, which answers at once) by clicking in a Jupyter notebook:
    :class:`zerosum.notebook.Board` (its options: ``human=``, ``hints=``,
    ``move_seconds=``, ``seed=``, ``state=``). Needs anywidget, which ``import zerosum``
    does not load: ``pip install 'zerosum[notebook]'``."""
    try:
        from .notebook import Board
    except ModuleNotFoundError as exc:
        if exc.name not in ("anywidget", "traitlets", "ipywidgets"):
            raise
        raise ImportError(
            f"zs.play_widget needs {exc.name}, which is not installed: "
            "pip install 'zerosum[notebook]'"
        ) from exc
    if opponent is None:
        return Board(game, **options)  # type: ignore[arg-type]
    return Board(game, opponent, **options)  # type: ignore[arg-type]


__all__ = [
    "Game",
    "GameRecord",
    "IllegalActionError",
    "SpecError",
    "ZerosumError",
    "agents",
    "budget",
    "games",
    "interop",
    "judge",
    "load_game",
    "make_agent",
    "opponent",
    "play",
    "play_widget",
    "Position",
    "PositionError",
    "position",
    "position_text",
    "show",
    "solve",
    "trace",
]
__all__ += ["match", "tournament", "analyze", "grade", "grade_set"]
