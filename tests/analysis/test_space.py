"""State-space counts against published figures, hand counts and the generic path."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

import zerosum as zs
from zerosum.analysis.space import generic_layers, random_probes
from zerosum.game import ZerosumError
from zerosum.games.connect_four import fast_paths as c4

#: OEIS A212693: legal Connect Four 7x6 positions after n plies.
A212693 = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, 558186]

TICTACTOE_PER_PLY = [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78]


@pytest.mark.parametrize("game", [zs.games.TicTacToe(), zs.games.Pick(n=3)], ids=["ttt", "pick3"])
def test_tictactoe_and_pick3_match_the_published_counts(game: Any) -> None:
    space = zs.analyze(game, probes=0)
    assert space.complete
    assert [p.positions for p in space.plies] == TICTACTOE_PER_PLY  # Pick 3 is tic-tac-toe
    assert (space.positions, space.symmetric) == (5478, 765)
    assert (space.games, space.symmetric_games) == (255168, 26830)
    assert space.sequences == 549946  # the nodes plain minimax visits from the empty board


def test_connect_four_positions_per_ply_are_oeis_a212693() -> None:
    space = zs.analyze(zs.games.ConnectFour(), plies=9, probes=0)
    assert [p.positions for p in space.plies] == A212693
    assert space.exact_plies == 9 and not space.complete
    assert [p.symmetric for p in space.plies[:4]] == [1, 4, 25, 121]
    assert space.plies[7].games == 13032  # the 7-ply games: four in a row at once


def test_compiled_layers_equal_the_generic_path() -> None:
    game = zs.games.ConnectFour(width=4, height=3, k=3)
    compiled = list(c4.space_layers(game) or ())
    generic = list(generic_layers(game))
    assert len(compiled) == len(generic) == 13
    for ours, theirs in zip(compiled, generic, strict=True):
        assert (
            ours.positions,
            ours.terminal,
            ours.symmetric,
            ours.sequences,
            ours.games,
            ours.moves,
        ) == (
            theirs.positions,
            theirs.terminal,
            theirs.symmetric,
            theirs.sequences,
            theirs.games,
            theirs.moves,
        )


def test_estimates_hold_the_exact_totals_on_a_small_board() -> None:
    game = zs.games.ConnectFour(width=4, height=4)
    exact = zs.analyze(game, probes=0)
    assert exact.complete and exact.positions == 161029
    sampled = zs.analyze(game, plies=6, probes=3000, seed=0)
    assert sampled.exact_plies == 6 and sampled.positions is None
    assert sampled.positions_estimate is not None and exact.positions in sampled.positions_estimate
    assert sampled.games_estimate is not None and exact.games in sampled.games_estimate
    assert sampled.nodes_estimate is not None and exact.sequences in sampled.nodes_estimate
    # the interval is informative, not the whole line
    assert sampled.positions_estimate.high < 1.2 * exact.positions


def test_python_probes_estimate_tictactoe() -> None:
    space = zs.analyze(zs.games.TicTacToe(), plies=3, probes=4000, seed=1)
    assert space.positions_estimate is not None and 5478 in space.positions_estimate
    assert space.games_estimate is not None and 255168 in space.games_estimate
    assert sum(space.lengths.values()) == 4000
    assert min(space.lengths) >= 5 and max(space.lengths) == 9
    assert sum(space.outcomes.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("game", [zs.games.TicTacToe(), zs.games.Pick(n=3)], ids=["ttt", "pick3"])
def test_move_orders_count_the_sequences_reaching_each_position(game: Any) -> None:
    paths: Counter[Any] = Counter({game.initial_state: 1})
    layer = dict(paths)
    while layer:
        nxt: Counter[Any] = Counter()
        for state, n in layer.items():
            for action in game.actions(state):
                nxt[game.result(state, action)] += n
        for state, n in nxt.items():
            assert game.move_orders(state) == n, game.render(state)
        layer = {s: n for s, n in nxt.items() if not game.is_terminal(s)}


def test_connect_four_probes_count_move_orders() -> None:
    probes = random_probes(zs.games.ConnectFour(width=4, height=4), 50, seed=3)
    assert probes.orders is not None
    assert (probes.orders[:, 1] == 1).all() and (probes.orders[:, 2] == 1).all()
    # two stones of one colour in two columns can come in either order
    assert set(probes.orders[:, 3]) <= {1.0, 2.0} and 2.0 in set(probes.orders[:, 3])
    assert (probes.products[:, 2] == 16).all()


@dataclass(frozen=True)
class Pile:
    """Take 1 or 2 from a pile of 4; whoever takes the last one wins (no key, no symmetry)."""

    initial_state: tuple[int, int] = (4, 1)

    def player(self, state: tuple[int, int]) -> int:
        return state[1]

    def actions(self, state: tuple[int, int]) -> list[int]:
        return [n for n in (1, 2) if n <= state[0]]

    def result(self, state: tuple[int, int], action: int) -> tuple[int, int]:
        return (state[0] - action, 3 - state[1])

    def is_terminal(self, state: tuple[int, int]) -> bool:
        return state[0] == 0

    def utility(self, state: tuple[int, int], player: int) -> int:
        return 1 if state[1] != player else -1  # the player who took the last one moved before

    def print_state(self, state: tuple[int, int]) -> None:
        print(state)


def test_a_user_game_takes_the_generic_path() -> None:
    space = zs.analyze(Pile(), probes=200, seed=0)
    assert space.complete and space.symmetry is None
    assert [p.positions for p in space.plies] == [1, 2, 3, 2, 1]
    assert [p.terminal for p in space.plies] == [0, 0, 1, 1, 1]
    assert [p.sequences for p in space.plies] == [1, 2, 4, 4, 1]
    assert [p.games for p in space.plies] == [0, 0, 1, 3, 1]
    assert space.games == 5 and space.positions == 9  # 4 as ordered sums of 1s and 2s
    assert space.plies[0].branching == 2.0 and space.plies[3].branching == 1.0
    assert space.symmetric is None and space.plies[1].positions_estimate is None  # no move_orders
    assert set(space.lengths) <= {2, 3, 4}


def test_table_json_and_plot() -> None:
    space = zs.analyze(zs.games.ConnectFour(width=4, height=4), plies=4, probes=100)
    text = str(space)
    assert "exact to ply 4" in text and "1,120" not in text and "160" in text
    data = space.to_dict()
    assert data["exact_plies"] == 4 and data["plies"][4]["positions"] == 160
    assert data["positions_estimate"]["low"] <= data["positions_estimate"]["value"]
    figure = space.plot()
    assert len(figure.axes) == 4


def test_bad_limits_are_refused() -> None:
    with pytest.raises(ZerosumError, match="plies must be at least 0, not -1"):
        zs.analyze(zs.games.TicTacToe(), plies=-1)
    with pytest.raises(ZerosumError, match="probes at least 0"):
        zs.analyze(zs.games.TicTacToe(), probes=-5)


def test_placement_kernel_equals_the_generic_path_on_pick3() -> None:
    from zerosum.games.claim import placement_space

    game = zs.games.Pick(n=3)
    compiled = list(placement_space.layers([m >> 1 for m in game.sets], 9))
    generic = [
        (g.positions, g.terminal, g.sequences, g.games, g.moves) for g in generic_layers(game)
    ]
    assert [(c[0], c[1], c[3], c[4], c[5]) for c in compiled] == generic


def test_pick4_is_counted_compiled() -> None:
    space = zs.analyze(zs.games.Pick(n=4), max_positions=10**9, probes=0)
    assert space.complete and space.positions == 7_004_563
    assert [p.positions for p in space.plies[:7]] == [1, 16, 240, 1680, 10920, 43680, 160160]
    assert space.plies[16].positions == 170  # full boards: a draw or a win with the last number
