from __future__ import annotations

import io

import pytest

import zerosum as zs
from zerosum.agents import Dummy, Human, Random
from zerosum.arena import Reason


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


def test_a_person_who_closes_the_input_resigns_and_loses() -> None:
    human = Human(input=io.StringIO(""), output=io.StringIO())  # raises the agents' Resignation
    record = zs.play(zs.games.TicTacToe(), Dummy(), human)
    assert record.reason is Reason.RESIGN and record.winner == 1 and record.plies == 1
    assert record.detail == "player 2 resigned: end of input"


def test_asking_for_a_move_gives_the_move_or_the_forfeit() -> None:
    from zerosum.arena.play import Forfeit, Move, ask_move

    game = zs.games.TicTacToe()
    start = game.initial_state
    move = ask_move(game, start, 1, Dummy(), None, None)
    assert isinstance(move, Move) and move.action == 0 and move.seconds >= 0
    illegal = ask_move(game, start, 2, lambda g, s: 99, None, None)
    assert isinstance(illegal, Forfeit) and illegal.loser == 2
    assert illegal.reason is Reason.ILLEGAL and "cannot play 99" in illegal.detail
