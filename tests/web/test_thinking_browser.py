"""The page's first computer move on a machine that has compiled nothing yet, in a real
headless Chromium: the page says the move was searched in Python while the compiled
search is prepared. The screenshot goes to ``test-artifacts/``."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from zerosum.hosting.standin import NOTE

# One pytest-xdist worker runs this module, so that its cold server compiles once:
# its module-scoped fixture is not set up again on another worker.
pytestmark = pytest.mark.xdist_group("web/test_thinking_browser")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def test_the_first_move_says_it_was_searched_in_python(browser: Any, cold_base: str) -> None:
    context = browser.new_context(viewport={"width": 900, "height": 900})
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(cold_base)
        page.wait_for_function("ready")  # the computer players started
        # the page's default: Connect Four against alpha-beta, the person first
        assert page.input_value("#game") == "connect4"
        assert page.input_value("#opponent") == "alphabeta:depth=4"
        page.click('#board [data-action="4"]')
        page.wait_for_function("view && view.moves.length === 2 && !busy")
        assert page.text_content("#search .note") == NOTE
        assert "The computer played" in (page.text_content("#search .played") or "")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "web-first-move-in-python.png"), full_page=True)
    finally:
        context.close()


def pick_against_mcts(page: Any, base: str) -> str:
    """The page at ``base`` set for Pick against "MCTS, 1 s"; a first move to click."""
    page.goto(base)
    page.wait_for_function("ready")
    page.select_option("#game", "pick")
    page.wait_for_function("document.getElementById('setup').dataset.checked === gameSpec()")
    page.select_option("#preset", "mcts:time_limit=1")
    return str(page.get_attribute("#board [data-action]", "data-action"))


def status_once_it_says(page: Any, words: str) -> str:
    """The status line as it reads once it holds ``words``, read in the page as it shows
    (the computer's reply may replace it at once)."""
    return str(
        page.wait_for_function(
            "words => { const said = document.getElementById('status').textContent;"
            " return said.includes(words) && said; }",
            arg=words,
        ).json_value()
    )


@pytest.mark.alone
def test_a_first_reply_on_a_fresh_server_shows_the_real_wait(browser: Any, cold_base: str) -> None:
    """Pick against "MCTS, 1 s" on a server with nothing compiled: its stand-in answers
    within its second and a little, and the time beside the move is the person's wait, as
    the page measured it (compiling included, were there any), not the search's own."""
    context = browser.new_context(viewport={"width": 900, "height": 900})
    try:
        page = context.new_page()
        page.set_default_timeout(120_000)
        move = pick_against_mcts(page, cold_base)
        began = time.monotonic()
        page.click(f'#board [data-action="{move}"]')
        said = status_once_it_says(page, "so far")
        assert said.startswith("The computer (MCTS, 1 s) is thinking"), said
        page.wait_for_function("view && view.moves.length === 2 && !busy")
        waited = time.monotonic() - began
        played = page.text_content("#search .played") or ""
        shown = re.search(r"\(([0-9.]+) s\)", played)
        assert shown is not None, played
        assert waited - 0.5 <= float(shown.group(1)) <= waited + 0.1, (played, waited)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "web-first-reply-waited.png"), full_page=True)
    finally:
        context.close()


def test_while_the_computer_prepares_its_search_the_page_says_so(
    browser: Any, cold_base: str
) -> None:
    """When the server says the move under way is preparing the agent's compiled search
    (an agent with no Python stand-in, the first time on a machine), the status says so
    in plain words with the seconds waited. The server's answer is given here: every
    opponent the page offers now has a stand-in that answers at once."""
    context = browser.new_context(viewport={"width": 900, "height": 900})
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.route(
            "**/api/games/*/thinking",
            lambda route: route.fulfill(json={"phase": "preparing", "seconds": 2.0}),
        )
        # the reply held back 2.5 s in the page, so the status's once-a-second word comes first
        page.add_init_script(
            "const send = window.fetch; window.fetch = (url, options) =>"
            " String(url).endsWith('/reply')"
            " ? new Promise((done) => setTimeout(done, 2500)).then(() => send(url, options))"
            " : send(url, options);"
        )
        move = pick_against_mcts(page, cold_base)
        page.click(f'#board [data-action="{move}"]')
        said = status_once_it_says(page, "preparing its fast search")
        assert said.startswith("The computer (MCTS, 1 s) is preparing its fast search, once")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "web-first-reply-preparing.png"), full_page=True)
        page.wait_for_function("view && view.moves.length === 2 && !busy")
    finally:
        context.close()
