"""The 7x6 Connect Four opening book: its positions, its journal, its derivation, and
the shipped book against the solver."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import numpy as np
import pytest

import zerosum as zs
from zerosum.cli import main
from zerosum.game import ZerosumError
from zerosum.games.connect_four import book_build as builder
from zerosum.games.connect_four import solver as connect4
from zerosum.games.connect_four.book import (
    Book,
    book,
    canonical,
    child_score,
    column_scores,
    winning_drop,
)
from zerosum.games.connect_four.positions import drop, has_four
from zerosum.games.connect_four.retrieval import Retrieval

#: Until the book is built and shipped (``zerosum book --plies 4``, see docs/opening-book.md),
#: the tests of its contents have nothing to read.
needs_book = pytest.mark.skipif(book() is None, reason="no opening book shipped yet")

#: Positions of 7x6 Connect Four after 0..5 plies (OEIS A212693).
POSITIONS = [1, 7, 49, 238, 1120, 4263]


def _quiet(_: str) -> None:
    pass


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
    deepest: dict[int, int] = {canonical(*p): shipped.score(*p) for p in builder.positions(1)}  # type: ignore[misc]
    assert None not in deepest.values()
    derived = Book.from_scores(builder._derive(deepest, 1, 1, _quiet), 1, 1)
    assert derived.score(0, 0) == 1  # the first player wins with its last stone...
    assert column_scores(0, 0, derived) == {0: -2, 1: -1, 2: 0, 3: 1, 4: 0, 5: -1, 6: -2}


@needs_book
def test_the_shipped_book_agrees_with_the_solver_on_a_sample() -> None:
    shipped = book()
    assert shipped is not None
    for plies in sorted({shipped.exact_plies, shipped.plies}):
        weak = not shipped.exact_at(plies)
        for seed in (7, 8):  # solved live (a second or so each)
            current, mask = _random_position(plies, seed)
            live, _ = connect4.solve(current, mask, weak=weak)
            assert shipped.score(current, mask) == live


def _random_position(plies: int, seed: int) -> tuple[int, int]:
    """A position of ``plies`` stones reached by random moves, not over and without a win
    at once (a deep ply has millions of positions: too many to list in a test)."""
    rng = random.Random(seed)
    while True:
        current, mask = 0, 0
        for _ in range(plies):
            free = [col for col in range(7) if drop(mask, col, 6)]
            move = drop(mask, rng.choice(free), 6)
            if has_four(current | move, 6):
                break
            current, mask = current ^ mask, mask | move
        else:
            if not winning_drop(current, mask):
                return current, mask


@needs_book
def test_the_shipped_book_stays_within_10_mb() -> None:
    # package data in every install: a deeper book must keep to the compact format's size
    from zerosum.games.connect_four.book import BOOK_PATH

    assert BOOK_PATH.stat().st_size <= 10_000_000


@pytest.mark.alone
@needs_book
def test_perfect_answers_the_first_moves_from_the_book_at_once() -> None:
    game = zs.games.ConnectFour()
    perfect = zs.agents.Perfect()
    perfect.prepare(game)
    state = game.initial_state
    begin = time.perf_counter()
    assert perfect(game, state) == 3  # the centre: the only winning first move
    assert time.perf_counter() - begin < 1.0 and perfect.last.nodes == 0
    assert perfect.last.solve.action_scores == {
        0: -2,
        1: -1,
        2: 0,
        3: 1,
        4: 0,
        5: -1,
        6: -2,
    }


@needs_book
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_perfect_answers_positions_of_11_stones_from_the_book(seed: int) -> None:
    # the shipped book reaches ply 12 (what keeps every move of a game quick, issue #28),
    # so up to 11 stones each move's value is read, none searched
    game = zs.games.ConnectFour()
    shipped = book()
    assert shipped is not None and shipped.plies >= 12
    rng = random.Random(seed)
    state = game.initial_state
    while state[2] < 11:
        state = game.result(state, rng.choice(game.actions(state)))
        if game.is_terminal(state):  # a rare early four: start again
            state = game.initial_state
    perfect = zs.agents.Perfect(seed=seed)
    move = perfect(game, state)
    assert perfect.last.nodes == 0 and perfect.last.solve.nodes == 0
    child = game.result(state, move)
    if not game.is_terminal(child):  # solved live, the child keeps the position's value
        p1, p2, plies, _ = child
        reply, _ = connect4.solve(p1 if plies % 2 == 0 else p2, p1 | p2, weak=True)
        assert -reply == perfect.last.solve.value


@pytest.mark.parametrize("opening", ["12", "33", "76"])
def test_perfect_breaks_a_tie_towards_the_fewest_safe_replies(opening: str) -> None:
    game = zs.games.ConnectFour()
    state = game.initial_state
    for digit in opening:
        state = game.result(state, int(digit) - 1)
    perfect = zs.agents.Perfect(seed=5)
    move = perfect(game, state)
    best = perfect.last.solve.best_actions
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
    written = Book.from_scores(scores, 1, 0)
    written.save(tmp_path / "x.npz")
    loaded = Book.load(tmp_path / "x.npz")
    assert loaded.score(*connect4.parse_moves("7")) == 2  # the mirror of "1"
    assert loaded.score(*connect4.parse_moves("44")) is None  # deeper than the book
    assert json.dumps([loaded.plies, loaded.exact_plies]) == "[1, 0]"


def test_shallower_plies_are_derived_from_a_deeper_book(tmp_path: Path) -> None:
    # made-up scores of the 4 positions of 1 stone (a column and its mirror share one):
    # the empty board's columns are their negations, the empty board their best
    made_up = {0: 5, 1: -3, 2: 2, 3: 4}  # by the column of the stone, 0..3
    deepest = {canonical(*connect4.parse_moves(str(col + 1))): s for col, s in made_up.items()}
    derived = Book.from_scores(builder._derive(deepest, 1, 1, _quiet), 1, 1)
    columns = {col: -made_up[min(col, 6 - col)] for col in range(7)}
    assert column_scores(0, 0, derived) == columns
    assert derived.score(0, 0) == max(columns.values()) == 3
    derived.save(tmp_path / "b.npz")
    assert Book.load(tmp_path / "b.npz").score(0, 0) == 3


def _journal(folder: Path, plies: int, weak: bool, scores: dict[int, int]) -> None:
    """A finished journal of one ply, as a build would have left it."""
    header: dict[str, object] = {"format": builder.JOURNAL_FORMAT, "plies": plies}
    header.update(width=7, height=6)
    if weak:
        header["weak"] = True
    lines = [json.dumps(header)] + [f"{key} {score}" for key, score in scores.items()]
    builder.journal_path(folder, plies, weak).write_text("\n".join(lines) + "\n")


def _shipped_scores(plies: int) -> dict[int, int]:
    """The shipped book's exact scores of every position of ``plies`` stones."""
    shipped = book()
    assert shipped is not None and shipped.exact_at(plies)
    found = {}
    for current, mask in builder.positions(plies):
        score = shipped.score(current, mask)
        if score is not None:  # None: the mover wins at once
            found[canonical(current, mask)] = score
    return found


