"""Notices of slow one-time work: told when the work is slow, silent when it is quick or
nobody listens; the command tells a person when it compiles a search, once."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from zerosum import notices


def test_slow_work_is_told_and_then_how_long_it_took() -> None:
    heard: list[str] = []
    before = notices.listen(heard.append)
    try:
        with notices.while_slow("compiling", after=0.01):
            time.sleep(0.2)
        with notices.while_slow("quick", after=5.0):
            pass
    finally:
        notices.listen(before)
    assert heard[0] == "compiling..."
    assert heard[1].startswith("compiling: done in ") and heard[1].endswith(" s")
    assert len(heard) == 2  # the quick work said nothing


def test_compiling_is_told_and_a_slow_block_that_compiles_nothing_is_not() -> None:
    import numba

    heard: list[str] = []
    before = notices.listen(heard.append)
    try:
        with notices.while_compiling("loading", after=0.01):
            time.sleep(0.2)  # as a slow load from numba's cache: no compile
        with notices.while_compiling("compiling", after=0.01):

            @numba.njit
            def fresh(x: int) -> int:
                return x * 3 + 1

            assert fresh(2) == 7  # compiled now: a function new to this process
    finally:
        notices.listen(before)
    assert heard[0] == "compiling..."
    assert heard[1].startswith("compiling: done in ")
    assert len(heard) == 2  # the block that only waited said nothing


def test_nobody_listening_hears_nothing_and_the_work_still_runs() -> None:
    ran = []
    before = notices.listen(None)
    try:
        with notices.while_slow("compiling", after=0.0):
            time.sleep(0.05)
            ran.append(True)
    finally:
        notices.listen(before)
    assert ran == [True]


def test_the_command_says_it_compiles_the_first_time_only(tmp_path: Path) -> None:
    # A fresh numba cache: the first game compiles tic-tac-toe's alpha-beta search
    # (seconds) and says so on stderr; the second loads it from the cache and says nothing.
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    command = [sys.executable, "-m", "zerosum", "play", "tictactoe", "--p1", "alphabeta:depth=2"]
    command += ["--p2", "dummy", "--no-thinking"]
    first = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    second = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    assert "compiling the alpha-beta search of tictactoe, once..." in first.stderr
    assert "done in" in first.stderr
    assert first.stdout == second.stdout and "Player 1 plays" in first.stdout
    assert second.stderr == ""


def test_a_block_that_waits_while_another_thread_compiles_tells_nothing() -> None:
    # numba tells every thread's listeners of a compile: the compiling thread tells it,
    # a block in another thread (waiting for the same code, say) does not tell it again
    import numba

    def compile_elsewhere() -> None:
        @numba.njit
        def fresh(x: int) -> int:
            return x * 5 + 2

        assert fresh(1) == 7

    heard: list[str] = []
    before = notices.listen(heard.append)
    try:
        with notices.while_compiling("waiting", after=0.01):
            elsewhere = threading.Thread(target=compile_elsewhere)
            elsewhere.start()
            elsewhere.join()
    finally:
        notices.listen(before)
    assert heard == []


def test_notices_told_while_held_are_told_at_its_end_in_order() -> None:
    heard: list[str] = []
    before = notices.listen(heard.append)
    try:
        with notices.held():
            with notices.while_slow("slow", after=0.0):
                time.sleep(0.1)
            assert heard == []  # a person's prompt is waiting
        assert heard[0] == "slow..." and heard[1].startswith("slow: done in ")
        with notices.while_slow("after", after=0.0):
            time.sleep(0.1)
        assert heard[2] == "after..."  # told at once again
    finally:
        notices.listen(before)
