"""Students shown by aliases: the file of aliases, and a result renamed everywhere."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import zerosum as zs
from zerosum.game import ZerosumError
from zerosum.report.aliases import aliased, aliases_for, pseudonym, read_aliases


def test_new_names_get_pseudonyms_kept_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "aliases.csv"
    first = aliases_for(path, ["ada", "bob"])
    assert set(first) == {"ada", "bob"} and len(set(first.values())) == 2
    assert "ada" not in " ".join(first.values())
    again = aliases_for(path, ["bob", "cleo", "ada"])
    assert again["ada"] == first["ada"] and again["bob"] == first["bob"]
    assert read_aliases(path) == {**first, "cleo": again["cleo"]}
    assert path.read_text().splitlines()[0] == "name,alias"


def test_a_teachers_own_aliases_are_used(tmp_path: Path) -> None:
    path = tmp_path / "aliases.csv"
    path.write_text("name,alias\nada,Team 1\n\nbob,Team 2\n")
    assert aliases_for(path, ["ada", "bob"]) == {"ada": "Team 1", "bob": "Team 2"}
    assert path.read_text() == "name,alias\nada,Team 1\n\nbob,Team 2\n"  # nothing added


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("ada,Team 1\n", "starts with the line"),
        ("name,alias\nada\n", "line 2: expected a name and its alias"),
        ("name,alias\nada,X\nbob,X\n", "given to two names"),
    ],
)
def test_a_bad_alias_file_is_refused(tmp_path: Path, text: str, why: str) -> None:
    path = tmp_path / "aliases.csv"
    path.write_text(text)
    with pytest.raises(ZerosumError, match=why):
        read_aliases(path)


def test_pseudonyms_avoid_the_taken_ones() -> None:
    taken = {pseudonym((), random.Random(1))}
    assert pseudonym(taken, random.Random(1)) not in taken


def test_a_result_is_renamed_in_tables_records_and_reasons() -> None:
    from arena_agents import Raiser

    result = zs.tournament("tictactoe", {"ada": "dummy", "raiser": Raiser()}, 2)
    shown = aliased(result, {"ada": "Quiet Heron", "raiser": "Swift Owl"})
    assert shown.names == ("Quiet Heron", "Swift Owl")
    assert type(shown) is type(result)
    text = json.dumps(shown.to_dict())
    assert "ada" not in text and "raiser" not in text
    assert "(Swift Owl) raised RuntimeError: bug in my agent" in text
    assert [s.total for s in shown.standings] == [s.total for s in result.standings]
    forfeit = next(r for r in shown.records if r.reason.forfeit)
    assert "arena_agents.py" in forfeit.trace and "Swift Owl" not in forfeit.trace
    assert set(forfeit.players) == {"Quiet Heron", "Swift Owl"}


def test_names_are_replaced_as_names_not_inside_words() -> None:
    from zerosum.report.aliases import _scrubber

    scrub = _scrubber({"ada": "A", "agent": "B"})
    assert scrub("player 1 (ada) raised; entries/ada.py, line 2; adam; the agent's") == (
        "player 1 (A) raised; entries/A.py, line 2; adam; the B's"
    )
