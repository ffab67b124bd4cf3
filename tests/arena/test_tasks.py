"""Fair tournaments of deterministic agents: distinct openings, distinct games counted."""

from __future__ import annotations

import zerosum as zs
from zerosum.arena.ratings import score_interval
from zerosum.arena.tasks import distinct_openings
from zerosum.report.tables import tables


def replay_position(game: zs.games.ConnectFour, moves: tuple[int, ...]) -> object:
    state = game.initial_state
    for action in moves:
        state = game.result(state, action)
    return state


def test_distinct_openings_are_the_shortest_that_differ() -> None:
    game = zs.games.ConnectFour()
    openings = distinct_openings(game, 12, seed=3)
    assert [len(o) for o in openings] == [0] + [1] * 7 + [2] * 4
    assert len({replay_position(game, o) for o in openings}) == 12
    assert openings == distinct_openings(game, 12, seed=3)  # reproducible
    assert openings != distinct_openings(game, 12, seed=4)


def test_deterministic_agents_no_longer_replay_one_game() -> None:
    agents = ["alphabeta:depth=1", "alphabeta:depth=2"]
    fair = zs.match("connect4:width=5,height=4", *agents, games=8)
    assert fair.distinct == {(0, 1): 8}
    old = zs.match("connect4:width=5,height=4", *agents, games=8, random_opening=0)
    assert old.distinct == {(0, 1): 2}  # the same two games, four times each
    standings, *_ = tables(old)
    assert standings.headers[2] == "distinct" and standings.rows[0][2] == "2"
    # a replayed game is no new evidence: the interval is that of two games
    assert old.score_interval == score_interval(old.score * 2, 2)


def test_the_crosstable_and_footer_say_how_many_games_differ() -> None:
    cup = zs.tournament("tictactoe", ["dummy", "alphabeta", "random"], 4, random_opening=0)
    _, cross, _ = tables(cup)
    assert cross.rows[0][2] == "0/4 (2 distinct)"  # dummy against alphabeta
    assert "(2 distinct)" not in cross.rows[0][3]  # random varies its games
    html = cup._repr_html_()
    assert f"({cup.distinct_games} distinct)" in html and cup.distinct_games < 12


def test_repeats_do_not_narrow_the_ratings() -> None:
    once = zs.tournament("tictactoe", ["dummy", "alphabeta"], 2, random_opening=0)
    many = zs.tournament("tictactoe", ["dummy", "alphabeta"], 20, random_opening=0)
    assert [r.margin for r in many.ratings] == [r.margin for r in once.ratings]


def test_a_clean_sweep_has_an_open_ended_interval() -> None:
    cup = zs.tournament("tictactoe", ["alphabeta", "dummy"], 4, random_opening=0)
    best, worst = cup.ratings
    assert best.interval[1] == float("inf") and worst.interval[0] == float("-inf")


def test_an_entrants_move_time_is_its_own_time_limit_else_the_runs() -> None:
    from zerosum.arena.tournament import entrants

    timed = zs.agents.AlphaBeta(depth=2, time_limit=0.25)
    plain, own = entrants(["dummy", timed], move_time=1.5, time_margin=0.5)
    assert (plain.move_time, plain.time_limit) == (1.5, 2.0)
    assert (own.move_time, own.time_limit) == (0.25, 0.75)
    assert (plain.budget, own.budget) == (1.5, 0.25)  # the old name still reads
