"""What notebooks show: game records and search summaries as HTML, boards as SVG or text."""

from __future__ import annotations

from typing import Any

import zerosum as zs
from zerosum.agents import SearchInfo
from zerosum.report.display import Table, board_html, record_html, table_html


class Countdown:
    """A user's game: take 1 or 2 from a pile; who takes the last one wins. The state's
    text contains markup, to show it is escaped."""

    initial_state = 4

    def player(self, state: int) -> int:
        return 1 if state % 2 == 0 else 2  # 4, 2, 0 are player 1's turns when 1 is taken

    def actions(self, state: int) -> list[int]:
        return [n for n in (1, 2) if n <= state]

    def result(self, state: int, action: int) -> int:
        return state - action

    def is_terminal(self, state: int) -> bool:
        return state == 0

    def utility(self, state: int, player: int) -> int:
        return 1 if self.player(state) != player else -1

    def print_state(self, state: int) -> None:
        print(f"<pile> {state}")


def test_a_record_shows_players_result_moves_and_the_final_board() -> None:
    game = zs.games.ConnectFour(width=4, height=4, k=3)
    record = zs.play(game, zs.agents.Dummy(), zs.agents.Dummy())
    html = record._repr_html_()
    assert "<td>connect4:width=4,height=4,k=3</td><td>Dummy()</td><td>Dummy()</td>" in html
    assert f"player 1 (Dummy()) wins</td><td>{record.plies}</td>" in html
    # moves in the game's human format (columns 1-based), numbered by ply
    assert "1.&nbsp;2 2.&nbsp;2 3.&nbsp;2 4.&nbsp;2 5.&nbsp;3" in html and "9.&nbsp;1<" in html
    assert board_html(game, record.final_state, record.actions[-1]) in html
    assert html.count("<tr>") == 3 + record.plies  # two headers, the summary, every move


def test_a_forfeit_says_how_and_why_escaped() -> None:
    def cheat(game: Any, state: Any) -> int:
        return 99

    cheat.name = "<cheat>"  # type: ignore[attr-defined]
    record = zs.play(zs.games.TicTacToe(), cheat, zs.agents.Dummy())
    html = record._repr_html_()
    assert "player 2 (Dummy()) wins by forfeit-illegal: &lt;cheat&gt;: player 1 cannot" in html
    assert "<cheat>" not in html and "<b>moves</b> (none)" in html


def test_a_forfeit_by_exception_shows_the_agents_own_traceback() -> None:
    def broken(game: Any, state: Any) -> int:
        raise ValueError("<oops>")

    html = zs.play(zs.games.TicTacToe(), broken, zs.agents.Dummy())._repr_html_()
    assert "<pre>Traceback (most recent call last, the agent&#x27;s own code):" in html
    assert "raise ValueError(&quot;&lt;oops&gt;&quot;)" in html and "in broken" in html


def test_searchers_moves_carry_their_numbers() -> None:
    record = zs.play(zs.games.TicTacToe(), zs.agents.Minimax(depth=2), zs.agents.Dummy())
    html = record._repr_html_()
    assert "<th>value</th><th>depth</th><th>nodes</th>" in html
    first = record.searches[0]
    assert first is not None
    assert f"<td>1</td><td>{record.actions[0]}</td>" in html
    assert f"<td>2</td><td>{first.nodes}</td></tr>" in html  # depth 2, its nodes


class TicTacToe(Countdown):
    """A user's game whose class name is also a registered game's name."""


def test_a_users_game_needs_the_game_for_its_board() -> None:
    game = Countdown()
    record = zs.play(game, zs.agents.Dummy(), zs.agents.Dummy())
    assert "<pre>" not in record._repr_html_()  # the registry cannot rebuild "Countdown"
    namesake = zs.play(TicTacToe(), zs.agents.Dummy(), zs.agents.Dummy())
    assert namesake.game == "TicTacToe" and "<svg" not in namesake._repr_html_()
    html = record_html(record, game)
    assert "<pre>&lt;pile&gt; 0</pre>" in html and "1.&nbsp;1 2.&nbsp;1" in html


class DrawnCountdown(Countdown):
    def to_svg(self, state: int, last: int | None = None) -> str:
        return f"<svg><text>{state} left, last took {last}</text></svg>"


def test_boards_use_to_svg_when_the_game_has_it() -> None:
    game = DrawnCountdown()
    assert board_html(game, 3) == "<svg><text>3 left, last took None</text></svg>"
    assert board_html(game, 3, last=1) == "<svg><text>3 left, last took 1</text></svg>"
    assert board_html(Countdown(), 3) == "<pre>&lt;pile&gt; 3</pre>"


def test_a_position_without_a_drawing_shows_its_text() -> None:
    game = zs.load_game("openspiel:tic_tac_toe")
    position = zs.show(game, game.result(game.initial_state, 4))
    assert position._repr_svg_() is None
    assert position._repr_html_() == "<pre>...\n.x.\n...</pre>"
    drawn = zs.show(zs.games.TicTacToe())
    assert drawn._repr_html_() is None and drawn._repr_svg_().startswith("<svg")


def test_a_search_summary_is_a_one_row_table() -> None:
    info = SearchInfo(value=0.5, depth=4, nodes=12_000, seconds=0.25, pv=(3, 4), extra={"tt": 7})
    html = info._repr_html_()
    assert "<th>nodes/s</th><th>principal variation</th><th>tt</th>" in html
    assert "<td>0.5</td><td>4</td><td>12,000</td><td>0.2500</td><td>48,000</td>" in html
    assert "<td>3 4</td><td>7</td></tr>" in html
    assert "<td>-</td>" in SearchInfo(value=0, depth=0, nodes=0, seconds=0.0)._repr_html_()


def test_a_table_is_html_in_notebooks_and_text_elsewhere() -> None:
    table = Table(["agent", "score"], [["<minimax>", 0.5], ["random", 1 / 3]], caption="a & b")
    assert table._repr_html_() == (
        "<p>a &amp; b</p>" + table_html(["agent", "score"], [["<minimax>", 0.5], ["random", 1 / 3]])
    )
    assert "<td>&lt;minimax&gt;</td><td>0.5</td>" in table._repr_html_()
    assert str(table).splitlines() == [
        "a & b",
        "    agent  score",
        "<minimax>    0.5",
        "   random  0.333",
    ]
