"""The page as players use such sites, in a real headless Chromium, at a desktop's size and
a 390 px phone's: hints before a move, the position editor, two people on one screen, the
move list stepped through and played on from, and the game kept by the URL. Screenshots
go to ``test-artifacts/``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SIZES = {"desktop": (1100, 900), "phone": (390, 844)}
#: Every test opens games from one address: more than the 20 one client may hold.
SERVER_OPTIONS = {"max_per_client": 500}


@pytest.fixture(params=list(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def open_page(browser: Any, size: str) -> Iterator[Callable[[str], Any]]:
    contexts = []

    def open_at(url: str) -> Any:
        width, height = SIZES[size]
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.on("pageerror", lambda error: print("page error:", error))  # shown on a failure
        page.on("console", lambda message: print("console:", message.text))
        page.goto(url)
        page.wait_for_selector("#preset option", state="attached")
        return page

    yield open_at
    for context in contexts:
        context.close()


def shot(page: Any, name: str, size: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"positions-{name}-{size}.png"), full_page=True)


def idle(page: Any) -> None:
    page.wait_for_function(
        "!busy && !document.getElementById('status').classList.contains('thinking')"
    )


def choose(page: Any, game: str, opponent: str) -> None:
    """``game`` and the preset ``opponent`` chosen, checked by the server."""
    page.select_option("#game", game)
    page.wait_for_function("document.getElementById('setup').dataset.checked === gameSpec()")
    page.select_option("#preset", opponent)
    page.wait_for_selector("#new-game:not([disabled])")  # the server's agents are ready


def two_people(page: Any, game: str = "tictactoe") -> None:
    """A new game of ``game`` between two people on this screen."""
    choose(page, game, "human")
    page.click("#new-game")
    page.wait_for_function("view && view.moves.length === 0 && view.two_people")
    idle(page)


def click(page: Any, action: str) -> None:
    count = page.evaluate("view.at")
    page.click(f'#board [data-action="{action}"]')
    page.wait_for_function("n => view.at === n + 1 && !busy", arg=count)


def moves(page: Any) -> list[str]:
    return list(page.evaluate("view.moves.map((m) => m.action)"))


def test_two_people_play_both_sides_on_one_screen(
    open_page: Callable[[str], Any], base: str, size: str
) -> None:
    page = open_page(base)
    two_people(page)
    assert page.is_hidden("#setup .side")  # no side to choose: both are played here
    assert page.text_content("#status") == "X to move."
    for action, after in (
        ("0", "O"),
        ("3", "X"),
        ("1", "O"),
        ("4", "X"),
    ):
        click(page, action)
        assert page.text_content("#status") == f"{after} to move."
    click(page, "2")
    assert page.text_content("#status") == "Game over: X wins."
    assert page.evaluate("view.search") is None  # no computer answered
    shot(page, "two-people", size)


def test_hints_label_each_move_and_the_choice_is_remembered(
    open_page: Callable[[str], Any], base: str, size: str
) -> None:
    page = open_page(base)
    two_people(page)
    page.check("#hints-on")
    click(page, "4")
    page.wait_for_function("document.getElementById('hints').textContent.startsWith('Hints, ')")
    labels = page.eval_on_selector_all(
        "#board .zs-option",
        "els => els.map((e) => [e.closest('[data-action]').dataset.action, e.textContent])",
    )
    assert dict(labels) == {
        "0": "draw", "2": "draw", "6": "draw", "8": "draw",
        "1": "loss in 6", "3": "loss in 6", "5": "loss in 6", "7": "loss in 6",
    }  # fmt: skip
    shot(page, "hints", size)
    click(page, "1")  # a move clicked through its label
    page.wait_for_function("document.querySelectorAll('#board .zs-option').length === 7")
    page.reload()
    page.wait_for_function("view && view.moves.length === 2")
    assert page.is_checked("#hints-on")  # remembered
    page.uncheck("#hints-on")
    assert page.eval_on_selector_all("#board .zs-option", "els => els.length") == 0
    two_people(page, "othello")
    page.check("#hints-on")
    page.wait_for_function("document.getElementById('hints').textContent.includes('not available')")
    assert page.text_content("#hints") == (
        "Hints are not available for Othello 8x8: it does not solve at once."
    )


def test_the_editor_sets_up_a_position_to_play_and_refuses_an_impossible_one(
    open_page: Callable[[str], Any], base: str, size: str
) -> None:
    page = open_page(base)
    choose(page, "tictactoe", "dummy")
    page.click("#edit-position")
    page.wait_for_selector("#editor-grid button")
    page.click('#editor-grid [data-row="0"][data-col="0"]')  # empty -> X
    page.click('#editor-grid [data-row="0"][data-col="0"]')  # X -> O: O alone, X to move?
    page.click('#editor-grid [data-row="0"][data-col="0"]')  # O -> empty
    page.click('#editor-grid [data-row="1"][data-col="1"]')  # X in the centre
    page.click('#editor-grid [data-row="2"][data-col="2"]')  # a second X
    page.select_option("#editor-side", "O")
    assert page.input_value("#editor-text") == ".../.X./..X O"
    page.click("#editor-play")
    page.wait_for_function("document.getElementById('editor-error').textContent !== ''")
    assert page.text_content("#editor-error") == (
        "This is not a position of Tic-tac-toe: X has 2 and O 0: "
        "X, who starts, has as many or one more"
    )
    shot(page, "editor-refused", size)
    page.click('#editor-grid [data-row="2"][data-col="2"]')  # X -> O
    page.select_option("#editor-side", "X")
    assert page.input_value("#editor-text") == ".../.X./..O X"
    page.click("#editor-play")
    page.wait_for_function("view && view.start === '.../.X./..O X'")
    idle(page)
    assert page.is_hidden("#editor")
    assert page.get_attribute('#board [data-action="0"]', "aria-label") is not None
    assert page.query_selector('#board [data-action="4"]') is None  # taken in the position
    page.click('#board [data-action="0"]')
    page.wait_for_function("view.moves.length === 2 && !busy")  # dummy answered
    shot(page, "editor-played", size)


def test_analyse_from_the_editor_plays_both_sides_with_hints(
    open_page: Callable[[str], Any], base: str, size: str
) -> None:
    page = open_page(base)
    choose(page, "tictactoe", "random")
    page.click("#edit-position")
    page.fill("#editor-text", "XO./.X./... O")
    assert page.eval_on_selector_all("#editor-grid .p1", "els => els.length") == 2
    page.click("#editor-analyse")
    page.wait_for_function("view && view.two_people && view.position === 'XO./.X./... O'")
    page.wait_for_function("document.querySelectorAll('#board .zs-option').length === 6")
    labels = page.eval_on_selector_all("#board .zs-option", "els => els.map((e) => e.textContent)")
    assert "draw" not in labels  # O cannot stop X: 8 blocks one line, X has another
    assert page.input_value("#preset") == "human"  # the settings say what is played
    shot(page, "analyse", size)


def test_the_history_steps_back_and_forth_and_plays_on_from_any_point(
    open_page: Callable[[str], Any], base: str, size: str
) -> None:
    page = open_page(base)
    two_people(page)
    for action in ("0", "3", "1"):
        click(page, action)
    board_after_three = page.inner_html("#board")
    page.click("#history-back")
    page.wait_for_function("view.at === 2")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("view.at === 1")
    assert page.evaluate("view.position") == "X../.../... O"
    assert page.inner_html("#board") != board_after_three
    assert page.get_attribute("#moves button[aria-current]", "title").endswith("move 1")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("view.at === 2")
    page.click("#moves button >> nth=0")
    page.wait_for_function("view.at === 1")
    assert "a move here plays on from this point" in page.text_content("#history-where")
    assert page.text_content("#status") == "O to move."
    shot(page, "history", size)
    click(page, "8")  # playing on drops the moves after move 1
    assert moves(page) == ["0", "8"]
    assert page.is_disabled("#history-forward") and not page.is_disabled("#history-back")


def test_a_reload_keeps_the_game_and_a_shared_link_opens_a_copy_of_it(
    open_page: Callable[[str], Any], base: str, size: str
) -> None:
    page = open_page(base)
    two_people(page, "migration")
    for _ in range(3):
        click(page, page.evaluate("view.legal[0]"))
    played = "+".join(quote(move, safe="") for move in moves(page))
    game_id, position = page.evaluate("view.id"), page.evaluate("view.position")
    page.reload()
    page.wait_for_function("view && view.moves.length === 3")
    assert page.evaluate("view.id") == game_id  # the server's game, still live
    page.click("#history-back")
    page.wait_for_function("view.at === 2")
    link = page.url
    assert f"moves={played}" in link and "at=2" in link and game_id not in link
    other = open_page(link)  # the link, in another browser, while the game is live
    other.wait_for_function("view && view.moves.length === 3")
    idle(other)
    assert other.evaluate("view.id") != game_id and other.evaluate("view.at") == 2
    assert other.input_value("#game") == "migration"  # the settings follow the link
    assert other.input_value("#preset") == "human"
    other.click("#history-last")
    other.wait_for_function("view.at === 3")
    assert other.evaluate("view.position") == position
    shot(other, "link", size)
    click(other, other.evaluate("view.legal[0]"))  # a move in the copy ...
    page.reload()  # ... leaves the game shared as it was
    page.wait_for_function("view && view.moves.length === 3 && !busy")
    assert page.evaluate("view.id") == game_id
    with httpx.Client(base_url=base) as client:
        assert len(client.get(f"/api/games/{game_id}").json()["moves"]) == 3


def test_back_after_a_new_game_returns_to_the_game_before(
    open_page: Callable[[str], Any], base: str, size: str
) -> None:
    page = open_page(base)
    two_people(page)
    click(page, "4")
    first = page.evaluate("view.id")
    two_people(page)  # deletes the first game on the server
    assert page.evaluate("view.id") != first
    page.go_back()
    page.wait_for_function("view && view.moves.length === 1 && !busy")
    assert moves(page) == ["4"]  # rebuilt from the URL
    page.go_forward()
    page.wait_for_function("view && view.moves.length === 0 && !busy")


def test_the_editor_refuses_a_floating_disc_in_connect_four(
    open_page: Callable[[str], Any], base: str, size: str
) -> None:
    page = open_page(base)
    choose(page, "connect4", "random")
    page.click("#edit-position")
    page.wait_for_function("document.querySelectorAll('#editor-grid button').length === 42")
    page.click('#editor-grid [data-row="3"][data-col="3"]')  # a disc in the air
    page.click("#editor-play")
    page.wait_for_function("document.getElementById('editor-error').textContent !== ''")
    assert page.text_content("#editor-error").endswith(
        "column 4: a disc floats over the empty row 1"
    )
    shot(page, "editor-connect4", size)
    assert page.evaluate("view") is None  # no game started


def test_playing_on_from_an_earlier_point_against_the_computer(
    open_page: Callable[[str], Any], base: str, size: str
) -> None:
    page = open_page(base)
    choose(page, "tictactoe", "minimax")  # an opponent that can show its search
    page.click("#new-game")
    page.wait_for_function("view && !busy")
    for count in (2, 4):
        free = page.get_attribute("#board [data-action]", "data-action")
        page.click(f'#board [data-action="{free}"]')
        page.wait_for_function("n => view.moves.length === n && !busy", arg=count)
    assert page.is_visible("#why")
    page.keyboard.press("ArrowLeft")  # the computer was to move here
    page.wait_for_function("view.at === 3")
    assert page.is_hidden("#why")  # it explains the computer's last move only
    assert page.text_content("#status").startswith("The computer was to move here")
    assert page.text_content("#history-where") == "move 3 of 4"  # no "a move here plays on"
    shot(page, "history-computer-to-move", size)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("view.at === 2")
    first_two = moves(page)[:2]
    free = [a for a in page.evaluate("view.legal") if a != moves(page)[2]][0]
    page.click(f'#board [data-action="{free}"]')
    page.wait_for_function("view.moves.length === 4 && view.at === 4 && !busy")
    assert moves(page)[:3] == [*first_two, free]  # the computer's reply, then the move played on


def test_the_editors_to_move_follows_the_pieces_named_as_the_game_names_them(
    open_page: Callable[[str], Any], base: str, size: str
) -> None:
    page = open_page(base)
    choose(page, "connect4", "random")
    page.click("#edit-position")
    page.wait_for_function("document.querySelectorAll('#editor-grid button').length === 42")
    assert [o.text_content() for o in page.query_selector_all("#editor-side option")] == [
        "Red",
        "Yellow",
    ]
    assert "empty, Red, Yellow" in page.text_content("#editor-help")
    bottom = '#editor-grid [data-row="5"][data-col="3"]'
    page.click(bottom)  # a red disc: Yellow to move
    page.wait_for_function("document.getElementById('editor-side').value === 'O'")
    assert page.text_content(bottom) == "R"
    assert page.get_attribute(bottom, "aria-label").endswith(": Red")
    assert page.input_value("#editor-text").endswith(" O")
    page.click('#editor-grid [data-row="5"][data-col="4"]')  # and a yellow: Red to move
    page.click('#editor-grid [data-row="5"][data-col="4"]')
    page.wait_for_function("document.getElementById('editor-text').value.endsWith(' X')")
    assert page.text_content('#editor-grid [data-row="5"][data-col="4"]') == "Y"
    assert page.eval_on_selector("#editor-side", "e => e.selectedOptions[0].text") == "Red"
    shot(page, "editor-connect4-names", size)
    page.click("#editor-play")
    page.wait_for_function("view && view.start.endsWith(' X') && !busy")


@pytest.mark.parametrize("params", [{"width": 7, "height": 6}, {"width": 4, "height": 4, "k": 3}])
def test_hint_labels_fit_their_columns_and_show_their_whole_text(
    open_page: Callable[[str], Any], base: str, size: str, params: dict[str, int]
) -> None:
    page = open_page(base)
    choose(page, "connect4", "human")
    for name, value in params.items():
        page.fill(f'#params input[data-param="{name}"]', str(value))
    page.wait_for_function("document.getElementById('setup').dataset.checked === gameSpec()")
    page.click("#new-game")
    page.wait_for_function("view && view.two_people && !busy")
    page.check("#hints-on")
    for action in ("2", "2"):
        click(page, action)
    page.wait_for_function("document.getElementById('hints').textContent.startsWith('Hints,')")
    hints = httpx.get(f"{base}/api/games/{page.evaluate('view.id')}/hints", timeout=60).json()
    labels = page.eval_on_selector_all(
        "#board [data-action]",
        """moves => moves.map(m => {
             const option = m.querySelector('.zs-option');
             if (!option) return null;
             const box = (e) => { const b = e.getBoundingClientRect();
                                  return [b.left, b.top, b.right, b.bottom]; };
             const text = option.querySelector('text');
             const lines = text.querySelector('tspan')
               ? [...text.querySelectorAll('tspan')].map(t => t.textContent) : [text.textContent];
             return {action: m.dataset.action, column: box(m),
                     label: box(option.querySelector('rect')),
                     text: box(text), words: lines.join(' '),
                     px: parseFloat(getComputedStyle(text).fontSize)
                         * text.getScreenCTM().a};
           }).filter(Boolean)""",
    )
    board = page.eval_on_selector(
        "#board svg", "s => { const b = s.getBoundingClientRect(); return [b.left, b.right]; }"
    )
    assert len(labels) == params["width"]
    shot(page, f"hints-connect4-{params['width']}x{params['height']}", size)
    for found in labels:
        assert found["words"] == hints["moves"][found["action"]]  # the whole text: "loss in 36"
        column, label, text = found["column"], found["label"], found["text"]
        assert column[0] - 0.5 <= label[0] and label[2] <= column[2] + 0.5, found  # its column
        assert board[0] - 0.5 <= label[0] and label[2] <= board[1] + 0.5, found
        assert label[0] <= text[0] and text[2] <= label[2] + 0.5, found  # inside its back
        assert found["px"] >= 7, found  # still legible on the screen
