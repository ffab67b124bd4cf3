from __future__ import annotations

import io
from pathlib import Path

import pytest

import zerosum as zs
from zerosum.agents import Dummy, Human, Random
from zerosum.arena import Isolated, Reason
from zerosum.records.game import TRACE_HEADING


def test_record_of_a_game() -> None:
    game = zs.games.TicTacToe()
    record = zs.play(game, Dummy(), Dummy())
    assert record.actions == (0, 1, 2, 3, 4, 5, 6)  # X completes the diagonal 2 4 6
    assert record.winner == 1 and record.utilities == {1: 1, 2: -1}
    assert record.reason is Reason.END and game.is_terminal(record.final_state)
    assert len(record.move_seconds) == record.plies
    assert record.players == ("Dummy()", "Dummy()")


def test_an_agent_that_raises_forfeits_and_the_caller_goes_on() -> None:
    def broken(game: object, state: object) -> object:
        raise RuntimeError("bug in my agent")

    record = zs.play(zs.games.ConnectFour(), Dummy(), broken)
    assert record.reason is Reason.ERROR and record.winner == 1
    assert "RuntimeError: bug in my agent" in record.detail and "broken" in record.detail


def test_a_forfeit_for_an_exception_carries_the_traceback_of_the_agents_own_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Below the one-line reason, the frames of the agent's files, in a process of its own
    as in this one; none of zerosum's."""
    (tmp_path / "bob.py").write_text(
        "def helper(state):\n    raise ValueError('deep')\n\n"
        "def agent(game, state):\n    return helper(state)\n"
    )
    monkeypatch.chdir(tmp_path)
    for agent in (zs.make_agent("bob.py:agent"), Isolated("bob.py:agent")):
        record = zs.play(zs.games.TicTacToe(), Dummy(), agent)
        assert "ValueError: deep" in record.detail and "\n" not in record.detail
        assert record.why() == f"{record.detail}\n{TRACE_HEADING}\n{record.trace}"
        assert record.trace.splitlines() == [
            '  File "bob.py", line 5, in agent',
            "    return helper(state)",
            '  File "bob.py", line 2, in helper',
            "    raise ValueError('deep')",
        ]


def test_an_illegal_action_forfeits_with_the_reason() -> None:
    record = zs.play(zs.games.TicTacToe(), lambda g, s: 99, Dummy())
    assert record.reason is Reason.ILLEGAL and record.winner == 2
    assert "cannot play 99" in record.detail and record.plies == 0


def test_a_slow_agent_forfeits_on_time() -> None:
    import time

    def slow(game: object, state: object) -> object:
        time.sleep(0.05)
        return game.actions(state)[0]  # type: ignore[attr-defined]

    record = zs.play(zs.games.TicTacToe(), Dummy(), slow, max_move_seconds=0.01)
    assert record.reason is Reason.TIME and record.winner == 1
    assert "limit is 0.01 s" in record.detail


def test_seed_reproduces_a_game_of_random_agents() -> None:
    game = zs.games.Migration(6)
    a = zs.play(game, Random(), Random(), seed=7)
    b = zs.play(game, Random(), Random(), seed=7)
    c = zs.play(game, Random(), Random(), seed=8)
    assert a.actions == b.actions and a.actions != c.actions


def test_judge_prints_the_game_like_the_course(capsys: pytest.CaptureFixture[str]) -> None:
    zs.judge(zs.games.TicTacToe(), Dummy(), Dummy())
    out = capsys.readouterr().out
    assert out.startswith("0 1 2\n3 4 5\n6 7 8\n")
    assert "Player 1 plays 0\nX 1 2" in out
    assert out.rstrip().endswith(
        "Utility for 1st player: 1\nUtility for 2nd player: -1\nWinner: 1st player"
    )


def test_judge_announces_a_draw(capsys: pytest.CaptureFixture[str]) -> None:
    zs.judge(zs.games.TicTacToe(), zs.agents.Minimax(), zs.agents.Minimax())
    assert capsys.readouterr().out.rstrip().endswith("Draw")


def _thinkers() -> tuple[zs.agents.AlphaBeta, zs.agents.MonteCarlo]:
    return zs.agents.AlphaBeta(depth=2, compiled=False), zs.agents.MonteCarlo(20, seed=1)


