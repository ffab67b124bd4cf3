"""The 7x6 Connect Four opening book: its positions, its journal, its derivation, and
the shipped book against the solver."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import zerosum as zs
from zerosum import book as builder
from zerosum.game import ZerosumError
from zerosum.games.connect_four_book import Book, book, canonical, column_scores
from zerosum.kernels import connect4

#: Until the book is built and shipped (``zerosum book --plies 4``, see docs/opening-book.md),
#: the tests of its contents have nothing to read.
needs_book = pytest.mark.skipif(book() is None, reason="no opening book shipped yet")

#: Positions of 7x6 Connect Four after 0..5 plies (OEIS A212693).
POSITIONS = [1, 7, 49, 238, 1120, 4263]


def _mirror_image(key: int) -> int:
    column = (1 << 7) - 1
    return sum(((key >> (7 * c)) & column) << (7 * (6 - c)) for c in range(7))


@pytest.mark.parametrize("plies", range(6))
def test_one_entry_per_position_and_mirror_image(plies: int) -> None:
    keys = [canonical(*p) for p in builder.positions(plies)]
    assert len(keys) == len(set(keys))
    # a mirror pair counts twice, a symmetric position once: the published count
    assert sum(1 if _mirror_image(k) == k else 2 for k in keys) == POSITIONS[plies]


def test_the_key_is_the_same_for_a_position_and_its_mirror() -> None:
    left = connect4.parse_moves("1213")
    right = connect4.parse_moves("7675")
    assert canonical(*left) == canonical(*right)
    assert canonical(*left) != canonical(*connect4.parse_moves("1214"))


def test_a_journal_resumes_and_drops_a_line_cut_off(tmp_path: Path) -> None:
    journal = tmp_path / "book.jsonl"
    assert builder._read_journal(journal, 4) == {}
    with open(journal, "a") as log:
        log.write("123 4\n456 -2\n789")  # the last line cut off mid-write
    assert builder._read_journal(journal, 4) == {123: 4, 456: -2}
    assert journal.read_text().endswith("456 -2\n")
    with pytest.raises(ZerosumError, match="journal of another build"):
        builder._read_journal(journal, 5)
    journal.write_text(journal.read_text() + "not a line\n")
    with pytest.raises(ZerosumError, match="line 4 is not '<key> <score>'"):
        builder._read_journal(journal, 4)


@needs_book
def test_shallower_plies_follow_from_the_deepest_by_negamax(tmp_path: Path) -> None:
    # the scores of every position of 1 stone, from the shipped book: derive the empty
    # board from them and compare with the known opening
    shipped = book()
    assert shipped is not None
    deepest = {canonical(*p): shipped.score(*p) for p in builder.positions(1)}
    assert None not in deepest.values()
    derived = builder._derive(deepest, 1, tmp_path / "b.npz", lambda _: None)  # type: ignore[arg-type]
    assert derived.score(0, 0) == 1  # the first player wins with its last stone...
    assert column_scores(0, 0, derived) == {0: -2, 1: -1, 2: 0, 3: 1, 4: 0, 5: -1, 6: -2}
    assert Book.load(tmp_path / "b.npz").score(0, 0) == 1


@needs_book
def test_the_shipped_book_agrees_with_the_solver_on_a_sample() -> None:
    shipped = book()
    assert shipped is not None
    deepest = list(builder.positions(shipped.plies))
    for index in (7, len(deepest) // 2):  # two of the deepest, solved live (seconds each)
        current, mask = deepest[index]
        if builder._immediate_win(current, mask):
            continue
        assert shipped.score(current, mask) == connect4.solve(current, mask)[0]


@needs_book
def test_perfect_answers_the_first_moves_from_the_book_at_once() -> None:
    game = zs.games.ConnectFour()
    perfect = zs.agents.Perfect()
    perfect.prepare(game)
    state = game.initial_state
    begin = time.perf_counter()
    assert perfect(game, state) == 3  # the centre: the only winning first move
    assert time.perf_counter() - begin < 1.0 and perfect.last.nodes == 0
    assert perfect.last.extra["solve"].action_scores == {
        0: -2,
        1: -1,
        2: 0,
        3: 1,
        4: 0,
        5: -1,
        6: -2,
    }


@pytest.mark.parametrize("opening", ["12", "33", "76"])
def test_perfect_breaks_a_tie_towards_the_fewest_safe_replies(opening: str) -> None:
    game = zs.games.ConnectFour()
    state = game.initial_state
    for digit in opening:
        state = game.result(state, int(digit) - 1)
    perfect = zs.agents.Perfect(seed=5)
    move = perfect(game, state)
    best = perfect.last.extra["solve"].best_actions
    assert len(best) > 1 and move in best

    def safe_replies(column: int) -> int:
        """The opponent's replies that keep a draw or a win, from the book alone."""
        p1, p2, plies, _ = game.result(state, column)
        current = p1 if plies % 2 == 0 else p2
        scores = column_scores(current, p1 | p2)
        assert scores is not None
        return sum(score >= 0 for score in scores.values())

    counts = {column: safe_replies(column) for column in best}
    assert len(set(counts.values())) > 1  # the tie is worth breaking
    assert counts[move] == min(counts.values())


def test_a_book_round_trips_through_its_file(tmp_path: Path) -> None:
    scores = {canonical(*connect4.parse_moves("4")): -1, canonical(*connect4.parse_moves("1")): 2}
    written = Book.from_scores(scores, 1)
    written.save(tmp_path / "x.npz")
    loaded = Book.load(tmp_path / "x.npz")
    assert loaded.score(*connect4.parse_moves("7")) == 2  # the mirror of "1"
    assert loaded.score(*connect4.parse_moves("44")) is None  # deeper than the book
    assert json.dumps(loaded.plies) == "1"


def test_shallower_plies_are_derived_from_a_deeper_book(tmp_path: Path) -> None:
    # made-up scores of the 4 positions of 1 stone (a column and its mirror share one):
    # the empty board's columns are their negations, the empty board their best
    made_up = {0: 5, 1: -3, 2: 2, 3: 4}  # by the column of the stone, 0..3
    deepest = {canonical(*connect4.parse_moves(str(col + 1))): s for col, s in made_up.items()}
    derived = builder._derive(deepest, 1, tmp_path / "b.npz", lambda _: None)  # type: ignore[arg-type]
    columns = {col: -made_up[min(col, 6 - col)] for col in range(7)}
    assert column_scores(0, 0, derived) == columns
    assert derived.score(0, 0) == max(columns.values()) == 3
    assert Book.load(tmp_path / "b.npz").score(0, 0) == 3
