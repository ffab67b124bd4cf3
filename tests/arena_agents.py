"""Misbehaving agents for arena tests, in a module so worker processes can import them."""

from __future__ import annotations

import multiprocessing
import os
import time
from typing import Any


class Raiser:
    """Raises on its first move."""

    name = "raiser"

    def __call__(self, game: Any, state: Any) -> Any:
        raise RuntimeError("bug in my agent")


class Illegal:
    """Answers with an action no game has."""

    name = "illegal"

    def __call__(self, game: Any, state: Any) -> Any:
        return "no such move"


class Sleeper:
    """Declares a 10 ms time limit and sleeps ``seconds`` per move."""

    name = "sleeper"
    time_limit = 0.01

    def __init__(self, seconds: float = 0.1) -> None:
        self.seconds = seconds

    def __call__(self, game: Any, state: Any) -> Any:
        time.sleep(self.seconds)
        return game.actions(state)[0]


class Killer:
    """Plays the first action, but kills its own worker process (kill -9) in games whose
    seed is a multiple of ``every``. It never kills the main process."""

    name = "killer"

    def __init__(self, every: int = 4) -> None:
        self.every = every
        self.doomed = False

    def reset(self, seed: int | None = None) -> None:
        self.doomed = seed is not None and seed % self.every == 0

    def __call__(self, game: Any, state: Any) -> Any:
        if self.doomed and multiprocessing.parent_process() is not None:
            os.kill(os.getpid(), 9)
        return game.actions(state)[0]


class Slow:
    """The first legal action after ``seconds``: slows a run down so a test can kill it."""

    name = "slow"

    def __init__(self, seconds: float = 0.02) -> None:
        self.seconds = seconds

    def __call__(self, game: Any, state: Any) -> Any:
        time.sleep(self.seconds)
        return game.actions(state)[-1]


class Blob:
    """A state JSON cannot hold (an object of its own class): sticks left, player to move."""

    def __init__(self, sticks: int, turn: int) -> None:
        self.sticks, self.turn = sticks, turn

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Blob) and (other.sticks, other.turn) == (self.sticks, self.turn)

    def __hash__(self) -> int:
        return hash((self.sticks, self.turn))

    def __repr__(self) -> str:
        return f"Blob({self.sticks}, {self.turn})"


class BlobNim:
    """Take 1 or 2 sticks, whoever takes the last stick wins; states are :class:`Blob`."""

    @property
    def initial_state(self) -> Blob:
        return Blob(5, 1)

    def player(self, state: Blob) -> int:
        return state.turn

    def actions(self, state: Blob) -> list[int]:
        return [n for n in (1, 2) if n <= state.sticks]

    def result(self, state: Blob, action: int) -> Blob:
        return Blob(state.sticks - action, 3 - state.turn)

    def is_terminal(self, state: Blob) -> bool:
        return state.sticks == 0

    def utility(self, state: Blob, player: int) -> int:
        return -1 if state.turn == player else 1

    def print_state(self, state: Blob) -> None:
        print(state)


class Spinner:
    """Never answers: a pure-Python loop that ignores every deadline."""

    name = "spinner"

    def __call__(self, game: Any, state: Any) -> Any:
        while True:
            pass


class Exiter:
    """Ends its own process on its first move."""

    name = "exiter"

    def __call__(self, game: Any, state: Any) -> Any:
        os._exit(3)


class Counter:
    """Plays the first legal move; its ``last.value`` is how many moves it was asked for."""

    name = "counter"

    def __init__(self) -> None:
        self.moves = 0
        self.last: Any = None

    def __call__(self, game: Any, state: Any) -> Any:
        from zerosum.agents import SearchInfo

        self.moves += 1
        self.last = SearchInfo(float(self.moves), 0, 0, 0.0)
        return game.actions(state)[0]


class Budgeted:
    """Raises unless it was told a deadline (it reads zerosum.budget like any agent)."""

    name = "budgeted"

    def __call__(self, game: Any, state: Any) -> Any:
        from zerosum import budget

        left = budget.remaining()
        if left is None:
            raise RuntimeError("no deadline was given")
        return game.actions(state)[0]


class Preparer:
    """Plays the first legal move; its ``prepare`` leaves a file named after its process
    and its kind in ``folder`` (which processes prepared which kinds, and how often)."""

    def __init__(self, folder: str, kind: str) -> None:
        self.folder, self.kind = folder, kind

    def prepare(self, game: Any) -> None:
        path = os.path.join(self.folder, f"{self.kind}-{os.getpid()}-{time.perf_counter_ns()}")
        with open(path, "w"):
            pass
        time.sleep(0.5)  # long enough that the other worker takes the next job

    def __call__(self, game: Any, state: Any) -> Any:
        return game.actions(state)[0]


class OtherPreparer(Preparer):
    """A second kind of :class:`Preparer`."""


class HelpedPreparer(Preparer):
    """A :class:`Preparer` with helpers to prepare (``prepare_helpers``), which leave a
    file of kind ``KIND.helpers``."""

    def prepare_helpers(self, game: Any) -> None:
        Preparer(self.folder, f"{self.kind}.helpers").prepare(game)


class SlowToPrepare:
    """Takes ``seconds`` to prepare (as loading compiled code does), then plays the first
    legal action at once."""

    def __init__(self, seconds: float = 1.0) -> None:
        self.seconds = seconds

    def prepare(self, game: Any) -> None:
        time.sleep(self.seconds)

    def __call__(self, game: Any, state: Any) -> Any:
        return game.actions(state)[0]


class Clocked:
    """Plays the first legal move; its search summary's note is the deadline it read
    (``repr(budget.deadline())``), so a test sees the deadline an agent met in its host."""

    name = "clocked"

    def __init__(self) -> None:
        self.last: Any = None

    def __call__(self, game: Any, state: Any) -> Any:
        from zerosum import budget
        from zerosum.agents.base import SearchInfo

        self.last = SearchInfo(0.0, 0, 0, 0.0, note=repr(budget.deadline()))
        return game.actions(state)[0]