def _sign(score: int) -> int:
    return (score > 0) - (score < 0)


@needs_book
def test_a_book_of_exact_scores_and_deeper_values_is_built_from_its_journals(
    tmp_path: Path,
) -> None:
    # journals as a finished build leaves them: exact scores of ply 1, values of ply 2
    _journal(tmp_path, 1, False, _shipped_scores(1))
    values = {key: _sign(score) for key, score in _shipped_scores(2).items()}
    _journal(tmp_path, 2, True, values)
    out = tmp_path / "book.npz"
    command = ["book", "--plies", "2", "--exact-plies", "1", "--journals", str(tmp_path)]
    assert main([*command, "--out", str(out), "--workers", "1"]) == 0  # nothing to solve
    built = Book.load(out)
    assert (built.plies, built.exact_plies) == (2, 1)
    assert built.values is not None and built.values.count == len(values)  # ply 2: no keys
    shipped = book()
    assert shipped is not None
    assert column_scores(0, 0, built) == column_scores(0, 0, shipped)  # exact at ply 1
    for current, mask in builder.positions(1):  # the moves from ply 1 lead to values
        moves = column_scores(current, mask, built)
        exact = column_scores(current, mask, shipped)
        assert moves is not None and exact is not None
        assert moves == {col: _sign(score) for col, score in exact.items()}


