"""A game replayable on a page without scripts: every position, one shown at a time."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import zerosum as zs
from zerosum.game import render_state
from zerosum.report.replay import REPLAY_STYLE, positions, replay_html


def _record() -> Any:
    return zs.play(zs.games.TicTacToe(), zs.make_agent("dummy"), zs.make_agent("random:seed=2"))


def test_every_position_is_drawn_and_the_last_is_shown_first() -> None:
    game, record = zs.games.TicTacToe(), _record()
    html = replay_html(game, record, "r1")
    states = positions(game, record)
    assert len(states) == record.plies + 1 and states[-1] == record.final_state
    boards = [unescape(b) for b in re.findall(r"<pre>(.*?)</pre>", html, re.S)]
    assert boards == [render_state(game, s) for s in states]
    checked = re.findall(r'id="r1-(\d+)" checked', html)
    assert checked == [str(record.plies)]
    assert f"ply 1 of {record.plies}: X, dummy played" in unescape(html)
    assert "<script" not in html


def test_stepping_through_in_a_browser(browser: Any, tmp_path: Path) -> None:
    """Clicking "back" and "start" shows the earlier boards, with no script on the page."""
    game, record = zs.games.TicTacToe(), _record()
    page_file = tmp_path / "replay.html"
    page_file.write_text(
        f"<!DOCTYPE html><html><head><style>{REPLAY_STYLE}</style></head><body>"
        f"{replay_html(game, record, 'r1')}</body></html>"
    )
    page = browser.new_page()
    try:
        page.goto(page_file.as_uri())
        shown = page.locator(".ply:visible pre")
        states = positions(game, record)
        assert shown.inner_text() == render_state(game, states[-1]).rstrip("\n")
        page.locator(".ply:visible label", has_text="back").click()
        assert shown.inner_text() == render_state(game, states[-2]).rstrip("\n")
        page.locator(".ply:visible label", has_text="start").click()
        assert shown.inner_text() == render_state(game, states[0]).rstrip("\n")
        assert page.locator(".ply:visible").count() == 1
    finally:
        page.close()
