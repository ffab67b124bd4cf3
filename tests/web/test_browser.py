"""The page in a real headless Chromium (the system's), played by clicks.

The browser is ``chromium`` on the PATH or ``ZEROSUM_CHROMIUM``; without one these tests
skip, unless ``ZEROSUM_REQUIRE_BROWSER=1`` (set by CI) makes that a failure. Screenshots
go to ``test-artifacts/``.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import zerosum as zs

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _unavailable(why: str) -> None:
    if os.environ.get("ZEROSUM_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{why} (ZEROSUM_REQUIRE_BROWSER=1 makes the browser tests required)")
    pytest.skip(why)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = os.environ.get("ZEROSUM_CHROMIUM") or shutil.which("chromium")
    if not path or not os.path.exists(path):
        _unavailable("no Chromium: install the 'chromium' package or set ZEROSUM_CHROMIUM")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -e '.[dev]')")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=path, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[[str], Any]]:
    contexts = []

    def open_at(url: str) -> Any:
        context = browser.new_context(viewport={"width": 900, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(url)
        page.wait_for_selector("#preset option", state="attached")
        return page

    yield open_at
    for context in contexts:
        context.close()


@pytest.fixture
def page(open_page: Callable[[str], Any], base: str) -> Any:
    return open_page(base)


def moves_text(page: Any) -> str:
    return str(page.text_content("#moves") or "")


def settle(page: Any, before: str) -> None:
    """Wait until the moves shown differ from ``before`` and nobody is thinking."""
    page.wait_for_function(
        """before => !document.getElementById('status').classList.contains('thinking')
                     && document.getElementById('moves').textContent !== before""",
        arg=before,
    )


def start(page: Any, game: str, opponent: str, human: int = 1, **params: int) -> None:
    page.select_option("#game", game)
    for name, value in params.items():
        page.fill(f'#params input[data-param="{name}"]', str(value))
    page.fill("#opponent", opponent)
    preset = page.eval_on_selector("#preset", "e => e.value")
    known = [o.get_attribute("value") for o in page.query_selector_all("#preset option")]
    assert preset == (opponent if opponent in known else "")  # the list follows the spec
    page.check(f'input[name=human][value="{human}"]')
    page.click("#new-game")
    page.wait_for_selector("#board svg")
    page.wait_for_function("!document.getElementById('status').classList.contains('thinking')")


def click_move(page: Any, action: str) -> None:
    before = moves_text(page)
    page.click(f'#board [data-action="{action}"]')
    settle(page, before)


def status(page: Any) -> str:
    return str(page.text_content("#status") or "")


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"web-{name}.png"), full_page=True)


def test_tic_tac_toe_against_a_perfect_player_is_never_won(page: Any) -> None:
    # minimax is perfect at tic-tac-toe; the solver takes over once it is registered
    opponent = "perfect" if "perfect" in zs.agents.AGENTS else "minimax"
    start(page, "tictactoe", opponent)
    preference = ["0", "1", "2", "3", "4", "5", "6", "7", "8"]
    while not status(page).startswith("Game over"):
        assert status(page).startswith("Your move"), status(page)
        legal = [g.get_attribute("data-action") for g in page.query_selector_all("[data-action]")]
        click_move(page, next(a for a in preference if a in legal))
        assert page.query_selector("#board .zs-last") is not None
    assert status(page) in ("Game over: Draw.", "Game over: The computer wins.")
    assert "The computer played" in (page.text_content("#search") or "")
    shot(page, "tictactoe-end")


def test_connect_four_played_by_clicks_until_someone_wins(page: Any) -> None:
    start(page, "connect4", "dummy", width=7, height=6)
    for _ in range(4):  # dummy answers in the centre column; column 1 fills with ours
        click_move(page, "1")
    assert status(page) == "Game over: You win!"
    assert page.query_selector("#board .zs-win") is not None
    assert page.query_selector("#board [data-action]") is None
    assert moves_text(page) == "Moves: 1 4 1 4 1 4 1"
    shot(page, "connect4-win")


def test_playing_second_the_computer_opens(page: Any) -> None:
    start(page, "connect4", "dummy", human=2)
    assert moves_text(page) == "Moves: 4"
    assert status(page) == "Your move (you are player 2, gold)."
    click_move(page, "4")
    assert moves_text(page) == "Moves: 4 4 4"


def test_an_illegal_click_changes_nothing(page: Any) -> None:
    start(page, "tictactoe", "dummy")
    click_move(page, "4")  # dummy answers 0
    board, moves = page.inner_html("#board"), moves_text(page)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    box = page.query_selector("#board svg").bounding_box()
    for col, row in ((1, 1), (0, 0)):  # our X in the centre, the computer's O in the corner
        page.mouse.click(box["x"] + 45 + 90 * col, box["y"] + 45 + 90 * row)
    page.wait_for_timeout(300)
    assert requests == [] and page.inner_html("#board") == board and moves_text(page) == moves
    assert status(page).startswith("Your move")


def test_undo_takes_back_the_move_and_the_answer(page: Any) -> None:
    start(page, "tictactoe", "minimax")
    assert page.is_disabled("#undo")
    click_move(page, "4")
    assert len(page.query_selector_all("#board [data-action]")) == 7
    shot(page, "undo-before")
    before = moves_text(page)
    page.click("#undo")
    settle(page, before)
    assert moves_text(page) == "" and page.is_disabled("#undo")
    assert len(page.query_selector_all("#board [data-action]")) == 9
    assert status(page).startswith("Your move")


def test_a_migration_stone_moves_on_one_click_and_shows_its_target_on_hover(page: Any) -> None:
    start(page, "migration", "dummy", n=5)
    stone = '#board [data-action="1,0>1,1"]'
    hint = f"{stone} .zs-hint"
    assert page.eval_on_selector(hint, "e => getComputedStyle(e).opacity") == "0"
    page.hover(stone)
    assert float(page.eval_on_selector(hint, "e => getComputedStyle(e).opacity")) > 0.5
    shot(page, "migration-hover")
    click_move(page, "1,0>1,1")
    after = moves_text(page)
    assert after.startswith("Moves: 1,0>1,1 ")
    # a click on the destination right after the stone completes the same move: no new move
    box = page.query_selector("#board svg").bounding_box()
    cell, margin = 56, 20  # the drawing's cell size at n=5, and its margin for the labels
    page.mouse.click(box["x"] + margin + cell * 1.5, box["y"] + margin + cell * 1.5)
    page.wait_for_timeout(300)
    assert moves_text(page) == after


def test_pick_is_played_by_clicking_a_number(page: Any) -> None:
    start(page, "pick", "dummy", n=3)
    click_move(page, "5")
    assert moves_text(page) == "Moves: 5 1"
    assert page.query_selector('#board [data-action="5"]') is None
    shot(page, "pick")


def test_the_page_shows_the_computer_thinking_and_the_time_cap(
    open_page: Callable[[str], Any], serve: Callable[..., Any]
) -> None:
    with serve(move_seconds=1.0) as url:
        page = open_page(url)
        start(page, "connect4", "minimax")
        before = moves_text(page)
        page.click('#board [data-action="4"]')
        page.wait_for_selector("#status.thinking")
        assert status(page) == "minimax is thinking…"
        assert page.query_selector("#board .zs-last") is not None  # our disc is already shown
        shot(page, "thinking")
        settle(page, before)
        assert "did not answer within the 1 s cap" in (page.text_content("#search") or "")
        shot(page, "capped")


def test_a_bad_spec_is_reported_on_the_page(page: Any) -> None:
    page.select_option("#preset", "dummy")
    assert page.input_value("#opponent") == "dummy"  # a preset fills in its spec
    page.fill("#opponent", "minimax:depth=zero")
    page.click("#new-game")
    page.wait_for_function("document.getElementById('error').textContent !== ''")
    assert "bad value 'zero' for depth" in (page.text_content("#error") or "")


def test_per_move_values_of_a_search_are_shown_as_a_table(page: Any) -> None:
    search = {
        "action": "4",
        "seconds": 0.01,
        "note": "",
        "value": 0,
        "depth": 9,
        "nodes": 5478,
        "search_seconds": 0.01,
        "pv": ["4", "0"],
        "extra": {"values": {"0": -1, "4": 0, "8": -1}, "best": ["4"]},
    }
    page.evaluate("search => searchSummary(search)", search)
    text = page.text_content("#search") or ""
    assert "value 0 (for the computer) · depth 9 · 5,478 nodes · line 4 0" in text
    rows = page.eval_on_selector_all(
        "#search tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent).join(' '))"
    )
    assert rows == ["move values", "4 0", "0 -1", "8 -1"]  # best first
    assert "best: 4" in text


def test_a_game_without_a_drawing_is_shown_as_text_and_move_buttons(page: Any) -> None:
    start(page, "tictactoe", "dummy")
    game_id = page.evaluate("view.id")
    page.evaluate(  # what the server sends for a registered game that has no to_svg
        """() => {
            const moves = [{player: 2, by: "agent", action: "c"}];
            view = {...view, svg: null, text: "a board as text", legal: ["a", "b"], moves};
            render();
        }"""
    )
    assert page.text_content("#board pre") == "a board as text"
    buttons = page.query_selector_all("#board button[data-action]")
    assert [b.text_content() for b in buttons] == ["a", "b"]
    before = moves_text(page)
    page.click('#board button[data-action="a"]')  # sent as a move: the server checks it
    page.wait_for_function("document.getElementById('error').textContent !== ''")
    assert "player 1 cannot play a" in (page.text_content("#error") or "")
    assert page.evaluate("view.id") == game_id and moves_text(page) == before
