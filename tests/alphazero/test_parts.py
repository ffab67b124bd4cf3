"""The learned agent's parts: the encoding of every game, the tree search and self-play."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("torch", reason="the learn extra (scripts/test.sh installs it)")

from helpers import SMALL_GAMES, Pile  # noqa: E402
from zerosum import hooks  # noqa: E402
from zerosum.alphazero.encoding import Encoding, encoding_for  # noqa: E402
from zerosum.alphazero.mcts import Settings, new_node, search  # noqa: E402
from zerosum.game import SpecError  # noqa: E402
from zerosum.games import load_game  # noqa: E402
from zerosum.learn.selfplay import random_opening, self_play  # noqa: E402


def uniform(encoded: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A network that knows nothing: equal logits, value 0."""
    return np.zeros((len(encoded), 65), np.float32), np.zeros(len(encoded), np.float32)


def walk(game, plies: int, seed: int):  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(seed)
    state, seen = game.initial_state, []
    for _ in range(plies):
        if game.is_terminal(state):
            break
        seen.append(state)
        actions = list(game.actions(state))
        state = game.result(state, actions[rng.integers(len(actions))])
    return seen


@pytest.mark.parametrize("spec", SMALL_GAMES)
def test_every_built_in_game_is_encoded(spec: str) -> None:
    game = load_game(spec)
    if hooks.compiled_rules(game) is None or game.compiled_rules() is None:
        # a board over 64 cells: no compiled rules, so no encoding (yet): said plainly
        with pytest.raises(SpecError, match="cannot be learned"):
            encoding_for(game)
        return
    encoding = encoding_for(game)
    for state in walk(game, 12, 1):
        row = encoding.encode([state])[0]
        assert row.shape == (encoding.size,)
        assert set(np.unique(row)) <= {-1.0, 0.0, 1.0}
        actions = list(game.actions(state))
        indices = encoding.indices(state, actions)
        assert len(set(indices.tolist())) == len(actions), "two actions share an index"
        assert 0 <= indices.min() and indices.max() < encoding.actions


def test_positions_differ_in_their_encoding() -> None:
    game = load_game("connect4:width=5,height=4")
    encoding = encoding_for(game)
    start = game.initial_state
    after = game.result(start, 2)
    rows = encoding.encode([start, after, game.result(after, 2)])
    assert not np.array_equal(rows[0], rows[1]) and not np.array_equal(rows[1], rows[2])
    assert rows[0][-1] == 1.0 and rows[1][-1] == -1.0  # who moves


class EncodedPile(Pile):
    """The pile with the hooks a network needs."""

    num_actions = 2

    def encode(self, state):  # type: ignore[no-untyped-def]
        return [state[0] / 2]

    def action_index(self, action):  # type: ignore[no-untyped-def]
        return action - 1


def test_a_user_game_is_encoded_by_its_hooks() -> None:
    encoding: Encoding = encoding_for(EncodedPile())
    assert (encoding.size, encoding.actions) == (2, 2)
    assert encoding.encode([(2, 1)]).tolist() == [[1.0, 1.0]]
    assert encoding.indices((2, 1), [1, 2]).tolist() == [0, 1]


def test_a_user_game_without_hooks_is_told_what_to_add() -> None:
    with pytest.raises(SpecError, match=r"add encode\(state\) -> array, action_index"):
        encoding_for(Pile())


def test_the_search_finds_a_win_with_a_network_that_knows_nothing() -> None:
    game = load_game("tictactoe")
    state = game.initial_state
    for cell in (0, 3, 1, 4):  # X to move: 2 wins, 5 only stops O
        state = game.result(state, cell)
    root = new_node(game, state)
    search(game, [root], encoding_for(game), uniform, Settings(200), np.random.default_rng(0))
    assert root.visits.sum() == 200
    assert root.actions[int(np.argmax(root.visits))] == 2
    assert root.values()[root.actions.index(2)] == 1.0


