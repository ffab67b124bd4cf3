"""``zerosum play`` against a computer on a machine that has compiled nothing yet: the
computer's first reply comes from its Python stand-in while its compiled search compiles
in the background (``zerosum.arena.standin``), and the compile's notices are told once,
each on a line of its own, never on the person's prompt."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import IO

from processes import SRC
from zerosum.arena.standin import NOTE

#: Seconds the background compile may take at most, on a busy machine (not a timing: a
#: test that waits longer has failed).
COMPILE_WAIT = 600
NOTICE = "zerosum: compiling the alpha-beta search of tictactoe, once"
PROMPT = "X (player 1), your move: "


def compiled(cache: Path) -> bool:
    """Whether numba has written the compiled alpha-beta recursion to ``cache``: its compile
    has run for seconds, so the notice that it compiles has been told."""
    return any(cache.rglob("alphabeta._negamax-*.nbi"))


def up_to_the_board_after_the_reply(output: IO[str]) -> list[str]:
    """The lines of ``output`` up to the first row of the board after the computer's first
    reply (the person's next prompt has no line's end yet)."""
    lines: list[str] = []
    replied = False
    while not (replied and re.fullmatch(r"[0-8XO] [0-8XO] [0-8XO]\n", lines[-1])):
        line = output.readline()
        assert line, "".join(lines)
        lines.append(line)
        replied = replied or line.startswith("Player 2 plays")
    return lines


def test_the_first_reply_is_the_stand_ins_and_each_notice_has_a_line_of_its_own(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path),
           "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}  # fmt: skip
    command = [sys.executable, "-m", "zerosum", "play", "tictactoe", "--p2", "alphabeta:depth=4"]
    # stdout and stderr in one stream, in the order a terminal shows them
    process = subprocess.Popen(command, env=env, text=True, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)  # fmt: skip
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write("4\n")  # the centre, at once
        process.stdin.flush()
        first = up_to_the_board_after_the_reply(process.stdout)
        deadline = time.monotonic() + COMPILE_WAIT
        while not compiled(tmp_path):
            assert process.poll() is None and time.monotonic() < deadline, "".join(first)
            time.sleep(0.1)
        # the rest of the game: every cell in turn, the taken ones re-asked
        rest, _ = process.communicate("".join(f"{cell}\n" for cell in range(9)), timeout=120)
    finally:
        process.kill()
        process.wait()
    text = "".join(first) + rest
    assert process.returncode == 0, text
    # the first reply: the stand-in's, saying so, and a legal move (an illegal one forfeits)
    reply = re.search(r"Player 2 plays (\d)\n", "".join(first))
    assert reply is not None and reply.group(1) != "4", text
    assert first[-2] == f"({NOTE})\n" and "forfeit" not in text and "illegal" not in text
    # the compile's notice: told once, on its own line; no notice on a prompt's line
    lines = text.splitlines()
    notices = [line for line in lines if "zerosum:" in line]
    assert notices.count(f"{NOTICE}...") == 1, text
    assert all(count == 1 for count in Counter(notices).values()), text
    assert all(line.startswith("zerosum: ") for line in notices), text
    assert all(line == PROMPT for line in lines if "your move" in line), text
