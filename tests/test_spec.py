"""A bare first value in a spec string stands for the entry's first parameter."""

from __future__ import annotations

import pytest

import zerosum as zs
from zerosum.spec import BARE, parse_spec


def test_a_bare_first_value_is_kept_apart() -> None:
    assert parse_spec("connect4:5,height=4") == ("connect4", {BARE: "5", "height": "4"})


def test_a_bare_first_value_sets_the_first_parameter() -> None:
    assert zs.load_game("connect4:5,height=4") == zs.games.ConnectFour(width=5, height=4)
    assert zs.make_agent("random:7").seed == 7


def test_a_bare_value_later_in_the_spec_is_still_an_error() -> None:
    with pytest.raises(zs.SpecError, match="bad parameter '4' in spec 'connect4:height=5,4'"):
        zs.load_game("connect4:height=5,4")


def test_a_bare_value_for_an_entry_without_parameters_is_refused() -> None:
    with pytest.raises(zs.SpecError, match="'tictactoe' takes no parameters, but 'tictactoe:3'"):
        zs.load_game("tictactoe:3")


def test_a_bare_value_and_its_parameter_by_name_clash() -> None:
    with pytest.raises(zs.SpecError, match="parameter 'width' given twice"):
        zs.load_game("connect4:5,width=6")