@needs_book
def test_a_build_reports_its_progress_every_few_seconds_not_every_chunk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # ply 3's values looked up in the shipped book instead of searched: this is about the
    # reporting, and solving them takes minutes
    values = {key: _sign(score) for key, score in _shipped_scores(3).items()}
    monkeypatch.setattr(
        builder,
        "solve_chunk",
        lambda chunk, weak: builder.Solved([values[canonical(*p)] for p in chunk], 0.0),
    )
    _journal(tmp_path, 2, False, _shipped_scores(2))

    def progress_lines() -> list[str]:
        lines: list[str] = []
        builder.journal_path(tmp_path, 3, True).unlink(missing_ok=True)
        builder.build(3, tmp_path, tmp_path / "book.npz", exact_plies=2, report=lines.append)
        return [line for line in lines if line.startswith("  solved ")]

    done = f"  solved {len(values):,}/{len(values):,} (100.0%) in "
    (only,) = progress_lines()  # a quick ply: its last line alone
    assert only.startswith(done)
    monkeypatch.setattr(builder, "REPORT_SECONDS", 0.0)
    every = progress_lines()  # as chunks come back (two at a time in this process)
    counts = [int(line.split()[1].split("/")[0].replace(",", "")) for line in every]
    # instant chunks double from one position: 1 and 1, then 4 and 4, 16 and 16, ...
    sizes = [1, 1] + [min(4**k, builder.MOST_PER_CHUNK) for k in range(1, 9) for _ in range(2)]
    sent = [sum(sizes[: 2 * n]) for n in range(1, len(counts))]
    assert counts[:-1] == sent and counts[-1] == len(values) and len(counts) >= 3
    assert counts == sorted(set(counts)) and every[-1].startswith(done)
    assert "a second: about" in every[0]


@needs_book
def test_a_build_refuses_values_that_contradict_its_exact_scores(tmp_path: Path) -> None:
    _journal(tmp_path, 1, False, _shipped_scores(1))
    _journal(tmp_path, 2, True, dict.fromkeys(_shipped_scores(2), -1))  # all wrong
    with pytest.raises(ZerosumError, match="contradicts its value"):
        builder.build(2, tmp_path, tmp_path / "book.npz", exact_plies=1, report=_quiet)
    assert not (tmp_path / "book.npz").exists()


@needs_book
@pytest.mark.parametrize("name", ["Test_L1_R1", "Test_L1_R2", "Test_L1_R3"])
def test_the_shipped_book_agrees_with_the_public_benchmark_sets(name: str) -> None:
    shipped = book()
    assert shipped is not None
    data = Path(__file__).parents[2] / "data" / "connect4" / f"{name}.txt"
    checked = 0
    for line in data.read_text().splitlines():
        moves, score = line.split()
        if len(moves) > shipped.plies:
            continue
        current, mask = connect4.parse_moves(moves)
        expected = int(score) if shipped.exact_at(len(moves)) else _sign(int(score))
        assert child_score(current, mask, shipped) == expected, moves
        checked += 1
    assert checked >= 2  # each set has positions the book holds


@needs_book
def test_perfect_plays_from_a_book_of_values(monkeypatch: pytest.MonkeyPatch) -> None:
    # a book exact to ply 2 and of values to ply 4, made from the shipped one
    shipped = book()
    assert shipped is not None
    scores = {}
    for ply in range(5):
        for key, score in _shipped_scores(ply).items():
            scores[key] = score if ply <= 2 else _sign(score)
    values_book = Book.from_scores(scores, 4, 2)
    monkeypatch.setattr("zerosum.games.connect_four.book.book", lambda: values_book)
    game = zs.games.ConnectFour()
    state = game.initial_state
    for column in (3, 3, 2):  # three stones: every move leads to a position of values
        state = game.result(state, column)
    p1, p2, plies, _ = state
    exact = column_scores(p2 if plies % 2 else p1, p1 | p2, shipped)
    assert exact is not None
    perfect = zs.agents.Perfect()
    move = perfect(game, state)
    solved = perfect.last.solve
    assert solved.nodes == 0 and solved.plies is None  # from the book, no distances
    assert solved.values_only
    assert solved.action_values == {col: _sign(score) for col, score in exact.items()}
    assert _sign(exact[move]) == max(map(_sign, exact.values()))  # never gives a value up


JOURNALS = Path(__file__).parents[3] / "data"


