"""Try an OpenSpiel game in a throwaway process before this one builds it.

OpenSpiel checks few of its games' parameters: some values make it raise later, in the
middle of a game, and some crash the whole process (``connect_four`` with ``rows=0`` is
a segmentation fault at the first move list), which in a web server would end it for
everyone. :func:`verdict` runs this file as a script in a process of its own: it loads
the game, plays one random game of it to the end (every position printed, every legal
action named), and answers ``None`` when all went well, else one line saying what failed;
a crash costs only that process. Verdicts are kept per game and parameters.

The script imports nothing but ``pyspiel``, so each check takes about a tenth of a second.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import threading
import time
from collections import OrderedDict
from typing import TypeAlias

__all__ = ["CHECK_SECONDS", "Params", "one_line", "verdict"]

#: An OpenSpiel game's parameters by name, as ``pyspiel.load_game`` takes them.
Params: TypeAlias = "dict[str, int | float | bool | str]"

#: Seconds a check may take in all (building the game and one random game of it).
CHECK_SECONDS = 30.0
#: Plies and seconds of the random game the check plays, at most (the rest is trusted).
PLAYOUT_PLIES, PLAYOUT_SECONDS = 5_000, 10.0
#: Verdicts kept (the least recently asked dropped first).
KEPT = 1024

_kept: OrderedDict[tuple[str, str], str | None] = OrderedDict()
_lock = threading.Lock()
_running = threading.BoundedSemaphore(2)  # checks at once: each takes a core while it runs


def verdict(name: str, params: Params, limits: tuple[int, int]) -> str | None:
    """None when OpenSpiel's game ``name`` with ``params`` loads and plays a random game
    without fault in a process of its own, else why not (one line). ``limits`` are the
    most distinct actions and plies a game may have: a game over them is not played (the
    caller refuses it, naming the limit)."""
    key = (name, json.dumps(params, sort_keys=True))
    with _lock:
        if key in _kept:
            _kept.move_to_end(key)
            return _kept[key]
    with _running:
        found = _check(name, params, limits)
    with _lock:
        _kept[key] = found
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return found


def _check(name: str, params: Params, limits: tuple[int, int]) -> str | None:
    command = [sys.executable, "-I", __file__, json.dumps([name, params, list(limits)])]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=CHECK_SECONDS)
    except subprocess.TimeoutExpired:
        return f"building it and playing one random game took over {CHECK_SECONDS:g} s"
    if done.returncode < 0:
        try:
            why = signal.Signals(-done.returncode).name
        except ValueError:
            why = f"signal {-done.returncode}"
        return f"OpenSpiel crashed ({why}) building it or playing a random game of it"
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        return f"the check of it failed (exit code {done.returncode}: {last})"
    answer = json.loads(lines[-1])
    return None if answer is None else str(answer)


def one_line(text: object) -> str:
    """``text``'s non-empty lines joined with "; " (OpenSpiel's messages span lines)."""
    return "; ".join(line.strip() for line in str(text).splitlines() if line.strip())


def _play(name: str, params: Params, limits: tuple[int, int]) -> str | None:
    """What the script does: None, or why the game cannot be played."""
    import pyspiel

    try:
        game = pyspiel.load_game(name, params)
    except Exception as exc:  # OpenSpiel's checks: SpielError, ValueError (bad_alloc...)
        return f"OpenSpiel cannot load it: {one_line(exc)}"
    played = 0
    try:
        actions, plies = game.num_distinct_actions(), game.max_game_length()
        if not (0 <= actions <= limits[0] and 0 <= plies <= limits[1]):
            return None  # the caller refuses it by its limits, without playing it
        rng, state = random.Random(0), game.new_initial_state()
        stop = time.monotonic() + PLAYOUT_SECONDS
        while not state.is_terminal() and played < PLAYOUT_PLIES and time.monotonic() < stop:
            str(state)
            if state.is_chance_node() or state.is_simultaneous_node():
                return None  # not a game zerosum plays: the caller says why
            legal = state.legal_actions()
            if not legal:
                return f"it has no legal move in a position that is not over (after {played} moves)"
            for action in legal:
                state.action_to_string(state.current_player(), action)
            state = state.child(rng.choice(legal))
            played += 1
        str(state)
        if state.is_terminal():
            state.returns()
    except Exception as exc:
        when = f"after {played} moves of a random game" if played else "at its start"
        return f"OpenSpiel failed {when}: {one_line(exc)}"
    return None


if __name__ == "__main__":
    _name, _params, _limits = json.loads(sys.argv[1])
    print(json.dumps(_play(_name, _params, (_limits[0], _limits[1]))), flush=True)
