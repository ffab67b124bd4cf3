"""The compiled Connect Four solver against the public benchmark sets, a plain
exhaustive negamax on small boards, and its own weak mode and move analysis."""

from __future__ import annotations

import doctest
import functools
import threading
import time
from pathlib import Path

import numba
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from zerosum.games.connect_four import solver as c4

DATA = Path(__file__).resolve().parents[2] / "data" / "connect4"


def load(set_id: str) -> list[tuple[str, int]]:
    pairs = []
    for line in (DATA / f"Test_{set_id}.txt").read_text().splitlines():
        moves, score = line.split()
        pairs.append((moves, int(score)))
    return pairs


def sample(set_id: str, count: int) -> list[tuple[str, int]]:
    """Every k-th position of a set, ``count`` in all (deterministic)."""
    pairs = load(set_id)
    return pairs[:: len(pairs) // count][:count]


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


# --- a plain reference: grids of columns and an exhaustive negamax ----------


def wins(cols: tuple[tuple[int, ...], ...], col: int, player: int, height: int) -> bool:
    """Whether ``player`` dropping a stone in ``col`` makes four in a row."""
    row = len(cols[col])
    width = len(cols)

    def at(c: int, r: int) -> int:
        return cols[c][r] if 0 <= c < width and 0 <= r < len(cols[c]) else 0

    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sgn in (1, -1):
            c, r = col + sgn * dc, row + sgn * dr
            while at(c, r) == player:
                run += 1
                c, r = c + sgn * dc, r + sgn * dr
        if run >= 4:
            return True
    return False


def play(moves: str, width: int, height: int) -> tuple[tuple[tuple[int, ...], ...], int]:
    cols: list[tuple[int, ...]] = [()] * width
    for i, ch in enumerate(moves):
        cols[int(ch) - 1] += (1 + i % 2,)
    return tuple(cols), 1 + len(moves) % 2


@functools.cache
def negamax(cols: tuple[tuple[int, ...], ...], player: int, height: int) -> int:
    """Exact score for ``player`` to move, in the benchmark convention."""
    width = len(cols)
    n = sum(len(c) for c in cols)
    legal = [c for c in range(width) if len(cols[c]) < height]
    if not legal:
        return 0
    best = -width * height
    for c in legal:
        if wins(cols, c, player, height):
            return (width * height + 1 - n) // 2
    for c in legal:
        child = cols[:c] + (cols[c] + (player,),) + cols[c + 1 :]
        best = max(best, -negamax(child, 3 - player, height))
    return best


@st.composite
def random_games(
    draw: st.DrawFn, width: int, height: int, min_stones: int, max_empty: int = 99
) -> str:
    """A random unfinished game of at least ``min_stones`` moves leaving at
    most ``max_empty`` empty cells, as digits (moves that would win are
    skipped, so the game goes on as long as it can)."""
    least = max(min_stones, width * height - max_empty)
    # skipped moves: draw about twice as many choices as stones wanted
    choices = draw(
        st.lists(
            st.integers(0, width - 1),
            min_size=min(2 * least, 3 * width * height),
            max_size=3 * width * height,
        )
    )
    cols: tuple[tuple[int, ...], ...] = ((),) * width
    moves = ""
    for c in choices:
        player = 1 + len(moves) % 2
        if len(cols[c]) == height or wins(cols, c, player, height):
            continue
        cols = cols[:c] + (cols[c] + (player,),) + cols[c + 1 :]
        moves += str(c + 1)
    assume(len(moves) >= least)
    return moves[: draw(st.integers(least, len(moves)))]


# --- benchmark sets ---------------------------------------------------------


def test_end_easy_whole_set() -> None:
    pairs = load("L3_R1")
    scores, nodes = c4.solve_batch([c4.parse_moves(m) for m, _ in pairs])
    assert scores.tolist() == [s for _, s in pairs]
    assert nodes.dtype == np.int64 and (nodes >= 0).all()


@pytest.mark.parametrize(
    ("set_id", "count"),
    [("L2_R1", 200), ("L2_R2", 100), ("L1_R1", 200), ("L1_R2", 25)],
)
def test_benchmark_sample(set_id: str, count: int) -> None:
    pairs = sample(set_id, count)
    scores, _ = c4.solve_batch([c4.parse_moves(m) for m, _ in pairs])
    assert scores.tolist() == [s for _, s in pairs]


@pytest.mark.parametrize(
    ("set_id", "count"),
    [("L3_R1", 100), ("L2_R1", 50), ("L2_R2", 10), ("L1_R1", 20), ("L1_R2", 3)],
)
def test_exact_with_a_table_that_overflows(set_id: str, count: int) -> None:
    """A 1024-entry table shared by the whole sample replaces entries all the time, so a
    field of an entry read or merged wrongly (or a stale one trusted) shows as a score."""
    pairs = sample(set_id, count)
    tt = c4.TranspositionTable(0.001)
    scores, _ = c4.solve_batch([c4.parse_moves(m) for m, _ in pairs], tt=tt)
    assert tt.log_size == 10
    assert scores.tolist() == [s for _, s in pairs]


@pytest.mark.parametrize("cpu", [False, True])
def test_solve_timed(cpu: bool) -> None:
    pairs = sample("L2_R1", 20)
    scores, nodes, seconds = c4.solve_timed([c4.parse_moves(m) for m, _ in pairs], cpu=cpu)
    assert scores.tolist() == [s for _, s in pairs]
    assert (nodes > 0).all() and (seconds >= 0).all() and seconds.sum() > 0


@pytest.mark.parametrize(("moves", "score"), [("573154743", 2), ("3246313", -2)])
def test_begin_hard_quick_ones(moves: str, score: int) -> None:
    assert c4.solve_moves(moves)[0] == score


@pytest.mark.parametrize("set_id", ["L3_R1", "L2_R1", "L1_R1"])
def test_weak_mode_gives_the_sign(set_id: str) -> None:
    pairs = sample(set_id, 60)
    scores, _ = c4.solve_batch([c4.parse_moves(m) for m, _ in pairs], weak=True)
    assert scores.tolist() == [sign(s) for _, s in pairs]


def test_weak_mode_searches_less() -> None:
    pairs = sample("L1_R1", 20)
    positions = [c4.parse_moves(m) for m, _ in pairs]
    assert c4.solve_batch(positions, weak=True)[1].sum() < c4.solve_batch(positions)[1].sum()


# --- analysis ---------------------------------------------------------------


def analysis_cases() -> list[str]:
    """End-Easy positions with full columns, with and without an immediate
    win, and a few middle-game ones."""
    full, winning = [], []
    for moves, _ in load("L3_R1"):
        cols, player = play(moves, 7, 6)
        if any(wins(cols, c, player, 6) for c in range(7) if len(cols[c]) < 6):
            winning.append(moves)
        elif any(len(c) == 6 for c in cols):
            full.append(moves)
    return full[:3] + winning[:3] + [m for m, _ in sample("L2_R1", 4)]


@pytest.mark.parametrize("moves", analysis_cases())
def test_analyze_matches_each_child(moves: str) -> None:
    width, height = 7, 6
    got = c4.analyze(*c4.parse_moves(moves))
    cols, player = play(moves, width, height)
    want: list[int | None] = []
    for c in range(width):
        if len(cols[c]) == height:
            want.append(None)
        elif wins(cols, c, player, height):
            want.append((width * height + 1 - len(moves)) // 2)
        else:
            want.append(-c4.solve_moves(moves + str(c + 1))[0])
    assert got == want
    assert max(s for s in got if s is not None) == c4.solve_moves(moves)[0]


def test_analyze_weak_and_with_a_table() -> None:
    current, mask = c4.parse_moves(sample("L2_R2", 1)[0][0])
    strong = c4.analyze(current, mask)
    tt = c4.TranspositionTable(1)
    assert c4.analyze(current, mask, tt=tt) == strong
    assert c4.analyze(current, mask, weak=True) == [None if s is None else sign(s) for s in strong]


# --- small boards against the plain negamax ---------------------------------


@settings(max_examples=100, deadline=None)
@given(random_games(4, 4, 2))
def test_4x4_matches_plain_negamax(moves: str) -> None:
    cols, player = play(moves, 4, 4)
    assert c4.solve_moves(moves, 4, 4)[0] == negamax(cols, player, 4)


@settings(max_examples=100, deadline=None)
@given(random_games(5, 4, 7))
def test_5x4_matches_plain_negamax(moves: str) -> None:
    cols, player = play(moves, 5, 4)
    expected = negamax(cols, player, 4)
    assert c4.solve_moves(moves, 5, 4)[0] == expected
    assert c4.solve_moves(moves, 5, 4, weak=True)[0] == sign(expected)


@pytest.mark.parametrize(("width", "height"), [(8, 7), (7, 8), (6, 5), (5, 5)])
def test_other_boards_near_the_end(width: int, height: int) -> None:
    """Boards up to the 64-bit limit (8x7 uses bit 63 in its keys) against the
    plain negamax, from positions with at most 11 empty cells."""

    @settings(max_examples=25, deadline=None)
    @given(random_games(width, height, 0, max_empty=11))
    def check(moves: str) -> None:
        cols, player = play(moves, width, height)
        assert c4.solve_moves(moves, width, height)[0] == negamax(cols, player, height)

    check()


def test_small_empty_boards() -> None:
    # 4x4 and 5x4 are draws; checked against the plain negamax for 4x4
    assert c4.solve(0, 0, 4, 4)[0] == negamax(((),) * 4, 1, 4) == 0
    assert c4.solve(0, 0, 5, 4)[0] == 0


def test_full_board_numpy_ints_and_empty_batch() -> None:
    moves = "1234" * 2 + "2143" * 2  # fills 4x4 with no four in a row
    cols, player = play(moves, 4, 4)
    assert negamax(cols, player, 4) == 0
    current, mask = c4.parse_moves(moves, 4, 4)
    assert c4.solve(current, mask, 4, 4) == (0, 0)
    assert c4.analyze(np.int64(current), np.int64(mask), 4, 4) == [None] * 4
    scores, nodes = c4.solve_batch([], 4, 4)
    assert scores.shape == nodes.shape == (0,)


def test_shared_table_gives_the_same_scores() -> None:
    pairs = sample("L2_R2", 10)
    positions = [c4.parse_moves(m) for m, _ in pairs]
    tt = c4.TranspositionTable(4)
    shared, _ = c4.solve_batch(positions, tt=tt)
    again, _ = c4.solve_batch(positions, tt=tt)
    assert shared.tolist() == again.tolist() == [s for _, s in pairs]
    tt.reset()
    assert c4.solve_batch(positions, tt=tt)[0].tolist() == shared.tolist()


@pytest.mark.parametrize("workers", [2, 3])
def test_threads_give_each_position_its_own_score_in_order(workers: int) -> None:
    pairs = sample("L2_R1", 50) + sample("L1_R1", 25) + sample("L3_R1", 7)
    positions = [c4.parse_moves(m) for m, _ in pairs]
    scores, nodes = c4.solve_batch(positions, workers=workers)
    alone, alone_nodes = c4.solve_batch(positions)
    assert scores.tolist() == [s for _, s in pairs]
    # a fresh table per position: each thread counts the nodes one thread would
    assert nodes.tolist() == alone_nodes.tolist()
    tt = c4.TranspositionTable(4)
    assert c4.solve_batch(positions, tt=tt, workers=workers)[0].tolist() == scores.tolist()


@pytest.mark.parametrize("workers", [1, 2])
def test_a_solver_object_solves_each_position_fresh_in_tables_of_its_size(workers: int) -> None:
    pairs = sample("L2_R1", 20) + sample("L3_R1", 5)
    positions = [c4.parse_moves(m) for m, _ in pairs]
    solver = c4.Solver(c4.TranspositionTable(1), workers)
    solver.prepare()
    scores, nodes = solver.solve_batch(positions)
    assert scores.tolist() == [s for _, s in pairs]
    # a fresh table per position, however many threads: the same nodes every time
    assert nodes.tolist() == solver.solve_batch(positions)[1].tolist()
    assert solver.table.megabytes == 1


def test_table_follows_board_changes() -> None:
    tt = c4.TranspositionTable(1)
    assert c4.solve_moves("223344", 5, 4, tt=tt)[0] == c4.solve_moves("223344", 5, 4)[0]
    moves, score = sample("L2_R1", 1)[0]
    assert c4.solve_moves(moves, tt=tt)[0] == score
    assert tt.megabytes == 1


# --- errors -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ("448", "column 8 is out of range 1..7 at move 3 of '448'"),
        ("40", "column 0 is out of range 1..7 at move 2 of '40'"),
        ("4x", "'x' is not a column digit at move 2 of '4x'"),
        ("1111111", "column 1 is full at move 7 of '1111111'"),
        ("12121211", "the game is already won before move 8 of '12121211'"),
    ],
)
def test_parse_errors(moves: str, message: str) -> None:
    with pytest.raises(ValueError) as info:
        c4.parse_moves(moves)
    assert str(info.value) == message


