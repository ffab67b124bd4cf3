"""The assignments handed out to students: one per classic exercise of the course.

Each :class:`Assignment` names the file a student fills in (a stub shipped in
``starters/``, package data: every member raises :class:`NotImplementedError`), what to
implement, and how to check it locally with ``zerosum autograde``.
:func:`write_starter` writes that file, a README and an example notebook into a new
folder; ``zerosum assignment new NAME DIR`` calls it and ``zerosum assignment list``
prints :data:`ASSIGNMENTS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..game import ZerosumError
from ..spec import did_you_mean
from .starter_notebook import notebook_text

__all__ = ["ASSIGNMENTS", "Assignment", "assignment", "starter_source", "write_starter"]


@dataclass(frozen=True)
class Assignment:
    """One exercise: ``name`` is also the task ``zerosum autograde`` grades it with;
    ``file`` the starter students fill in, ``member`` the function or class in it that is
    graded; ``game`` the built-in game it is checked on (``--game``) when the task needs
    one; ``what`` says what to implement, for the README."""

    name: str
    summary: str
    file: str
    member: str
    what: str
    game: str | None = None
    try_it: str = ""

    @property
    def spec(self) -> str:
        """The submission as ``zerosum autograde`` takes it: ``./minimax.py:minimax``."""
        return f"./{self.file}:{self.member}"

    @property
    def check(self) -> str:
        """The command that grades the starter as the teacher will."""
        game = f" --game {self.game}" if self.game else ""
        return f"zerosum autograde {self.name} {self.spec}{game}"


_AGENT_SEARCH = (
    "It is called as an agent, `f(game, state) -> action`, on positions of several games "
    "(tic-tac-toe, small Connect Four boards, Migration, Pick, the textbook's 3-ply tree "
    "and a game of the teacher's), so it must use only the game's seven members."
)

#: The built-in assignments, in the order of the course.
ASSIGNMENTS: tuple[Assignment, ...] = (
    Assignment(
        "game",
        "the game class: tic-tac-toe's seven members, checked against zerosum's rules",
        "tictactoe.py",
        "TicTacToe",
        "Fill in the seven members of the `TicTacToe` class (`initial_state`, `player`, "
        "`actions`, `result`, `is_terminal`, `utility`, `print_state`). The grader plays "
        "many random and edge positions (a full board, a win on the last square) through "
        "your class and zerosum's own tic-tac-toe and expects the same legal moves, "
        "results, game ends and utilities.",
        game="tictactoe",
        try_it="zerosum solve tictactoe.py",
    ),
    Assignment(
        "minimax",
        "minimax: the best move by a full search, the nodes plain minimax visits",
        "minimax.py",
        "minimax",
        "Write `minimax(game, state)`: the best move for the player to move, by a full "
        "minimax search. " + _AGENT_SEARCH + " The grader checks the value of the move "
        "it returns, that the state is never changed, and that it visits the positions "
        "plain minimax visits.",
        try_it="zerosum match tictactoe ./minimax.py:minimax random -n 4",
    ),
    Assignment(
        "alphabeta",
        "alpha-beta: minimax's values, with textbook pruning node for node",
        "alphabeta.py",
        "alphabeta",
        "Write `alphabeta(game, state)`: minimax's move, found by alpha-beta search. "
        + _AGENT_SEARCH
        + " The grader checks the values, and that it visits exactly the positions "
        "textbook alpha-beta visits with the game's order of moves: a minimax posing as "
        "alpha-beta keeps the marks for values and loses those for pruning.",
        try_it="zerosum match tictactoe ./alphabeta.py:alphabeta minimax -n 4",
    ),
    Assignment(
        "heuristic",
        "heuristic alpha-beta: a depth-limited search with your own evaluation",
        "heuristic.py",
        "alphabeta_depth",
        "Write `evaluate(game, state, player)`, your estimate of a position, and "
        "`alphabeta_depth(game, state, depth=4, evaluate=evaluate)`, an alpha-beta search "
        "`depth` moves deep that scores the positions it stops at with `evaluate`. The "
        "grader compares its moves with a reference depth-limited search using your same "
        "`evaluate`, at depths 1 to 4.",
        try_it="zerosum match connect4 ./heuristic.py:alphabeta_depth alphabeta:depth=2 -n 4",
    ),
    Assignment(
        "montecarlo",
        "Monte-Carlo: moves judged by random playouts",
        "montecarlo.py",
        "montecarlo",
        "Write `montecarlo(game, state, playouts=100)`: for each legal move, play "
        "`playouts` random games after it and return the move with the best average "
        "result for the player to move. The grader measures its strength against "
        "reference agents and checks that it never changes the state.",
        try_it="zerosum match tictactoe ./montecarlo.py:montecarlo random -n 10",
    ),
    Assignment(
        "agent",
        "a Connect Four agent for the class tournament",
        "agent.py",
        "agent",
        "Write `agent(game, state)`, your best Connect Four player, with anything from the "
        "course. The grader measures its strength (`zerosum grade` against the solver, "
        "and a match against reference agents); then every student's agent plays every "
        "other in the class tournament.",
        try_it="zerosum tournament connect4 agent.py alphabeta:depth=2 random --move-time 1",
    ),
)


def assignment(name: str) -> Assignment:
    """The built-in assignment called ``name``; an unknown name is a :class:`ZerosumError`
    naming the closest one and all of them."""
    for found in ASSIGNMENTS:
        if found.name == name:
            return found
    names = [a.name for a in ASSIGNMENTS]
    hint = did_you_mean(name, names)
    raise ZerosumError(f"unknown assignment {name!r}{hint}; choose from {', '.join(names)}")


def starter_source(chosen: Assignment) -> str:
    """The stub students fill in, as shipped in ``zerosum/teach/starters/``."""
    return (resources.files("zerosum.teach") / "starters" / chosen.file).read_text("utf-8")


def readme_text(chosen: Assignment) -> str:
    """The starter's README: what to implement, how to try it and how to check it."""
    lines = [
        f"# Assignment: {chosen.summary}",
        "",
        chosen.what,
        "",
        f"Every member of `{chosen.file}` raises `NotImplementedError` until you write it.",
        "",
        "## Try it",
        "",
        "```bash",
        chosen.try_it,
        "```",
        "",
        "`example.ipynb` calls your code from a notebook: open it with Jupyter, in the "
        "Python where zerosum is installed (`jupyter notebook example.ipynb`).",
        "",
        "## Check it as it will be graded",
        "",
        "```bash",
        chosen.check,
        "```",
        "",
        "Each test prints its points; a failed test says what was expected, what your "
        "code did and the position, so that you can reproduce it.",
    ]
    if chosen.name == "agent":
        lines += [
            "",
            "## The class tournament",
            "",
            "Every agent handed in plays every other, each in a sandbox of its own, held to "
            "a time per move; an agent that raises, overruns its time or plays an illegal "
            "move forfeits that game. To play yours against built-in agents as the "
            "tournament will:",
            "",
            "```bash",
            "zerosum tournament connect4 agent.py alphabeta:depth=4 mcts:iterations=2000 "
            "--move-time 1",
            "```",
        ]
    return "\n".join(lines) + "\n"


def write_starter(name: str, folder: str | Path) -> list[Path]:
    """Write assignment ``name``'s starter into ``folder`` (created if missing): the stub,
    ``README.md`` and ``example.ipynb``; returns their paths. A folder that exists and is
    not empty, or a path that is not a folder, is refused (:class:`ZerosumError`):
    nothing a student or teacher wrote is overwritten."""
    chosen = assignment(name)
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise ZerosumError(f"{target}: not a folder")
    if target.is_dir() and any(target.iterdir()):
        raise ZerosumError(f"{target}: the folder is not empty; name a new or empty one")
    target.mkdir(parents=True, exist_ok=True)
    files = {
        chosen.file: starter_source(chosen),
        "README.md": readme_text(chosen),
        "example.ipynb": notebook_text(chosen.file, chosen.member, chosen.name, chosen.check),
    }
    written = []
    for file, text in files.items():
        path = target / file
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
