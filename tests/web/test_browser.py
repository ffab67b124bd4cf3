"""The page in a real headless Chromium (the system's), played by clicks.

The browser is ``chromium`` on the PATH or ``ZEROSUM_CHROMIUM``; without one these tests
skip, unless ``ZEROSUM_REQUIRE_BROWSER=1`` (set by CI) makes that a failure. Screenshots
go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import zerosum as zs

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


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
        page.wait_for_function("ready")  # the computer players loaded
        return page

    yield open_at
    for context in contexts:
        for page in context.pages:  # its game freed: the shared server caps games per client
            page.evaluate(
                "view && fetch('/api/games/' + view.id, {method: 'DELETE'}).catch(() => {})"
            )
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


def checked(page: Any) -> None:
    """Wait until the page has checked the game's settings with the server."""
    page.wait_for_function("document.getElementById('setup').dataset.checked === gameSpec()")


def type_opponent(page: Any, spec: str) -> None:
    """Type an opponent's spec, in the setup's Advanced part (opened if closed)."""
    if not page.is_visible("#opponent"):
        page.click("details.advanced summary")
    page.fill("#opponent", spec)


def new_game(page: Any) -> None:
    """Press New game and wait for the new game (the computer's opening move included)."""
    old = page.evaluate("view && view.id")
    page.click("#new-game")
    page.wait_for_function(
        "old => !busy && (view && view.id !== old || document.getElementById('error').innerText)",
        arg=old,
    )
    assert page.evaluate("view && view.id") != old, page.text_content("#error")


def start(page: Any, game: str, opponent: str, human: int = 1, **params: int) -> None:
    page.select_option("#game", game)
    for name, value in params.items():
        page.fill(f'#params input[data-param="{name}"]', str(value))
    checked(page)
    type_opponent(page, opponent)
    preset = page.eval_on_selector("#preset", "e => e.value")
    known = [o.get_attribute("value") for o in page.query_selector_all("#preset option")]
    assert preset == (opponent if opponent in known else "")  # the list follows the spec
    page.check(f'input[name=human][value="{human}"]')
    new_game(page)


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
    assert status(page) == "Your move (you are Yellow)."
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
        # "Playing…" while our move is sent, then the computer's turn
        said = "The computer (minimax, searching the whole game) is thinking…"
        page.wait_for_function(
            "said => document.getElementById('status').textContent === said", arg=said
        )
        assert page.query_selector("#status.thinking") is not None
        assert page.query_selector("#board .zs-last") is not None  # our disc is already shown
        shot(page, "thinking")
        settle(page, before)
        assert "did not answer within the 1 s cap" in (page.text_content("#search") or "")
        shot(page, "capped")


def test_a_bad_spec_is_reported_on_the_page(page: Any) -> None:
    page.select_option("#preset", "dummy")
    assert page.input_value("#opponent") == "dummy"  # a preset fills in its spec
    type_opponent(page, "minimax:depth=zero")
    page.click("#new-game")
    page.wait_for_function("document.getElementById('error').textContent !== ''")
    assert "bad value 'zero' for depth" in (page.text_content("#error") or "")


def test_the_raw_search_numbers_are_folded_in_details(page: Any) -> None:
    search = {
        "action": "4",
        "seconds": 0.01,
        "note": "",
        "value": 0.5,
        "depth": 9,
        "nodes": 5478,
        "search_seconds": 0.01,
        "pv": ["4", "0"],
        "extra": {"values": {"0": -1, "4": 0, "8": -1}, "best": ["4"], "ties": 2},
        "summary": {
            "verdict": "The computer thinks it is ahead.",
            "basis": "an estimate looking 9 moves ahead",
            "lean": 0.5,
            "moves": {},
        },
    }
    checked(page)  # the page's own check of its settings renders the board: not after this
    page.evaluate(
        "search => { document.getElementById('play').hidden = false; showSearch(search); }", search
    )
    assert page.is_visible("text=The computer thinks it is ahead.")
    details = page.text_content("#search details") or ""
    assert "value 0.5 (for the computer) · depth 9 · 5,478 nodes" in details
    assert "ties: 2" in details and not page.is_visible("text=ties: 2")  # folded away
    page.click("#search summary")
    rows = page.eval_on_selector_all(
        "#search tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent).join(' '))"
    )
    assert rows == ["move values", "4 0", "0 -1", "8 -1"]  # best first
    assert page.is_visible("text=ties: 2") and "best: 4" in details


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


# --- issue 14, item 4: the page as a first-time player finds it ---------------------------


def error_text(page: Any) -> str:
    page.wait_for_function("document.getElementById('error').textContent !== ''")
    return str(page.text_content("#error") or "")


def test_a_bad_size_is_reported_before_the_first_game(page: Any) -> None:
    page.select_option("#game", "connect4")
    page.fill('#params input[data-param="width"]', "100")  # reported as it is typed
    assert "width must be an integer from 1 to 16, not 100" in error_text(page)
    assert page.is_visible("#error") and page.is_hidden("#play")
    shot(page, "error-before-first-game")
    page.fill('#params input[data-param="width"]', "5")
    page.wait_for_function("document.getElementById('error').textContent === ''")
    page.fill('#params input[data-param="width"]', "100")
    page.click("#new-game")  # and again on "New game"
    assert "width must be" in error_text(page) and page.is_visible("#error")


