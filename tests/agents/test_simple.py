from __future__ import annotations

import io

import pytest

import zerosum as zs
from zerosum.agents import Dummy, Human, Minimax, Random


def test_dummy_plays_the_first_legal_action(game: object) -> None:
    state = game.initial_state  # type: ignore[attr-defined]
    assert Dummy()(game, state) == game.actions(state)[0]  # type: ignore[attr-defined]


def test_random_is_reproducible_with_a_seed() -> None:
    game = zs.games.ConnectFour()
    first = zs.play(game, Random(seed=1), Random(seed=2)).actions
    assert zs.play(game, Random(seed=1), Random(seed=2)).actions == first
    assert zs.play(game, Random(seed=1), Random(seed=3)).actions != first


def test_minimax_never_loses_to_dummy_at_tictactoe_from_either_side() -> None:
    game = zs.games.TicTacToe()
    as_first = zs.play(game, Minimax(), Dummy())
    as_second = zs.play(game, Dummy(), Minimax())
    assert as_first.winner == 1
    assert as_second.winner in (2, None)


def test_minimax_self_play_at_tictactoe_is_a_draw() -> None:
    record = zs.play(zs.games.TicTacToe(), Minimax(), Minimax())
    assert record.winner is None and record.plies == 9


def test_minimax_reports_its_search() -> None:
    game = zs.games.TicTacToe()
    agent = Minimax()
    agent(game, game.initial_state)
    assert agent.last is not None
    assert agent.last.value == 0 and agent.last.nodes == 549_946 and len(agent.last.pv) == 9


def test_minimax_with_a_depth_uses_the_heuristic() -> None:
    game = zs.games.Pick(3)

    def prefer_five(state: tuple[int, int, int], player: int) -> float:
        return 1.0 if state[player - 1] >> 5 & 1 else 0.0

    agent = Minimax(depth=1, evaluate=prefer_five)
    assert agent(game, game.initial_state) == 5
    assert agent.last is not None and agent.last.depth == 1


def test_human_reasks_until_a_legal_move_and_resigns_at_end_of_input() -> None:
    game = zs.games.ConnectFour()
    out = io.StringIO()
    human = Human(input=io.StringIO("0\nfour\n4\n"), output=out)
    assert human(game, game.initial_state) == 3
    text = out.getvalue()
    assert "Not a move: 0 cannot be played now. Your moves: 4 3 5 2 6 1 7" in text
    assert "Not a move: expected a column number 1..7, got 'four'. Your moves: 4 3" in text
    assert "connect4:" not in text and "player 1 cannot" not in text  # no spec, said once
    with pytest.raises(zs.agents.Resignation):
        human(game, game.initial_state)


def test_human_is_asked_by_the_sides_name_in_the_games_own_words() -> None:
    class Plain(zs.games.TicTacToe):  # a user's game that names no sides
        side_names = None

    # and, beside a board printed as text, by the mark its pieces print as there
    for game, asked in [(zs.games.ConnectFour(), "Red (X, player 1), your move: "),
                        (zs.games.Othello(), "Black (X, player 1), your move: "),
                        (zs.games.TicTacToe(), "X (player 1), your move: "),
                        (Plain(), "Player 1, your move: ")]:  # fmt: skip
        out = io.StringIO()
        Human(show_board=False, input=io.StringIO("e6\n4\n"), output=out)(game, game.initial_state)
        assert out.getvalue().startswith(asked), out.getvalue()


@pytest.mark.parametrize(
    "spec, kind",
    [("dummy", Dummy), ("random:seed=3", Random), ("minimax:depth=2", Minimax)],
)
def test_agent_specs(spec: str, kind: type) -> None:
    agent = zs.make_agent(spec)
    assert isinstance(agent, kind) and agent.spec == spec


@pytest.mark.parametrize(
    "spec, message",
    [
        ("alphabet", "unknown agent 'alphabet' (did you mean 'alphabeta'"),
        ("random:seed=x", "bad value 'x' for seed"),
        ("minimax:depth=-1", "depth must be an integer of at least 0"),
        ("random:colour=red", "has no parameter 'colour'"),
        ("random:seed=__import__('os')", "bad value"),
    ],
)
def test_bad_agent_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(zs.SpecError, match=message.replace("(", r"\(")):
        zs.make_agent(spec)


def test_human_ends_the_prompts_line_when_the_input_was_not_echoed() -> None:
    # a pipe or a file echoes nothing: the line is ended as a terminal's Enter would,
    # so that what comes next (an error, a notice) starts a line of its own
    game, out = zs.games.TicTacToe(), io.StringIO()
    Human(show_board=False, input=io.StringIO("9\n4\n"), output=out)(game, game.initial_state)
    lines = out.getvalue().splitlines()
    assert lines[0] == "X (player 1), your move: " and "9 cannot be played" in lines[1]
    assert lines[-1] == "X (player 1), your move: "


@pytest.mark.parametrize("typed", ["quit", "exit", "q", " QUIT "])
def test_human_who_types_quit_resigns_without_an_error(typed: str) -> None:
    game, out = zs.games.ConnectFour(), io.StringIO()
    with pytest.raises(zs.agents.Resignation, match="quit"):
        Human(show_board=False, input=io.StringIO(f"{typed}\n"), output=out)(game, (0, 0, 0, 0))
    assert out.getvalue() == "Red (X, player 1), your move: \n"  # nothing else said


def test_human_interrupted_at_the_prompt_ends_its_line() -> None:
    class CtrlC(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    game, out = zs.games.TicTacToe(), io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        Human(show_board=False, input=CtrlC(), output=out)(game, game.initial_state)
    assert out.getvalue() == "X (player 1), your move: \n"  # "interrupted" goes below
