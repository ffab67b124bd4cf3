"""Each entry's report card on a tournament's page: a class's folder of agent files run as
the class-tournament guide runs it, from the teacher's own folder."""

from __future__ import annotations

import re
import textwrap
from html import unescape
from pathlib import Path

import pytest

import zerosum as zs
from zerosum.cli import main
from zerosum.report.cards import REPLAY_PLIES, card_ids, cards_html, game_id, replayed

ENTRIES = {
    "ada.py": """
        def agent(game, state):
            return game.actions(state)[0]
    """,
    "bob.py": """
        def helper(state):
            raise ValueError("bob's bug")

        def agent(game, state):
            return helper(state)
    """,
    "cleo.py": """
        import random

        def agent(game, state):
            return random.choice(list(game.actions(state)))
    """,
}


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> str:
    """``zerosum tournament connect4 entries/ --html standings.html`` in a class's folder."""
    home = tmp_path_factory.mktemp("course")
    (home / "entries").mkdir()
    for name, text in ENTRIES.items():
        (home / "entries" / name).write_text(textwrap.dedent(text))
    before = Path.cwd()
    try:
        import os

        os.chdir(home)
        code = main(
            [
                "tournament",
                "connect4",
                "entries/",
                "-n",
                "2",
                "--move-time",
                "1",
                "--html",
                "standings.html",
                "--workers",
                "2",
            ]  # fmt: skip
        )
    finally:
        os.chdir(before)
    assert code == 0
    return (home / "standings.html").read_text()


def _card(page: str, name: str) -> str:
    start = page.index(f'<section class="card" id="entry-{name}">')
    return page[start : page.index("</section>", start)]


def test_the_standings_link_each_entry_to_its_card(page: str) -> None:
    for name in ("ada", "bob", "cleo"):
        assert f'<a href="#entry-{name}">{name}</a>' in page
        assert f'id="entry-{name}"' in page
    assert page.count('<section class="card"') == 3
    assert "<script" not in page


def test_a_card_has_the_rating_with_its_interval_and_the_time_per_move(page: str) -> None:
    text = unescape(re.sub(r"<[^>]+>", "", _card(page, "ada")))
    found = re.search(r"Elo ([+-]\d+), 95% interval \[([+-]\d+|-inf), ([+-]\d+|\+inf)\]", text)
    assert found, text
    assert re.search(r"rank [123] of 3", text)
    assert re.search(r"Time per move [\d.]+ ms on average over \d+ moves", text)
    assert "limit 1.5 s per move" in text  # --move-time 1 and its 0.5 s grace


def test_a_forfeit_shows_its_reason_and_the_traceback_of_the_entrys_own_file(page: str) -> None:
    card = unescape(_card(page, "bob"))
    assert "Forfeits (4)" in card  # bob raises on its first move of every game
    assert "raised an exception" in card and "ValueError: bob's bug" in card
    assert 'File "entries/bob.py", line 6, in agent' in card
    assert 'File "entries/bob.py", line 3, in helper' in card
    assert 'raise ValueError("bob\'s bug")' in card
    assert "zerosum" not in card.split("Traceback", 1)[1].split("</pre>")[0]  # its own only
    assert "Forfeits</b> none" in _card(page, "ada")


def test_every_game_of_a_card_links_to_its_replay(page: str) -> None:
    card = _card(page, "cleo")
    links = re.findall(r'<td><a href="#(game-\d+)">game \d+</a></td>', card)
    assert len(links) == 4  # two games against each of the two others
    for anchor in links:
        section = page[page.index(f'<section id="{anchor}">') :]
        section = section[: section.index("</section>")]
        assert 'class="replay"' in section and "Moves: <code>" in section


def test_cards_of_a_tournament_in_python() -> None:
    from arena_agents import Raiser

    result = zs.tournament("tictactoe", {"mm": "minimax:depth=2", "bug": Raiser()}, 2)
    html = unescape(cards_html(result))
    assert html.count('class="card"') == 2
    assert "bug in my agent" in html
    assert 'File "' in html and "arena_agents.py" in html  # a file outside zerosum: "own"
    for number in range(len(result.games)):
        assert f'id="{game_id(number)}"' in html


def test_card_ids_are_anchors_and_distinct() -> None:
    ids = card_ids(("alphabeta:depth=2", "alphabeta-depth-2", "ada"))
    assert ids["alphabeta:depth=2"] == "entry-alphabeta-depth-2"
    assert len(set(ids.values())) == 3
    assert all(re.fullmatch(r"[A-Za-z0-9_-]+", i) for i in ids.values())


def test_boards_stop_at_the_page_budget_forfeits_first(monkeypatch: pytest.MonkeyPatch) -> None:
    from arena_agents import Raiser

    result = zs.tournament("tictactoe", {"r": "random", "d": "dummy", "bug": Raiser()}, 2)
    assert len(replayed(result)) == len(result.games) == 6
    full = cards_html(result)
    assert full.count('class="replay"') == 6 and "show their moves" not in full
    forfeited = {n for n, g in enumerate(result.games) if g.record.reason.forfeit}
    assert len(forfeited) == 4
    cost = sum(result.games[n].record.plies + 1 for n in forfeited)  # 1 or 2 positions each
    monkeypatch.setattr("zerosum.report.cards.REPLAY_PLIES", cost)
    assert replayed(result) == forfeited  # bug's games, before the longer ones in order
    cut = cards_html(result)
    assert cut.count('class="replay"') == 4 and "show their moves" in cut
    monkeypatch.setattr("zerosum.report.cards.REPLAY_PLIES", 0)
    assert cards_html(result).count('class="replay"') == 0
    assert REPLAY_PLIES >= 10_000
