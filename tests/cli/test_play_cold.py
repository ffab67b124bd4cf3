"""``zerosum play`` against a computer on a machine that has compiled nothing yet: the
computer's first reply comes from its Python stand-in while its compiled search compiles
in the background (``zerosum.hosting.standin``), and the compile's notices are told once,
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
from zerosum.hosting.standin import NOTE

#: Seconds the background compile may take at most, on a busy machine (not a timing: a
#: test that waits longer has failed).
COMPILE_WAIT = 600
NOTICE = "zerosum: compiling the alpha-beta search of tictactoe, once"
PROMPT = "X (player 1), your move: "


def compiled(cache: Path) -> bool:
    """Whether numba has written the compiled alpha-beta recursion to ``cache``: its compile
    has run for seconds, so the notice that it compiles has been told."""
    return any(cache.rglob("alphabeta._negamax-*.nbi"))


def up_to_the_board_after_the_reply(output: IO[str], computer: int) -> list[str]:
    """The lines of ``output`` up to the first row of the board after the computer's
    (player ``computer``'s) first move (the person's next prompt has no line's end yet)."""
    lines: list[str] = []
    replied = False
    while not (replied and re.fullmatch(r"[0-8XO] [0-8XO] [0-8XO]\n", lines[-1])):
        line = output.readline()
        assert line, "".join(lines)
        lines.append(line)
        replied = replied or line.startswith(f"Player {computer} plays")
    return lines


def play_cold(cache: Path, computer: int, at_once: str) -> tuple[list[str], str]:
    """``zerosum play tictactoe`` against ``alphabeta:depth=4`` as player ``computer`` on
    the empty numba cache ``cache``, stdout and stderr in one stream in the order a
    terminal shows them: the person types ``at_once`` at once, then, once the compile has
    run for seconds, every cell in turn (the taken ones re-asked). The output up to the
    board after the computer's first move, and all of it."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache),
           "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}  # fmt: skip
    seats = {f"--p{computer}": "alphabeta:depth=4", f"--p{3 - computer}": "human"}
    command = [sys.executable, "-m", "zerosum", "play", "tictactoe"]
    command += [word for seat in seats.items() for word in seat]
    process = subprocess.Popen(command, env=env, text=True, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)  # fmt: skip
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write(at_once)
        process.stdin.flush()
        first = up_to_the_board_after_the_reply(process.stdout, computer)
        deadline = time.monotonic() + COMPILE_WAIT
        while not compiled(cache):  # the person's prompt waits meanwhile
            assert process.poll() is None and time.monotonic() < deadline, "".join(first)
            time.sleep(0.1)
        process.stdin.write("".join(f"{cell}\n" for cell in range(9)))
        process.stdin.close()  # then the end of input: the game is over by then
        rest = process.stdout.read()  # what readline has buffered, too
        process.wait(120)
    finally:
        process.kill()
        process.wait()
    text = "".join(first) + rest
    assert process.returncode == 0, text
    return first, text


def assert_told_once_on_lines_of_their_own(text: str, prompt: str) -> None:
    """The compile's notice told once, every notice once and on a line of its own, and
    every prompt's line the prompt alone."""
    lines = text.splitlines()
    notices = [line for line in lines if "zerosum:" in line]
    assert notices.count(f"{NOTICE}...") == 1, text
    assert all(count == 1 for count in Counter(notices).values()), text
    assert all(line.startswith("zerosum: ") for line in notices), text
    assert all(line == prompt for line in lines if "your move" in line), text


def test_the_first_reply_is_the_stand_ins_and_each_notice_has_a_line_of_its_own(
    tmp_path: Path,
) -> None:
    first, text = play_cold(tmp_path, computer=2, at_once="4\n")  # the centre
    # the first reply: the stand-in's, saying so, and a legal move (an illegal one forfeits)
    reply = re.search(r"Player 2 plays (\d)\n", "".join(first))
    assert reply is not None and reply.group(1) != "4", text
    assert first[-2] == f"({NOTE})\n" and "forfeit" not in text and "illegal" not in text
    assert_told_once_on_lines_of_their_own(text, "X (player 1), your move: ")


def test_a_notice_told_while_the_prompt_waits_comes_after_the_persons_move(
    tmp_path: Path,
) -> None:
    # the computer first, at once; the person's first prompt then waits through the
    # compile's notice, which is held until the person's move
    first, text = play_cold(tmp_path, computer=1, at_once="")
    assert first[-2] == f"({NOTE})\n" and "forfeit" not in text, text
    assert NOTICE not in "".join(first)
    prompt = "O (player 2), your move: "
    assert_told_once_on_lines_of_their_own(text, prompt)
    assert text.index(prompt) < text.index(NOTICE), text