def test_judge_says_what_each_agent_thought_when_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    zs.judge(zs.games.TicTacToe(), *_thinkers(), seed=3, thinking=True)
    out = capsys.readouterr().out
    # alpha-beta rates every root move, those it ruled out as bounds, in the page's words
    assert "Player 1 plays 4\nPlayer 1 thinks " in out
    assert "(an estimate looking 2 moves ahead)\nEach move's value for player 1 from its" in out
    assert "0: +0.00 (played)" not in out and " (played), " in out and ": <= " in out
    assert "Player 2 thinks player 1 is" in out or "Player 2 thinks it is" in out
    assert "Each move's average result for player 2, from -1 (it loses) to +1" in out


def test_judge_prints_no_thinking_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    zs.judge(zs.games.TicTacToe(), *_thinkers(), seed=3)
    quiet = capsys.readouterr().out
    zs.judge(zs.games.TicTacToe(), *_thinkers(), seed=3, thinking=True)
    said = capsys.readouterr().out
    assert "thinks" not in quiet and "(played)" not in quiet and "thinks" in said
    # the course's printout is the same, but for the lines that say what they thought
    lines, kept = said.splitlines(), quiet.splitlines()
    assert [line for line in lines if line in kept] == kept
    # each agent's move is followed by what it thought: a verdict, then its moves rated
    for i, line in enumerate(lines):
        if line.startswith("Player ") and " plays " in line:
            assert lines[i + 1].startswith(line[:8]) and lines[i + 1] not in kept


def test_judge_speaks_to_a_person_playing_the_computer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    human = Human(input=io.StringIO("1\n2\n4\n"), output=io.StringIO(), show_board=False)
    zs.judge(zs.games.TicTacToe(), human, zs.agents.Perfect(), thinking=True)
    out = capsys.readouterr().out
    assert "Player 2 plays 0\nWith best play from both sides, the game is a draw." in out
    assert (
        "Player 2 plays 3\nThe computer wins within 2 more of its moves, however you play." in out
    )
    assert "  3: win in 5 (played), 4: draw, 5: loss in 4, 6: win in 5," in out
    assert "Player 2 plays 6\nThe computer has won." in out
    assert "Player 1 plays 2\nO X X" in out  # a person's move says nothing more


def test_a_person_who_closes_the_input_resigns_and_loses() -> None:
    human = Human(input=io.StringIO(""), output=io.StringIO())  # raises the agents' Resignation
    record = zs.play(zs.games.TicTacToe(), Dummy(), human)
    assert record.reason is Reason.RESIGN and record.winner == 1 and record.plies == 1
    assert record.detail == "player 2 resigned: end of input"


def test_asking_for_a_move_gives_the_move_or_the_forfeit() -> None:
    from zerosum.arena.play import Forfeit, Move, ask_move
    from zerosum.hosting.messages import MoveRequest

    game = zs.games.TicTacToe()
    start = game.initial_state
    move = ask_move(game, MoveRequest(start), 1, Dummy(), None)
    assert isinstance(move, Move) and move.action == 0 and move.seconds >= 0
    illegal = ask_move(game, MoveRequest(start), 2, lambda g, s: 99, None)
    assert isinstance(illegal, Forfeit) and illegal.loser == 2
    assert illegal.reason is Reason.ILLEGAL and "cannot play 99" in illegal.detail


def test_judge_starts_from_a_given_state(capsys: pytest.CaptureFixture[str]) -> None:
    game = zs.games.TicTacToe()
    start = zs.position(game, "XO./.X./... O")
    record = zs.judge(game, zs.agents.Minimax(), zs.agents.Minimax(), state=start)
    out = capsys.readouterr().out
    assert out.startswith(game.render(start) + "\n\nPlayer 2 plays")
    assert record.initial_state == start and record.winner == 1  # X's fork wins


class _Preparing(Dummy):
    """A dummy that counts its ``prepare`` calls."""

    prepared = 0

    def prepare(self, game: object) -> None:
        self.prepared += 1


def test_agents_are_prepared_first_unless_the_caller_does_it() -> None:
    game = zs.games.TicTacToe()
    agent = _Preparing()
    zs.play(game, agent, Dummy())
    assert agent.prepared == 1
    # the caller prepares (zerosum play: aside, while a person thinks)
    zs.play(game, agent, Dummy(), prepare=False)
    assert agent.prepared == 1
