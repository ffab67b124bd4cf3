"""The ``play`` command: two agents, or a person typing moves, on the terminal."""

from __future__ import annotations

import contextlib
import io
import os
import pty
import select
import signal
import sys
import time
from pathlib import Path

import pytest

from processes import AS_FROM_A_TERMINAL, SRC, run_zerosum
from zerosum import budget
from zerosum.agents import hints as hints_module
from zerosum.agents.solve import solve
from zerosum.cli import main


def test_play_between_two_agents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "tictactoe", "--p1", "minimax", "--p2", "dummy"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Tic-tac-toe: X against O.\nX: minimax, searching the whole game.\n")
    assert out.rstrip().endswith("\nGame over: X wins.")


def test_a_human_plays_by_typing_and_the_board_is_printed_once() -> None:
    result = run_zerosum("play", "tictactoe", "--p2", "dummy", stdin="4\n2\n6\n")
    assert result.returncode == 0, result.stderr
    assert "Player 1 plays 4" in result.stdout
    assert result.stdout.endswith("\nGame over: X wins. You won!\n")
    # the judge prints each state; the human's prompt does not print it again
    assert result.stdout.count("0 1 2\n3 X 5") == 1


def test_end_of_input_ends_the_game_cleanly() -> None:
    result = run_zerosum("play", "connect4", stdin="")
    assert result.returncode == 0 and result.stdout.endswith("\nYou left the game.\n")
    assert "Traceback" not in result.stderr and "resigned" not in result.stdout


def test_a_person_sees_what_the_computer_thought_unless_told_not_to() -> None:
    moves = "1\n2\n4\n"  # the computer (perfect) wins after 1 0 2 3 4 6
    said = run_zerosum("play", "tictactoe", "--p2", "perfect", stdin=moves)
    assert said.returncode == 0, said.stderr
    assert "Player 2 plays 0\nWith best play from both sides, the game is a draw." in said.stdout
    assert "The computer wins within 2 more of its moves, however you play." in said.stdout
    assert "What each move leads to with perfect play" in said.stdout
    assert "  3: win in 5 (played), " in said.stdout
    quiet = run_zerosum("play", "tictactoe", "--p2", "perfect", "--no-thinking", stdin=moves)
    assert quiet.returncode == 0, quiet.stderr
    assert "Player 2 plays 0\nO X 2" in quiet.stdout
    assert quiet.stdout.endswith("\nGame over: O wins. The computer won.\n")
    assert "The computer wins within" not in quiet.stdout and "(played)" not in quiet.stdout