def test_a_failed_new_game_during_a_game_keeps_the_game_in_play(page: Any) -> None:
    start(page, "tictactoe", "dummy")
    click_move(page, "4")
    game_id, moves = page.evaluate("view.id"), moves_text(page)
    type_opponent(page, "minimax:depth=zero")
    page.click("#new-game")
    assert "bad value 'zero' for depth" in error_text(page)
    page.wait_for_function("!busy")
    assert page.evaluate("view.id") == game_id and moves_text(page) == moves
    assert page.evaluate(f"fetch('/api/games/{game_id}').then(r => r.status)") == 200
    assert status(page).startswith("Your move")
    click_move(page, "8")  # the game goes on
    assert moves_text(page).startswith(moves)
    shot(page, "failed-new-game")


def test_the_perfect_player_says_it_wins_and_rates_its_moves_on_the_board(page: Any) -> None:
    start(page, "tictactoe", "perfect")
    click_move(page, "1")  # it answers 0; then 2 loses for us
    click_move(page, "2")
    verdict = page.text_content("#search .verdict") or ""
    assert verdict.startswith("The computer wins within 2 more of its moves, however you play.")
    labels = page.eval_on_selector_all(
        "#search .seen .zs-option",
        "gs => gs.map(g => g.textContent + (g.classList.contains('played') ? '*' : ''))",
    )
    # its options in the position it moved from (our 1 and 2, its 0 taken), 3 played
    assert sorted(labels) == sorted(
        ["win in 5*", "draw", "loss in 4", "win in 5", "draw", "loss in 4"]
    )
    text = page.inner_text("#search")
    assert "0.999" not in text and "SolveResult" not in text and "compiled" not in text
    shot(page, "perfect-verdict")


def test_an_estimate_is_said_in_words_with_the_raw_numbers_folded(page: Any) -> None:
    start(page, "connect4", "alphabeta:depth=4")
    click_move(page, "4")
    verdict = page.text_content("#search .verdict") or ""
    assert verdict.startswith("The computer thinks") and "moves ahead" in verdict
    assert page.is_hidden("#search details p") and "ties" not in page.inner_text("#search")
    shot(page, "alphabeta-verdict")


def test_mcts_move_values_are_written_under_the_columns(page: Any) -> None:
    start(page, "connect4", "mcts:iterations=400", width=5, height=4)
    click_move(page, "3")
    labels = page.eval_on_selector_all(
        "#search .seen .zs-option", "gs => gs.map(g => g.textContent)"
    )
    assert len(labels) == 5 and all(label[0] in "+-0wld" for label in labels), labels
    shot(page, "mcts-values")


def test_monte_carlo_values_are_written_on_the_pick_numbers(page: Any) -> None:
    start(page, "pick", "montecarlo:playouts=20", n=3)
    click_move(page, "5")
    labels = page.eval_on_selector_all(
        "#search .seen .zs-option", "gs => gs.map(g => g.textContent)"
    )
    assert len(labels) == 8 and all(label[0] in "+-" for label in labels), labels
    shot(page, "pick-values")


def test_tic_tac_toe_cells_are_numbered_as_in_the_move_list(page: Any) -> None:
    start(page, "tictactoe", "dummy")
    numbers = page.eval_on_selector_all("#board svg text", "ts => ts.map(t => t.textContent)")
    assert numbers == [str(cell) for cell in range(9)]
    click_move(page, "4")  # dummy answers 0: still numbered under the marks
    assert moves_text(page) == "Moves: 4 0"
    assert page.eval_on_selector_all("#board svg text", "ts => ts.length") == 9
    shot(page, "tictactoe-numbers")


def test_every_game_states_its_rules_in_one_line(page: Any) -> None:
    games = page.eval_on_selector_all("#game option", "os => os.map(o => o.value)")
    rules = {}
    for game in games:
        page.select_option("#game", game)
        page.wait_for_function("document.getElementById('rules').textContent !== ''")
        rules[game] = page.text_content("#rules") or ""
    assert "cannot move" in rules["migration"] and "forward" in rules["migration"]
    assert "three of yours in a row" in rules["tictactoe"]
    assert "4 of yours in a row" in rules["connect4"]
    assert "4 numbers that add up to 34" in rules["pick"]
    page.select_option("#game", "pick")
    page.fill('#params input[data-param="n"]', "3")  # the rule follows the size
    page.wait_for_function("document.getElementById('rules').textContent.includes('15')")


WIDER_THAN_SCREEN = """[...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > window.innerWidth)
    .map(e => e.tagName + '#' + e.id + '.' + e.getAttribute('class'))"""