def test_parse_layout() -> None:
    # column 4 (bits 3 * 7 and up) twice: the mover owns the bottom stone
    assert c4.parse_moves("44") == (1 << 21, (1 << 21) | (1 << 22))
    assert c4.parse_moves("1", 4, 4) == (0, 1)


@pytest.mark.parametrize(
    ("current", "mask", "message"),
    [
        (0, 1 << 6, "not a 7x6 position"),  # a sentinel bit
        (2, 1, "not a 7x6 position"),  # a stone of the mover outside the mask
        (0, 2, "floating stones"),
        (1, 1, "wrong number of stones"),
        (*c4.parse_moves("1212121"), "already won"),
        (0, -1, "not a 7x6 position"),
        (0, 1 << 70, "not a 7x6 position"),
    ],
)
def test_position_errors(current: int, mask: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        c4.solve(current, mask)
    # a batch past PYTHON_CHECKS goes through the compiled check: the same precise error
    good = [c4.parse_moves("4")] * c4.PYTHON_CHECKS
    with pytest.raises(ValueError, match=message):
        c4.solve_batch([*good, (current, mask)])


def test_board_and_table_errors() -> None:
    with pytest.raises(ValueError, match="board 8x8 is not supported"):
        c4.parse_moves("1", 8, 8)
    with pytest.raises(ValueError, match="cannot name the columns"):
        c4.parse_moves("1", 10, 4)
    with pytest.raises(ValueError, match="must be positive"):
        c4.TranspositionTable(0)


def _compile_slowly(kernels: object = None) -> None:
    """A real compile (of a function new to the process) that lasts a second."""

    @numba.njit
    def fresh(x: int) -> int:
        return x + 1

    assert fresh(1) == 2
    time.sleep(1.0)


def test_compiling_the_solver_is_told_only_when_it_is_slow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from zerosum import notices

    c4.ensure_compiled()
    said: list[str] = []
    before = notices.listen(said.append)
    try:
        assert c4.ensure_compiled() == 0.0  # compiled: silent
        assert said == []
        # as if this process had not compiled it, and compiling took a second
        monkeypatch.setattr(c4, "is_compiled", lambda kernels: False)
        monkeypatch.setattr(c4, "_compile_entry_points", _compile_slowly)
        assert c4.ensure_compiled() >= 1.0
    finally:
        notices.listen(before)
    assert said[0] == "compiling the Connect Four solver, once..."
    assert said[1].startswith("compiling the Connect Four solver, once: done in ")


def test_loading_the_solver_starts_no_thread() -> None:
    # a process with threads starts its agent hosts from the fork server (slower)
    threads = threading.active_count()
    c4._compile_entry_points(c4.ENTRY_POINTS)
    assert c4.is_compiled() and threading.active_count() == threads


def test_compiled_and_doctests() -> None:
    c4.ensure_compiled()
    assert c4.is_compiled()
    assert c4.ensure_compiled() == 0.0
    assert doctest.testmod(c4).failed == 0