@needs_book
def test_the_shipped_book_gives_every_position_its_journals_value() -> None:
    # the reference is the book as it was before the value table: every position keyed,
    # derived from the committed journals as the build derives it
    exact = builder._derive(
        builder._read_journal(JOURNALS / "connect4-book-4.jsonl", 4), 4, 4, _quiet
    )
    values = builder._read_journal(JOURNALS / "connect4-book-8-weak.jsonl", 8, weak=True)
    assert len(values) == 77_715
    keyed = builder._derive(values, 8, 0, _quiet) | exact
    shipped = book()  # a deeper book holds these plies too, derived from its own ply
    assert shipped is not None and shipped.plies >= 8 and shipped.exact_plies == 4
    assert shipped.values is not None and shipped.keys.size == len(exact) == 719
    assert shipped.values.count >= len(keyed) - len(exact) == 113_215
    checked = 0
    for ply in range(9):
        for current, mask in builder.positions(ply):
            expected = keyed.get(canonical(current, mask))  # None: the mover wins at once
            assert shipped.score(current, mask) == expected, (ply, current, mask)
            checked += expected is not None
    assert checked == len(keyed)


def _table_that_must_not_be_read() -> Book:
    """A book of values at plies 5 to 8 whose table gives an impossible value to any key."""
    empty = np.array([], dtype=np.uint64), np.array([], dtype=np.int8)
    return Book(*empty, 8, 4, Retrieval(np.full(3, 3, dtype=np.uint8), 0, 1))


@pytest.mark.parametrize(
    "moves",
    [
        "445566",  # the mover can win at once (columns 3 and 7)
        "4455667",  # finished: the last mover made four
        "123456712",  # past the book's plies
        "1234",  # an exact ply: keyed, not in the table
    ],
)
def test_the_value_table_is_read_only_for_positions_it_holds(moves: str) -> None:
    assert _table_that_must_not_be_read().score(*connect4.parse_moves(moves)) is None


def test_a_value_table_that_does_not_belong_is_caught_when_read() -> None:
    with pytest.raises(ZerosumError, match="impossible value: it does not belong"):
        _table_that_must_not_be_read().score(*connect4.parse_moves("123456"))


def test_a_compact_book_round_trips_through_its_file(tmp_path: Path) -> None:
    exact = {canonical(*connect4.parse_moves("")): 1}
    deep = {canonical(*p): (canonical(*p) % 3) - 1 for p in builder.positions(2)}
    Book.compact(exact, deep, 2, 0).save(tmp_path / "c.npz")
    loaded = Book.load(tmp_path / "c.npz")
    assert loaded.values is not None and len(loaded) == 1 + len(deep)
    assert loaded.score(0, 0) == 1
    for current, mask in builder.positions(2):
        assert loaded.score(current, mask) == deep[canonical(current, mask)]


def _save(path: Path, **arrays: np.ndarray) -> Path:
    np.savez_compressed(path, **arrays)
    return path


@needs_book
def test_a_damaged_or_mismatched_book_file_is_refused(tmp_path: Path) -> None:
    from zerosum.games.connect_four.book import BOOK_PATH

    with np.load(BOOK_PATH) as data:
        arrays = {name: data[name] for name in data.files}
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(BOOK_PATH.read_bytes()[:1000])
    with pytest.raises(ZerosumError, match="garbage.npz is not a readable opening book"):
        Book.load(garbage)
    flipped = arrays["values_cells"].copy()
    flipped[7] ^= 4
    with pytest.raises(ZerosumError, match="flipped.npz: values_cells is damaged"):
        Book.load(_save(tmp_path / "flipped.npz", **(arrays | {"values_cells": flipped})))
    plies = int(arrays["plies"])
    with pytest.raises(ZerosumError, match=f"a value table, but no plies past the exact {plies}"):
        Book.load(_save(tmp_path / "deep.npz", **(arrays | {"exact_plies": np.int64(plies)})))
    backwards = arrays["keys"][::-1].copy()
    with pytest.raises(ZerosumError, match="keys are not sorted and distinct"):
        Book.load(_save(tmp_path / "backwards.npz", **(arrays | {"keys": backwards})))
    no_scores = {name: array for name, array in arrays.items() if name != "scores"}
    with pytest.raises(ZerosumError, match="the opening book lacks its 'scores' array"):
        Book.load(_save(tmp_path / "no_scores.npz", **no_scores))