@pytest.mark.parametrize(
    ("game", "opponent", "params", "move"),
    [
        ("connect4", "perfect", {"width": 5, "height": 4}, "3"),
        ("tictactoe", "perfect", {}, "4"),
        ("migration", "dummy", {"n": 8}, "1,0>1,1"),
        ("pick", "dummy", {"n": 4}, "5"),
        ("othello", "dummy", {"size": 8}, "d3"),  # its letters and numbers on the sides
    ],
)
def test_a_phone_screen_needs_no_sideways_scrolling(
    browser: Any, base: str, game: str, opponent: str, params: dict[str, int], move: str
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    try:
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.goto(base)
        page.wait_for_selector("#preset option", state="attached")
        start(page, game, opponent, **params)
        click_move(page, move)
        shot(page, f"phone-{game}")
        width = page.evaluate("document.documentElement.scrollWidth")
        wide = page.evaluate(WIDER_THAN_SCREEN)
        assert width <= 390, f"the page is {width} px wide on a 390 px screen: {wide}"
    finally:
        context.close()


def test_the_board_is_played_by_keyboard(page: Any) -> None:
    start(page, "connect4", "dummy", width=5, height=4)
    columns = page.query_selector_all("#board [data-action]")
    assert all(
        c.get_attribute("tabindex") == "0" and c.get_attribute("role") == "button" for c in columns
    )
    assert columns[0].get_attribute("aria-label") == "column 1"
    page.focus("#setup > button:last-of-type")
    page.keyboard.press("Tab")  # from the form to the first column
    assert page.evaluate("document.activeElement.dataset.action") == "1"
    page.keyboard.press("Tab")
    before = moves_text(page)
    page.keyboard.press("Enter")  # column 2
    settle(page, before)
    assert moves_text(page) == "Moves: 2 3"  # dummy answers in the centre
    assert page.evaluate("document.activeElement.dataset.action") == "2"  # still on the board
    before = moves_text(page)
    page.keyboard.press(" ")
    settle(page, before)
    assert moves_text(page).startswith("Moves: 2 3 2 ")
    shot(page, "keyboard")


def test_the_openspiel_entry_offers_the_games_it_can_load(page: Any) -> None:
    pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    page.select_option("#game", "openspiel")
    names = page.eval_on_selector_all(
        '#params select[data-param="name"] option', "os => os.map(o => o.value)"
    )
    assert "tic_tac_toe" in names and "connect_four" in names and "" not in names
    assert page.input_value('#params select[data-param="name"]') == "tic_tac_toe"
    page.select_option('#params select[data-param="name"]', "connect_four")
    page.wait_for_function("document.getElementById('rules').textContent.includes('Connect Four')")
    checked(page)
    type_opponent(page, "dummy")
    new_game(page)
    page.wait_for_selector("#board button[data-action]")  # no drawing: a button per move
    shot(page, "openspiel")


def test_the_page_has_a_favicon(page: Any, base: str) -> None:
    href = page.eval_on_selector("link[rel=icon]", "link => link.href")
    response = page.request.get(href)
    assert response.ok and response.headers["content-type"].startswith("image/svg+xml")


@pytest.mark.alone
def test_perfect_is_offered_only_where_it_answers_at_once(page: Any) -> None:
    def offers_perfect(yes: bool) -> None:
        has = "[...document.querySelectorAll('#preset option')].some(o => o.value === 'perfect')"
        page.wait_for_function(has if yes else f"!{has}")

    page.select_option("#game", "tictactoe")
    offers_perfect(True)
    page.select_option("#game", "connect4")  # 7x6: its first moves from the opening book
    offers_perfect(True)
    page.fill('#params input[data-param="width"]', "6")
    page.fill('#params input[data-param="height"]', "5")  # seconds to solve from the start
    offers_perfect(False)
    page.fill('#params input[data-param="width"]', "5")
    page.fill('#params input[data-param="height"]', "4")
    offers_perfect(True)
    page.select_option("#preset", "perfect")
    new_game(page)
    click_move(page, "3")
    seconds = page.evaluate("view.search.seconds")
    assert seconds < 1.0 and not page.evaluate("view.search.note")
    page.fill('#params input[data-param="width"]', "6")  # too big: back to the default
    page.fill('#params input[data-param="height"]', "5")
    page.wait_for_function("document.getElementById('preset').value.startsWith('alphabeta')")
    assert page.input_value("#opponent").startswith("alphabeta")


def test_perfect_answers_the_opening_of_standard_connect_four_from_the_book(
    open_page: Callable[[str], Any], serve: Callable[..., Any]
) -> None:
    with serve() as url:  # a server of its own: the shared one caps games per client
        page = open_page(url)
        start(page, "connect4", "perfect", width=7, height=6)
        for column in ("4", "4", "3"):  # three of our moves: its replies at plies 1, 3, 5
            click_move(page, column)
            # read from the book: no position searched (the time shown is the person's wait,
            # which loading the solver in a cold worker may stretch)
            assert page.evaluate("view.search.nodes") == 0
            assert not page.evaluate("view.search.note")  # proved, not a fallback search
        verdict = page.text_content("#search") or ""
        assert "win" in verdict or "draw" in verdict
        shot(page, "perfect-7x6-book")


def test_why_this_move_draws_the_tree_and_steps_through_alpha_beta(
    open_page: Callable[[str], Any], serve: Callable[..., Any]
) -> None:
    with serve() as url:  # a server of its own: the shared one caps games per client
        page = open_page(url)
        start(page, "tictactoe", "alphabeta:depth=4")
        assert page.is_hidden("#why")  # the computer has not moved yet
        click_move(page, "0")
        page.click("#why")
        page.wait_for_selector("#why-tree li.pv")
        assert "looked at" in (page.text_content("#why-summary") or "")
        pv = page.query_selector_all("#why-tree li.pv")
        assert len(pv) >= 2 and all(item.is_visible() for item in pv)  # the line it expects, open
        page.wait_for_selector("#why-board svg")  # the position it moved from
        shot(page, "why-tree")

        # a folded node opens on its toggle
        folded = "#why-tree li:not(.pv):has(> ul[hidden]) > .row .fold"
        item = page.query_selector(folded).evaluate_handle("e => e.closest('li')").as_element()
        item.query_selector(":scope > .row .fold").click()
        assert item.query_selector(":scope > ul").is_visible()

        # a pruned branch: shown greyed with its reason once its parent is open
        pruned = page.query_selector("#why-tree li.pruned")
        pruned.evaluate(
            "e => { for (let p = e.parentElement; p; p = p.parentElement) p.hidden = 0 }"
        )
        assert pruned.is_visible()
        said = pruned.text_content() or ""
        assert "pruned" in said and "already showed" in said and "pruned: pruned" not in said
        grey = pruned.evaluate("e => getComputedStyle(e.querySelector('.move')).color")
        assert grey == "rgb(153, 153, 153)"
        pruned.scroll_into_view_if_needed()
        pruned.hover()
        assert page.is_visible("#why-tip") and "pruned" in (page.text_content("#why-tip") or "")
        shot(page, "why-pruned")

        # hovering shows a node's window and value; clicking draws its position
        child = page.query_selector("#why-tree > ul > li > ul > li")
        child.query_selector(":scope > .row").hover()
        tip = page.text_content("#why-tip") or ""
        assert "window on entry [α" in tip and "value" in tip
        child.query_selector(":scope > .row .move").click()
        page.wait_for_function(
            "document.querySelector('#why-board figcaption').innerText > 'After'"
        )
        assert page.query_selector("#why-board svg [data-action]") is None  # a picture, no moves

        # the step-through: the root's window narrows as its children return
        def root_facts() -> str:
            return str(page.text_content("#why-tree > ul > li > .row .facts") or "")

        page.click("#why-next")
        first = page.text_content("#why-step") or ""
        assert first.startswith("Step 1 of") and "enter root" in first
        assert "[α −∞, β +∞]" in root_facts()
        assert page.query_selector("#why-tree li.current") is not None
        for _ in range(5):  # a few steps in: the nodes not reached yet are faded
            page.click("#why-next")
        assert page.query_selector("#why-tree li.unreached") is not None
        shot(page, "why-step-early")
        for _ in range(5):
            page.click("#why-prev")
        # then on until the root's window changes: the same button, pressed in the page
        # (one round trip for the 170 or so presses, not one each)
        windows = page.evaluate(
            """() => {
                const root = () => document.querySelector('#why-tree > ul > li > .row .facts');
                const next = document.getElementById('why-next');
                const seen = [root().textContent];
                while (seen.at(-1) === seen[0] && !next.disabled) {
                    next.click();
                    seen.push(root().textContent);
                }
                return seen;
            }"""
        )
        # MAX raised alpha when its first child returned
        assert windows[-1] != windows[0] and "α −∞" not in windows[-1]
        assert page.query_selector("#why-tree li.current").is_visible()
        shot(page, "why-step")
        page.click("#why-prev")
        assert root_facts() == windows[-2]
        assert f"Step {len(windows) - 1} of" in (page.text_content("#why-step") or "")


def test_why_this_move_draws_an_mcts_tree_by_visits_and_folds_away(
    open_page: Callable[[str], Any], serve: Callable[..., Any]
) -> None:
    with serve() as url:  # a server of its own: the shared one caps games per client
        page = open_page(url)
        start(page, "tictactoe", "mcts:time_limit=1")
        click_move(page, "4")
        page.click("#why")
        page.wait_for_selector("#why-tree li.pv")
        assert "visits, mean" in (page.text_content("#why-tree") or "")
        assert page.is_hidden("#why-steps")  # no step-through for a sampled tree
        shot(page, "why-mcts")
        page.click("#why")  # the button folds the tree away again
        assert page.is_hidden("#why-panel")
        page.click("#why")
        page.wait_for_selector("#why-panel", state="visible")
        before = moves_text(page)
        legal = [
            g.get_attribute("data-action") for g in page.query_selector_all("#board [data-action]")
        ]
        click_move(page, legal[0])
        assert before != moves_text(page) and page.is_hidden(
            "#why-panel"
        )  # a tree of one move only


# --- issue 39: "Why this move?" shows why ---------------------------------------------
# The tree holds every move the computer had and the one it played, its markers agree
# with the legend, the root's value is its best move's, an MCTS node says its mean over
# its visits, the button is offered only where it can answer, and an error is said
# beside it.

ROOT = "#why-tree > ul > li"
ROOT_MOVES = f"{ROOT} > ul > li"


def value_of(row: Any) -> str:
    """The value a tree row shows ("= 0.25"), as written."""
    found = re.search(r"= (\S+)", row.query_selector(":scope > .row .facts").text_content())
    assert found, row.text_content()
    return found.group(1)


def ask_why(page: Any) -> None:
    page.click("#why")
    page.wait_for_selector("#why-tree li.pv")


def test_the_tree_holds_every_move_the_played_one_and_agrees_with_its_legend(
    open_page: Callable[[str], Any], serve: Callable[..., Any]
) -> None:
    with serve() as url:
        page = open_page(url)
        start(page, "connect4", "alphabeta:depth=4", width=7, height=6)
        click_move(page, "4")
        ask_why(page)
        played = page.evaluate("view.moves[view.moves.length - 1].action")
        moves = page.query_selector_all(ROOT_MOVES)
        names = [m.query_selector(":scope > .row .move").text_content() for m in moves]
        assert sorted(names) == [str(column) for column in range(1, 8)]  # every move it had
        assert played in names  # the move it played, beside every other it had
        chosen = next(
            m for m in moves if m.query_selector(":scope > .row .move").text_content() == played
        )
        assert "pv" in (chosen.get_attribute("class") or "")
        # the root's value is its best move's, as written
        assert value_of(page.query_selector(ROOT)) == value_of(chosen)
        # markers say who moves at a node, as the legend does: the person after its moves
        legend = page.text_content("#why-panel .legend") or ""
        assert "▲ the computer to move here" in legend and "▼ you to move here" in legend
        root_mark = page.query_selector(f"{ROOT} > .row .max")
        assert root_mark is not None and root_mark.text_content() == "▲"
        for move in moves:
            mark = move.query_selector(":scope > .row .min")
            assert mark is not None and mark.get_attribute("title") in legend
        summary = page.text_content("#why-summary") or ""
        assert "the first" not in summary and "e+" not in summary
        assert "its alpha-beta search (depth 4) looked at" in summary  # words, not a spec
        assert "alphabeta:" not in summary and not re.search(r"\d\.\d{5}", summary)
        chosen.scroll_into_view_if_needed()
        shot(page, "why-c4-every-move")


def test_an_mcts_node_says_its_mean_over_its_visits(
    open_page: Callable[[str], Any], serve: Callable[..., Any]
) -> None:
    with serve() as url:
        page = open_page(url)
        start(page, "tictactoe", "mcts:iterations=300,seed=1")
        click_move(page, "4")
        ask_why(page)
        page.query_selector(f"{ROOT_MOVES} > .row").hover()
        tip = page.text_content("#why-tip") or ""
        assert "value ?" not in tip and re.search(r"mean -?[\d.]+ over [\d,]+ visits", tip), tip


def test_no_why_against_an_agent_that_cannot_show_its_search(
    open_page: Callable[[str], Any], serve: Callable[..., Any]
) -> None:
    with serve() as url:
        page = open_page(url)
        start(page, "tictactoe", "perfect")
        click_move(page, "4")
        assert page.evaluate("view.search !== null && view.explains === false")
        assert page.is_hidden("#why")
        shot(page, "why-none-against-perfect")


def test_a_tree_that_cannot_be_shown_is_said_beside_the_button(
    open_page: Callable[[str], Any], serve: Callable[..., Any]
) -> None:
    with serve() as url:
        page = open_page(url)
        start(page, "tictactoe", "alphabeta:depth=2")
        click_move(page, "4")
        said = "its search could not be shown within the 5 s cap"
        page.route(
            "**/why",
            lambda route: route.fulfill(
                status=503, content_type="application/json", body=f'{{"error": "{said}"}}'
            ),
        )
        page.click("#why")
        page.wait_for_function("document.getElementById('why-error').textContent !== ''")
        assert page.text_content("#why-error") == said
        assert (page.text_content("#error") or "") == ""  # not above the board
        button, error = page.query_selector("#why"), page.query_selector("#why-error")
        assert abs(button.bounding_box()["y"] - error.bounding_box()["y"]) < 30
        shot(page, "why-error-beside")


# --- issue 27: what a first-time player met on the page -----------------------------------

PHONE = {"width": 390, "height": 844}


def open_sized(browser: Any, url: str, viewport: dict[str, int]) -> tuple[Any, Any]:
    """A page at ``url`` in a context of its own at ``viewport`` (closed by the caller)."""
    context = browser.new_context(viewport=viewport, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(url)
    page.wait_for_selector("#preset option", state="attached")
    return context, page


def offered(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#preset option", "os => os.map(o => o.value)"))


def begin(page: Any, body: dict[str, Any]) -> None:
    """A game created through the API as the page creates it, and shown by the page."""
    page.evaluate(
        "async body => { generation += 1;"
        " view = await api('POST', '/api/games', body); render(); }",
        body,
    )


def test_minimax_is_offered_only_where_it_searches_the_whole_game(page: Any) -> None:
    for game, params, yes in [
        ("tictactoe", {}, True),
        ("connect4", {}, False),  # 7x6: it never finished within the cap
        ("othello", {}, False),
        ("migration", {}, False),
        ("pick", {}, False),
        ("pick", {"n": 3}, True),
    ]:
        page.select_option("#game", game)
        for name, value in params.items():
            page.fill(f'#params input[data-param="{name}"]', str(value))
        checked(page)
        assert ("minimax" in offered(page)) is yes, (game, params)
    assert "alphabeta:depth=4" in offered(page)


def test_the_page_says_it_is_getting_ready_and_holds_new_game_until_it_is(
    browser: Any, serve: Callable[..., Any]
) -> None:
    with serve() as url:
        context, page = open_sized(browser, url, {"width": 900, "height": 900})
        try:
            page.route(  # the server's answer while its agents load, held for the first look
                "**/api/ready",
                lambda route: route.fulfill(json={"ready": False, "started": 1, "hosts": 4}),
            )
            page.reload()
            page.wait_for_function("document.getElementById('warming').textContent !== ''")
            assert "Getting the computer players ready: 1 of 4" in page.text_content("#warming")
            assert page.is_disabled("#new-game")
            page.unroute("**/api/ready")  # the real answer: ready once every host started
            page.wait_for_function("ready")
            assert page.is_enabled("#new-game") and page.is_hidden("#warming")
            answer = page.evaluate("api('GET', '/api/ready')")
            assert answer["ready"] and answer["started"] == answer["hosts"] > 0
        finally:
            context.close()


def test_enter_in_a_setting_starts_no_game(page: Any) -> None:
    start(page, "connect4", "dummy", width=5, height=4)
    click_move(page, "3")
    game_id, moves = page.evaluate("view.id"), moves_text(page)
    page.focus('#params input[data-param="width"]')
    page.keyboard.press("Enter")
    page.wait_for_timeout(400)
    assert page.evaluate("view.id") == game_id and moves_text(page) == moves


def test_a_new_game_while_the_computer_thinks_drops_the_old_reply(
    open_page: Callable[[str], Any], serve: Callable[..., Any]
) -> None:
    with serve(move_seconds=1.0) as url:
        page = open_page(url)
        start(page, "connect4", "minimax:depth=9")  # thinks to the 1 s cap
        page.click('#board [data-action="4"]')
        page.wait_for_function("document.getElementById('status').textContent.includes('thinking')")
        page.select_option("#game", "tictactoe")
        checked(page)
        type_opponent(page, "dummy")
        new_game(page)
        assert page.evaluate("view.game") == "tictactoe"
        page.wait_for_timeout(2500)  # the old reply has come back meanwhile
        assert page.text_content("#error") == ""
        assert status(page) == "Your move (you are X)." and not page.evaluate("busy")
        assert page.is_disabled("#undo") and moves_text(page) == ""
        click_move(page, "4")
        assert page.is_enabled("#undo")


def test_the_sides_are_named_in_each_games_own_words(page: Any) -> None:
    start(page, "connect4", "dummy", width=5, height=4)
    assert status(page) == "Your move (you are Red)."
    labels = page.eval_on_selector_all(".side label", "ls => ls.map(l => l.textContent.trim())")
    assert labels == ["Red (first)", "Yellow (second)"]
    start(page, "othello", "dummy", size=4)
    assert status(page) == "Your move (you are Black)."
    start(page, "othello", "dummy", human=2, size=4)
    assert status(page) == "Your move (you are White)."
    shot(page, "othello-white")


def test_openspiel_chess_played_first_is_white_on_a_grid(page: Any) -> None:
    pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    page.select_option("#game", "openspiel")
    page.select_option('#params select[data-param="name"]', "chess")
    checked(page)
    labels = page.eval_on_selector_all(".side label", "ls => ls.map(l => l.textContent.trim())")
    assert labels == ["White (first)", "Black (second)"]
    page.check(".side label:first-child input")  # "You play: first"
    type_opponent(page, "dummy")
    new_game(page)
    assert page.evaluate("view.moves.length") == 0  # the computer did not open: we are White
    assert status(page) == "Your move (you are White)."
    board = page.text_content("#board pre") or ""
    assert board.splitlines()[0] == "8 r n b q k b n r" and "a b c d e f g h" in board
    assert "/" not in board  # no FEN line
    shot(page, "openspiel-chess")


def test_openspiel_go_is_played_by_typing_a_move(page: Any) -> None:
    pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    page.select_option("#game", "openspiel")
    page.select_option('#params select[data-param="name"]', "go")
    checked(page)
    type_opponent(page, "dummy")
    new_game(page)
    assert len(page.query_selector_all("#board button[data-action]")) == 0  # not 362 buttons
    assert "Legal moves: B a1, B b1, " in (page.text_content("#board .legal") or "")
    before = moves_text(page)
    page.fill("#board .typed input", "b d4")  # as OpenSpiel writes it, in any case
    page.click("#board .typed button")
    settle(page, before)
    assert moves_text(page).startswith("Moves: B d4 ")
    shot(page, "openspiel-go")


def test_othello_marks_its_moves_labels_its_board_and_says_a_forced_pass(page: Any) -> None:
    start(page, "othello", "dummy", size=4)
    assert sorted(page.eval_on_selector_all(
        "#board .zs-move:has(.zs-legal)", "gs => gs.map(g => g.dataset.action)"
    )) == ["a2", "b1", "c4", "d3"]  # fmt: skip
    coords = page.eval_on_selector_all("#board .zs-coord", "ts => ts.map(t => t.textContent)")
    assert {"a", "d", "1", "4"} <= set(coords)
    shot(page, "othello-start")
    # b1 c1 d3 a1 leave black (us) without a move: the status says to pass, a button does
    begin(page, {"game": "othello:size=4", "opponent": "dummy", "moves": ["b1", "c1", "d3", "a1"]})
    page.wait_for_function("view.legal.length === 1")
    assert status(page) == "You (Black) have no move: press Pass."
    assert page.is_visible('#board [data-action="pass"]')
    shot(page, "othello-pass")
    click_move(page, "pass")
    assert moves_text(page).startswith("Moves: b1 c1 d3 a1 pass ")


def test_othello_says_the_final_disc_count(page: Any) -> None:
    moves = ["d3", "d4", "a2", "a1", "c4", "d2", "d1", "b1", "c1", "a3", "a4"]
    begin(page, {"game": "othello:size=4", "opponent": "dummy", "moves": moves, "human": 2})
    click_move(page, "b4")
    assert status(page) == "Game over: You win! Black 4, White 12."


def test_a_second_click_on_the_stone_just_moved_moves_it_again(page: Any) -> None:
    start(page, "migration", "dummy", n=5)
    click_move(page, "1,0>1,1")
    after = moves_text(page)
    page.wait_for_timeout(700)  # past a double click: a click of its own
    stone = '#board [data-action="1,1>1,2"]'
    assert page.query_selector(stone) is not None
    click_move(page, "1,1>1,2")
    assert moves_text(page).startswith(after + " 1,1>1,2")


def test_verdicts_end_with_the_game_and_its_end_is_coloured_by_its_result(page: Any) -> None:
    start(page, "tictactoe", "perfect")
    for cell in ("1", "2", "7"):  # we lose
        if status(page).startswith("Game over"):
            break
        click_move(page, cell)
    assert status(page) == "Game over: The computer wins."
    assert page.query_selector("#search .verdict") is None and page.is_visible("#search .played")
    loss = page.eval_on_selector("#status", "e => getComputedStyle(e).color")
    shot(page, "game-over-loss")
    start(page, "connect4", "dummy", width=7, height=6)
    for _ in range(4):
        click_move(page, "1")
    assert status(page) == "Game over: You win!"
    win = page.eval_on_selector("#status", "e => getComputedStyle(e).color")
    assert loss == "rgb(176, 0, 32)" and win == "rgb(42, 157, 143)"


def test_connect_four_option_labels_stay_apart_and_on_the_board(
    open_page: Callable[[str], Any], serve: Callable[..., Any]
) -> None:
    with serve() as url:
        page = open_page(url)
        start(page, "connect4", "perfect", width=7, height=6)
        click_move(page, "1")
        page.wait_for_selector("#search .seen .zs-option")
        boxes = page.eval_on_selector_all(
            "#search .seen .zs-option rect",
            "rs => rs.map(r => { const b = r.getBoundingClientRect();"
            " return [b.left, b.top, b.right, b.bottom]; })",
        )
        frame = page.eval_on_selector(
            "#search .seen svg",
            "s => { const b = s.getBoundingClientRect();"
            " return [b.left, b.top, b.right, b.bottom]; }",
        )
        assert len(boxes) == 7
        for left, top, right, _ in boxes:
            assert frame[0] <= left and right <= frame[2] + 0.5 and top >= frame[1] - 0.5
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart, (a, b)
        page.query_selector("#search .seen").screenshot(
            path=str(ARTIFACTS / "web-connect4-options.png")
        )


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_board_shows_at_once_and_a_click_on_it_begins(
    browser: Any, base: str, screen: str
) -> None:
    viewport = PHONE if screen == "phone" else {"width": 900, "height": 900}
    context, page = open_sized(browser, base, viewport)
    try:
        assert page.evaluate("view") is None
        page.wait_for_selector("#board svg [data-action]")  # the default game's start
        page.wait_for_function("ready")
        assert status(page).startswith("Click the board to begin: you play")
        shot(page, f"page-load-{screen}")
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        first = page.get_attribute("#board [data-action]", "data-action")
        page.click(f'#board [data-action="{first}"]')
        page.wait_for_function("view && view.moves.length >= 1 && !busy")
        assert page.evaluate("view.moves[0].action") == first
    finally:
        page.evaluate("view && fetch('/api/games/' + view.id, {method: 'DELETE'})")
        context.close()


def test_the_setup_speaks_no_jargon(page: Any) -> None:
    shown = page.inner_text("#setup")
    games = page.eval_on_selector_all("#game option", "os => os.map(o => o.textContent)")
    assert "Connect Four" in games and not any(":" in g for g in games)
    assert "spec" not in shown.lower() and "n(n" not in shown and "²" not in shown
    assert page.is_hidden("#opponent")  # the typed opponent waits under Advanced
    page.select_option("#game", "connect4")
    labels = page.eval_on_selector_all("#params label", "ls => ls.map(l => l.textContent.trim())")
    assert labels == ["columns", "rows", "in a row to win"]


def test_on_a_phone_the_computers_explanation_is_on_the_screen(browser: Any, base: str) -> None:
    context, page = open_sized(browser, base, PHONE)
    try:
        start(page, "connect4", "alphabeta:depth=4")
        click_move(page, "4")
        verdict = page.query_selector("#search .verdict").bounding_box()
        shot(page, "phone-explanation")
        assert verdict["y"] + verdict["height"] <= PHONE["height"], verdict
    finally:
        page.evaluate("view && fetch('/api/games/' + view.id, {method: 'DELETE'})")
        context.close()


def test_the_keyboard_stays_on_the_board_after_the_end_and_after_undo(page: Any) -> None:
    start(page, "tictactoe", "dummy")
    page.focus('#board [data-action="4"]')
    before = moves_text(page)
    page.keyboard.press("Enter")  # dummy answers 0
    settle(page, before)
    page.click("#undo")
    page.wait_for_function("!busy && view.moves.length === 0")
    assert page.evaluate("document.getElementById('board').contains(document.activeElement)")
    for cell in ("4", "5", "3"):  # dummy: 0, 1, 2... we win with 3 4 5
        page.focus(f'#board [data-action="{cell}"]')
        before = moves_text(page)
        page.keyboard.press("Enter")
        settle(page, before)
    assert status(page) == "Game over: You win!"
    assert page.evaluate("document.activeElement.id") == "board"


def test_another_game_chosen_mid_game_shows_its_start_and_back_returns(page: Any) -> None:
    start(page, "tictactoe", "dummy")
    click_move(page, "4")
    page.select_option("#game", "othello")
    checked(page)
    page.wait_for_function("view === null")
    assert page.text_content("#rules") == zs.hooks.rules(zs.load_game("othello"))
    assert status(page).startswith("Click the board to begin: you play Black")
    assert len(page.query_selector_all("#board [data-action]")) == 4  # Othello's start
    shot(page, "game-changed")
    page.go_back()  # the tic-tac-toe game left, as it was
    page.wait_for_function("view && view.moves.length === 2 && !busy")
    checked(page)
    assert page.input_value("#game") == "tictactoe"
    assert page.text_content("#rules") == zs.hooks.rules(zs.load_game("tictactoe"))
    assert status(page) == "Your move (you are X)."


def test_the_computer_is_named_as_the_menu_names_it_and_numbers_are_rounded(
    page: Any,
) -> None:
    start(page, "tictactoe", "mcts:time_limit=1")
    page.click('#board [data-action="4"]')
    page.wait_for_selector("#status.thinking")
    assert status(page).startswith("The computer (MCTS, 1 s) is thinking…")
    page.wait_for_function("!busy && view.moves.length === 2")
    start(page, "connect4", "alphabeta:depth=4", width=7, height=6)
    click_move(page, "4")
    details = page.text_content("#search details") or ""
    value = re.search(r"value (\S+) \(for the computer\)", details)
    assert value is not None and re.fullmatch(r"-?\d+(\.\d{1,3})?", value.group(1)), details


def test_a_click_on_the_stone_just_moved_soon_after_the_reply_moves_it(page: Any) -> None:
    """Within a double click's time of the person's move, but past a person's reaction to
    the computer's reply, a click on the stone just moved is a move of that stone. The
    page's clock is held still while the move and the reply travel, then moved on 300 ms,
    so the test does not depend on how fast this machine answers."""
    start(page, "migration", "dummy", n=5)
    page.clock.install()
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    click_move(page, "1,0>1,1")  # returns once the reply is shown: no time has passed
    after = moves_text(page)
    page.clock.fast_forward(300)  # a person's reaction to the reply, within 500 ms of the click
    page.click('#board [data-action="1,1>1,2"]')
    page.wait_for_function(
        "before => document.getElementById('moves').textContent !== before && !busy", arg=after
    )
    assert moves_text(page).startswith(after + " 1,1>1,2")


def test_another_game_chosen_while_the_computer_thinks_is_ready_to_begin(page: Any) -> None:
    start(page, "tictactoe", "mcts:time_limit=1")
    page.click('#board [data-action="4"]')
    page.wait_for_selector("#status.thinking")
    page.select_option("#game", "connect4")
    checked(page)
    page.wait_for_function("view === null && !busy")
    assert status(page).startswith("Click the board to begin: you play Red")
    page.wait_for_timeout(1500)  # the old game's reply, arriving, is dropped
    assert page.evaluate("view") is None and not page.is_visible("#status.thinking")
    page.click('#board [data-action="4"]')  # the new game begins with a click
    page.wait_for_function("view && view.game.startsWith('connect4') && !busy")


def test_the_learned_agent_is_a_preset_that_plays_and_shows_its_priors(
    open_page: Callable[[str], Any], serve: Callable[..., Any]
) -> None:
    pytest.importorskip("torch", reason="the learn extra (scripts/test.sh installs it)")
    with serve() as url:  # a server of its own: its first AlphaZero move imports PyTorch
        page = open_page(url)
        page.set_default_timeout(60_000)  # PyTorch's first import: seconds on a busy machine
        page.select_option("#game", "tictactoe")
        checked(page)
        offered = [o.get_attribute("value") for o in page.query_selector_all("#preset option")]
        assert "alphazero" in offered  # a model is shipped for tic-tac-toe
        page.select_option("#preset", "alphazero")
        page.check('input[name=human][value="1"]')
        new_game(page)
        click_move(page, "0")
        assert "The computer played" in (page.text_content("#search") or "")
        ask_why(page)
        tree = page.text_content("#why-tree") or ""
        assert "prior" in tree and "visits" in tree
        shot(page, "why-alphazero")
        page.select_option("#game", "pick")  # no model shipped for Pick: not offered there
        checked(page)
        offered = [o.get_attribute("value") for o in page.query_selector_all("#preset option")]
        assert "alphazero" not in offered
