from __future__ import annotations

import pytest

import zerosum as zs
from arena_agents import Illegal, Raiser, Sleeper
from zerosum.arena import Reason, Tally

C4 = "connect4:width=5,height=4"


def outcomes(result: zs.arena.MatchResult | zs.arena.TournamentResult) -> list[tuple]:
    return [
        (g.a, g.b, g.index, g.first, g.seed, None if g.record is None else g.record.actions)
        for g in result.games
    ]


def test_a_match_swaps_sides_and_adds_up() -> None:
    result = zs.match(C4, "random", "minimax:depth=2", games=10, seed=5)
    a, b = result.standings
    assert [g.first for g in result.games] == [0, 1] * 5
    assert a.as_first.games == a.as_second.games == b.as_first.games == 5
    assert a.total == Tally(b.total.losses, b.total.draws, b.total.wins)
    assert result.tally == a.total and len(result.records) == 10
    assert result.score == a.total.points / 10
    low, high = result.score_interval
    assert low <= result.score <= high  # type: ignore[operator]
    assert result.elo_interval[0] <= result.elo <= result.elo_interval[1]
    assert result.records[1].players == ("minimax:depth=2", "random")


def test_without_swapping_a_always_moves_first() -> None:
    result = zs.match("tictactoe", "dummy", "random", games=4, swap_sides=False)
    assert all(g.first == 0 for g in result.games)
    assert result.standings[0].as_second.games == 0


def test_random_openings_are_played_once_from_each_side() -> None:
    game = zs.load_game(C4)
    result = zs.match(game, "dummy", "dummy", games=6, random_opening=3)
    starts = [r.initial_state for r in result.records]
    assert starts[0] == starts[1] and starts[2] == starts[3] and starts[4] == starts[5]
    assert len({starts[0], starts[2], starts[4]}) == 3
    assert all(s[2] == 3 for s in starts)  # three stones on the board
    # dummy against itself: the side that moves first after the opening decides the game
    assert result.names == ("dummy", "dummy#2")


def test_the_same_seed_gives_the_same_games_and_another_seed_others() -> None:
    one = zs.match(C4, "random", "random:seed=9", games=6, seed=1)
    two = zs.match(C4, "random", "random:seed=9", games=6, seed=1)
    three = zs.match(C4, "random", "random:seed=9", games=6, seed=2)
    assert outcomes(one) == outcomes(two) != outcomes(three)


def test_a_match_is_the_same_as_its_pairing_in_a_tournament() -> None:
    agents = ["random", "minimax:depth=1", "dummy"]
    full = zs.tournament(C4, agents, games_per_pair=4, seed=3)
    alone = zs.match(C4, "random", "dummy", games=4, seed=3)
    in_full = [g.record.actions for g in full.games if {g.a, g.b} == {0, 2}]  # type: ignore[union-attr]
    assert in_full == [r.actions for r in alone.records]


def test_a_tournament_plays_every_pair_and_ranks_the_strong_first() -> None:
    result = zs.tournament("tictactoe", {"mm": "minimax:depth=3", "rnd": "random"}, 6, seed=2)
    assert result.names == ("mm", "rnd")
    assert result.crosstable[0][1].points > result.crosstable[1][0].points  # type: ignore[union-attr]
    ratings = {r.name: r for r in result.ratings}
    assert ratings["mm"].elo > 0 > ratings["rnd"].elo
    assert result.standings[0].nodes_per_move is not None
    assert result.standings[1].nodes_per_move is None  # random reports no search


def test_agents_given_as_objects_are_named_by_their_name() -> None:
    result = zs.tournament(C4, [zs.agents.Dummy(), Raiser(), Illegal()], 2)
    assert result.names == ("Dummy()", "raiser", "illegal")


def test_forfeits_are_counted_per_agent_and_the_tournament_goes_on() -> None:
    result = zs.tournament(
        C4,
        {"ok": "dummy", "raiser": Raiser(), "illegal": Illegal(), "sleeper": Sleeper(0.03)},
        games_per_pair=2,
        time_margin=0.01,
    )
    forfeits = {s.name: s.forfeits for s in result.standings}
    assert forfeits["ok"] == 0
    # raiser and illegal forfeit every game but the one against each other that the other
    # one forfeited first; the sleeper forfeits every game it reaches a move in
    assert forfeits["raiser"] >= 4 and forfeits["illegal"] >= 4 and forfeits["sleeper"] >= 2
    reasons = {r.reason for r in result.records}
    assert {Reason.ERROR, Reason.ILLEGAL, Reason.TIME} <= reasons
    timed = next(r for r in result.records if r.reason is Reason.TIME)
    assert "the limit is 0.02 s" in timed.detail
    assert len(result.records) == 12


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: zs.match("tictactoe", "dummy", "queen"), "unknown agent 'queen'"),
        (lambda: zs.match("tictactoe", "dummy", 3), "agent 3 is a int, not an agent"),
        (lambda: zs.match("tictactoe", "dummy", "random", games=0), "games must be a whole"),
        (lambda: zs.match("go", "dummy", "random"), "unknown game 'go'"),
        (lambda: zs.match("pick", "dummy", "dummy", random_opening=-1), "random_opening must"),
        (lambda: zs.tournament("pick", ["dummy"]), "at least 2 agents, got 1"),
        (lambda: zs.match("pick", "dummy", "dummy", workers=0), "workers must be a whole"),
    ],
)
def test_bad_arguments_say_what_is_wrong(call, message: str) -> None:
    with pytest.raises(zs.ZerosumError, match=message):
        call()


def test_every_game_of_a_match_starts_from_the_given_state_sides_swapped() -> None:
    game = zs.games.TicTacToe()
    start = zs.position(game, "XO./.X./... O")
    result = zs.match(game, "minimax", "random", games=4, state=start)
    assert [g.record.initial_state for g in result.games] == [start] * 4
    assert [g.first for g in result.games] == [0, 1, 0, 1]
    assert [g.opener for g in result.games] == [2] * 4  # O is to move there
    assert result.settings["start"] == "XO./.X./... O"
    tour = zs.tournament(game, ["minimax", "random", "dummy"], 2, state=start)
    assert {g.record.initial_state for g in tour.games} == {start}
    opened = zs.match(game, "random", "random", games=2, state=start, random_opening=1)
    for played in opened.games:  # one random ply from the given state, not from the start
        x, o, _ = played.record.initial_state
        assert (x, o) != start[:2] and x & start[0] == start[0] and (x | o).bit_count() == 4


def test_a_match_from_a_finished_state_is_refused() -> None:
    game = zs.games.TicTacToe()
    with pytest.raises(zs.ZerosumError, match="is over in the given state"):
        zs.match(game, "random", "random", games=2, state=zs.position(game, "XXX/OO./..."))
