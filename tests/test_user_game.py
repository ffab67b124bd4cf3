"""A game written the way a student writes one works with every agent, unchanged."""

from __future__ import annotations

import pytest

import zerosum as zs
import zerosum.arena


class Nim:
    """Take 1-3 sticks; whoever takes the last stick wins. No base class, no registration."""

    def __init__(self, sticks: int = 7) -> None:
        self.sticks = sticks

    @property
    def initial_state(self) -> tuple[int, int]:
        return (self.sticks, 1)

    def player(self, state):
        return state[1]

    def actions(self, state):
        return [n for n in (1, 2, 3) if n <= state[0]]

    def result(self, state, action):
        return (state[0] - action, 3 - state[1])

    def is_terminal(self, state):
        return state[0] == 0

    def utility(self, state, player):
        # the player to move at 0 sticks did not take the last one
        return -1 if state[1] == player else 1

    def print_state(self, state):
        print("|" * state[0], f"(player {state[1]} to move)")


AGENTS = ["dummy", "random:seed=1", "minimax", "minimax:depth=2"]


@pytest.mark.parametrize("first", AGENTS)
@pytest.mark.parametrize("second", AGENTS)
def test_every_agent_plays_a_user_game(first: str, second: str) -> None:
    game = Nim()
    record = zs.play(game, zs.make_agent(first), zs.make_agent(second))
    assert record.reason is zs.arena.Reason.END
    assert game.is_terminal(record.final_state)
    assert record.utilities[1] == -record.utilities[2] != 0


def test_minimax_finds_the_winning_take() -> None:
    # With 7 sticks, taking 3 leaves a multiple of 4: the first player wins.
    game = Nim(7)
    agent = zs.agents.Minimax()
    assert agent(game, game.initial_state) == 3
    assert zs.play(game, agent, zs.agents.Random(seed=0)).winner == 1


def test_judge_prints_a_user_game(capsys: pytest.CaptureFixture[str]) -> None:
    zs.judge(Nim(3), zs.agents.Dummy(), zs.agents.Dummy())
    out = capsys.readouterr().out
    assert out.startswith("||| (player 1 to move)")
    assert "Player 1 plays 1" in out and out.rstrip().endswith("Winner: 1st player")


def test_human_plays_a_user_game_by_typing_literals() -> None:
    import io

    game = Nim(3)
    human = zs.agents.Human(input=io.StringIO("5\n3\n"), output=io.StringIO())
    assert human(game, game.initial_state) == 3