def test_the_search_values_a_lost_position_from_the_movers_side() -> None:
    game = load_game("tictactoe")
    state = game.initial_state
    for cell in (0, 3, 1, 4, 8):  # O to move, X threatens 2, O threatens 5: O wins at 5
        state = game.result(state, cell)
    root = new_node(game, state)
    search(game, [root], encoding_for(game), uniform, Settings(300), np.random.default_rng(0))
    assert root.actions[int(np.argmax(root.visits))] == 5


def test_self_play_samples_are_legal_and_scored_for_the_mover() -> None:
    game = load_game("tictactoe")
    encoding = encoding_for(game)
    samples = self_play(game, encoding, uniform, Settings(16, noise=0.25), 6, 2, seed=3)
    assert samples.games == 6 and len(samples) >= 6 * 5
    assert np.allclose(samples.policies.sum(axis=1), 1.0)
    assert (samples.policies[:, 9:] == 0).all(), "visits on an index no action has"
    assert set(np.unique(samples.outcomes)) <= {-1.0, 0.0, 1.0}
    # ply by ply: the six games' first positions are X's, their second O's, whose mover's
    # result is the opposite (no game ends before its fifth ply)
    assert (samples.states[:6, -1] == 1.0).all() and (samples.states[6:12, -1] == -1.0).all()
    assert (samples.outcomes[:6] == -samples.outcomes[6:12]).all()


def test_the_shipped_model_holds_perfect_play_to_a_draw() -> None:
    from zerosum.agents import make_agent
    from zerosum.arena import match

    game = load_game("tictactoe")
    result = match(game, make_agent("alphazero:simulations=100"), "perfect", games=4)
    learned = (
        result.standings[0] if "alphazero" in result.standings[0].name else result.standings[1]
    )
    assert "alphazero" in learned.name
    assert learned.total.games == 4 and learned.total.losses == 0


def test_no_shipped_model_is_said_plainly() -> None:
    from zerosum.agents import make_agent

    agent = make_agent("alphazero")
    game = load_game("pick")
    with pytest.raises(SpecError, match="no model is shipped for pick"):
        agent(game, game.initial_state)


def test_the_value_network_is_a_zero_sum_heuristic_for_alpha_beta() -> None:
    from zerosum.agents import AlphaBeta
    from zerosum.alphazero.heuristic import learned_evaluate

    game = load_game("tictactoe")
    evaluate = learned_evaluate(game)
    for state in walk(game, 6, 2):
        assert evaluate(state, 1) == pytest.approx(-evaluate(state, 2))
        assert -1 < evaluate(state, 1) < 1
    state = game.initial_state
    for cell in (0, 3, 1, 4):
        state = game.result(state, cell)
    assert AlphaBeta(depth=2, evaluate=evaluate)(game, state) == 2  # the win, found


def test_random_openings_stop_short_of_the_end_and_are_not_recorded() -> None:
    game = load_game("tictactoe")
    rng = np.random.default_rng(5)
    for plies in range(12):
        state = random_opening(game, plies, rng)
        assert not game.is_terminal(state)
        assert 9 - len(list(game.actions(state))) <= plies
    encoding = encoding_for(game)
    opened = self_play(game, encoding, uniform, Settings(8), 40, 0, seed=3, random_plies=6)
    plain = self_play(game, encoding, uniform, Settings(8), 40, 0, seed=3)
    # every plain game records its empty first position; opened games mostly start later
    empty = encoding.encode([game.initial_state])[0]
    starts_empty = (opened.states == empty).all(axis=1).sum()
    assert (plain.states == empty).all(axis=1).sum() == 40
    assert 0 < starts_empty < 20, "random_plies=6 opened about 1 game in 7 at the start"
    assert len(opened) < len(plain)


def test_the_shipped_7x6_model_keeps_the_solvers_value_past_the_book() -> None:
    # the shipped model's claim, on fewer positions and simulations than its README's
    import zerosum as zs

    report = zs.grade(load_game("connect4"), ["alphazero:simulations=400"], positions=40,
                      plies=(13, 30))  # fmt: skip
    (learned,) = report.grades
    assert learned.kept_share >= 0.9