def test_two_agents_are_named_by_their_seats(capsys: pytest.CaptureFixture[str]) -> None:
    agents = ["--p1", "alphabeta:depth=2,compiled=false", "--p2", "montecarlo:playouts=10"]
    assert main(["play", "tictactoe", *agents, "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Player 1 plays 4\nPlayer 1 thinks it is slightly ahead." in out
    assert "Each move's value for player 1 from its search" in out
    assert "Player 2 thinks player 1 is" in out and "computer" not in out


def test_two_people_play_tic_tac_toe_to_the_end() -> None:
    result = run_zerosum(
        "play", "tictactoe", "--p1", "human", "--p2", "human", stdin="4\n0\n1\n2\n7\n"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("X (player 1), your move: ") == 3  # the game's own words
    assert result.stdout.count("O (player 2), your move: ") == 2
    assert "Player 1 plays 7\nO X O\n3 X 5\n6 X 8" in result.stdout
    assert result.stdout.rstrip().endswith("\nGame over: X wins.")  # no "you": both are people


def test_hints_give_each_move_its_value_before_a_persons_move() -> None:
    result = run_zerosum(
        "play", "tictactoe", "--p2", "human", "--p1", "human", "--hints", stdin="4\n"
    )
    assert result.returncode == 0, result.stderr
    every_draw = ", ".join(f"{cell}: draw" for cell in range(9))
    assert f"Hints: what each move leads to with perfect play:\n  {every_draw}\n" in result.stdout
    # after X takes the centre, O's edges lose (in 6 moves, counting O's) and corners draw
    assert "  0: draw, 1: loss in 6, 2: draw," in result.stdout
    assert result.stdout.index("0: draw, 1: loss") < result.stdout.index("O (player 2), your move")


def test_hints_where_a_game_does_not_solve_at_once_say_so_once() -> None:
    result = run_zerosum("play", "othello:size=6", "--hints", stdin="")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("Hints are not available for othello:size=6") == 1
    assert "perfect play" not in result.stdout


def test_hints_need_a_person(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "tictactoe", "--p1", "dummy", "--p2", "dummy", "--hints"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "zerosum: error: --hints are for a person: give --p1 or --p2 human"
    ]


def test_the_computers_verdict_is_one_line_right_under_its_move() -> None:
    result = run_zerosum("play", "tictactoe", "--p2", "perfect", stdin="1\n2\n4\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    under = [lines[i + 1] for i, line in enumerate(lines) if line.startswith("Player 2 plays")]
    assert under[0] == "With best play from both sides, the game is a draw."
    assert under[1].startswith("The computer wins") and under[1].endswith("however you play.")


def test_hints_that_run_out_of_the_moves_time_say_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def too_slow(game: object, state: object) -> None:
        raise budget.OutOfTime

    monkeypatch.setattr(hints_module, "solve", too_slow)
    monkeypatch.setattr(sys, "stdin", io.StringIO("4\n"))
    assert main(["play", "tictactoe", "--p2", "dummy", "--hints"]) == 0
    out = capsys.readouterr().out
    assert "Hints: this position did not solve within the move's time.\nX (player 1), your" in out


def test_a_game_starts_by_saying_what_is_played_against_whom_and_how_to_quit() -> None:
    result = run_zerosum("play", "connect4", "--p2", "alphabeta:depth=4", stdin="quit\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(
        "Connect Four (7 columns, 6 rows, 4 in a row to win): you are Red (X); "
        "the computer is Yellow (O): alpha-beta, depth 4.\n"
        "Type quit, exit, q or Ctrl-D to stop.\n"
    )
    assert "connect4:" not in result.stdout  # the game in words, never its spec


@pytest.mark.parametrize("typed", ["quit", "exit", "q", "QUIT"])
def test_quit_ends_the_game_at_once_with_a_short_line(typed: str) -> None:
    result = run_zerosum("play", "connect4", "--p2", "random", stdin=f"4\n{typed}\n4\n")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert result.stdout.endswith("Red (X, player 1), your move: \n\nYou left the game.\n")
    assert result.stdout.count("Player 1 plays") == 1  # nothing read after the quit
    assert "Not a move" not in result.stdout and "resigned" not in result.stdout


def test_a_typo_is_told_plainly_with_the_moves_one_may_type() -> None:
    result = run_zerosum("play", "connect4", "--p2", "random", stdin="abc\nq\n")
    assert result.returncode == 0, result.stderr
    told = "Not a move: expected a column number 1..7, got 'abc'. Your moves: 4 3 5 2 6 1 7\n"
    assert told in result.stdout and "connect4:" not in result.stdout


def test_a_game_ends_saying_who_won_in_the_games_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "migration:n=3", "--p1", "perfect", "--p2", "dummy"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Migration (size 3): Red (○) against Yellow (●).\nRed (○): perfect.\n")
    assert out.endswith("\nGame over: Red (○) wins.\n") and "Utility" not in out
    assert main(["play", "tictactoe", "--p1", "perfect", "--p2", "perfect"]) == 0
    assert capsys.readouterr().out.endswith("\nGame over: a draw.\n")


def test_hints_without_distances_say_so_in_their_legend(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Connect Four's book keeps only each column's value at its deeper plies: a bare
    "win" there must not sit under a legend that explains "win in 7"."""

    def values_only(game: object, state: object) -> object:
        return solve(game, state, weak=True)  # type: ignore[arg-type]

    monkeypatch.setattr(hints_module, "solve", values_only)
    monkeypatch.setattr(sys, "stdin", io.StringIO("0\n3\n"))
    assert main(["play", "tictactoe", "--p2", "dummy", "--hints", "--no-thinking"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the legend's lines joined
    legend = "Hints: what each move leads to with perfect play (win, loss: in how many moves"
    assert f"{legend} is not counted here): 4: win, 5: win, 6: win, 7: win, 8: win" in out
    assert "win in 7" not in out


def _waits_to_read_its_terminal(pid: int) -> None:
    """Wait (10 s at most) until the process's main thread sits in ``read`` of its standard
    input, as when a person gets to press a key: a Ctrl-C sent the moment the prompt shows
    can land between the prompt's write and that ``read``, where Python takes it only when
    the ``read`` returns, at the next Enter (a window of microseconds, which the test, and
    no person, hits)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):  # Linux's /proc: number 0 is read, 0x0 its fd
            if Path(f"/proc/{pid}/syscall").read_text().startswith("0 0x0 "):
                return
        time.sleep(0.01)


def test_in_a_terminal_the_prompt_names_the_piece_and_ctrl_c_ends_with_130() -> None:
    """Through a pseudo-terminal, as a person runs it: the prompt Connect Four asks with
    names the piece the board prints (``X``), and Ctrl-C there ends the game at once."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: zerosum play, its terminal the pty
        os.environ["PYTHONPATH"] = SRC
        # Ctrl-C raises KeyboardInterrupt even where the tests run with SIGINT ignored
        os.execv(sys.executable, [sys.executable, "-c", AS_FROM_A_TERMINAL, "play", "connect4"])
    seen = b""
    deadline = time.monotonic() + 240  # a first run on a cold cache of a slow machine
    while b"your move: " not in seen and time.monotonic() < deadline:
        if select.select([fd], [], [], 0.2)[0]:
            seen += os.read(fd, 4096)
    if b"your move: " in seen:
        _waits_to_read_its_terminal(pid)
        os.write(fd, b"\x03")  # Ctrl-C, as the terminal sends it, at the prompt
    ended, code, deadline = 0, 0, time.monotonic() + 60
    while not ended and time.monotonic() < deadline:
        with contextlib.suppress(OSError):  # its output read meanwhile, so it never blocks
            if select.select([fd], [], [], 0.2)[0]:
                seen += os.read(fd, 4096)
        ended, code = os.waitpid(pid, os.WNOHANG)
    with contextlib.suppress(OSError):
        while select.select([fd], [], [], 0.2)[0]:
            seen += os.read(fd, 4096)
    if not ended:  # a failure to read, not a suite that hangs until its timeout
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(fd)
    text = seen.decode()
    assert ended, f"no prompt or no end after Ctrl-C; it printed:\n{text}"
    status = os.waitstatus_to_exitcode(code)
    assert "Red (X, player 1), your move: " in text and "Type quit, exit, q or Ctrl-D" in text
    assert status == 130 and "zerosum: interrupted" in text and "Traceback" not in text
