import io

from zerosum.arena.progress import make_progress
from zerosum.progress_line import duration, progress_line


def test_a_line_says_what_is_done_the_rate_and_the_time_left_at_it() -> None:
    line = progress_line("solved", 442_257, 4_200_899, 1000.0)  # 8,499 s left at 442/s
    assert line == (
        "solved 442,257/4,200,899 (10.5%) in 16 min 40 s, 442 a second: about 2 h 21 min left"
    )
    assert progress_line("solved", 30, 30, 2.4) == "solved 30/30 (100.0%) in 2 s"


def test_a_slow_rate_keeps_its_tenths_and_work_done_before_is_not_in_it() -> None:
    # 12 of 40 games, 4 of them from an earlier run: 8 games in 4 s, 28 left at 2 a second
    assert progress_line("games", 12, 40, 4.0, before=4) == (
        "games 12/40 (30.0%) in 4 s, 2.0 a second: about 14 s left"
    )
    assert progress_line("games", 4, 40, 3.0, before=4) == "games 4/40 (10.0%) in 3 s"
    assert progress_line("games", 0, 0, 0.0) == "games 0/0 (100.0%) in 0 s"


def test_durations_read_as_hours_minutes_or_seconds() -> None:
    assert [duration(s) for s in (0.4, 59.6, 61, 3599, 3600 + 5 * 60 + 29)] == [
        "0 s", "1 min 00 s", "1 min 01 s", "59 min 59 s", "1 h 05 min",
    ]  # fmt: skip


def test_a_log_gets_a_line_at_most_every_few_seconds_and_the_last_one() -> None:
    log = io.StringIO()
    progress = make_progress(True, 3, stream=log)  # not a terminal: plain lines
    for _ in range(3):
        progress.advance()
    progress.close()
    (line,) = log.getvalue().splitlines()  # within 2 s: only the last game's line
    assert line.startswith("games 3/3 (100.0%) in ")
