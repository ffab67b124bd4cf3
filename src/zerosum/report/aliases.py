"""Students shown by aliases: a result with every entry's name replaced, for publishing.

The aliases live in a CSV file the teacher keeps, ``name,alias`` a line under that
header (``ada,Quiet Heron``). :func:`aliases_for` reads it and gives each name it does not
have yet a new pseudonym (two words drawn at random, never derived from the name, so no
one can work a student's alias out from their name), writing the file back: the same
student keeps the same alias in every tournament run with that file, and the teacher can
edit any of them. :func:`aliased` renames a result: its names, its records' players, and
the name and file of each entry wherever a forfeit's reason, its traceback or a note
mentions them.
"""

from __future__ import annotations

import csv
import io
import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..files import write_file
from ..game import ZerosumError

if TYPE_CHECKING:
    from ..records.results import ArenaGame, ArenaResult

__all__ = ["HEADER", "aliased", "aliases_for", "left_out_names", "pseudonym", "read_aliases"]

#: A match's or a tournament's result: :func:`aliased` gives back the same kind.
Result = TypeVar("Result", bound="ArenaResult")

#: The first line of an alias file.
HEADER = ("name", "alias")

_ADJECTIVES = (
    "Amber Bold Brisk Calm Clever Coral Daring Eager Fair Gentle Golden Happy Humble Jolly "
    "Keen Lively Lucky Merry Nimble Noble Patient Quick Quiet Rapid Silver Steady Swift Wise"
).split()
_ANIMALS = (
    "Badger Beaver Crane Dolphin Eagle Falcon Ferret Fox Gecko Heron Ibis Jaguar Koala Lemur "
    "Lynx Marten Newt Otter Owl Panda Puffin Raven Seal Stoat Swan Tapir Walrus Wren Yak"
).split()


def pseudonym(taken: Iterable[str], rng: random.Random | None = None) -> str:
    """Two words (``"Quiet Heron"``) not among ``taken``, drawn at random (the system's
    randomness unless ``rng`` is given); a number follows once the pairs run short."""
    draw = rng or random.SystemRandom()
    used = set(taken)
    for attempt in range(1000):
        name = f"{draw.choice(_ADJECTIVES)} {draw.choice(_ANIMALS)}"
        if attempt >= 100:
            name += f" {draw.randrange(10, 1000)}"
        if name not in used:
            return name
    raise ZerosumError("no unused alias could be drawn")  # pragma: no cover


def read_aliases(path: str | Path) -> dict[str, str]:
    """The aliases of an alias file (none when it does not exist yet). A file that is
    not ``name,alias`` lines under that header, or gives two names one alias, is a
    :class:`ZerosumError`."""
    file = Path(path)
    if not file.exists():
        return {}
    rows = list(csv.reader(io.StringIO(file.read_text(encoding="utf-8"))))
    if not rows or tuple(cell.strip() for cell in rows[0]) != HEADER:
        raise ZerosumError(f"{path}: an alias file starts with the line 'name,alias'")
    aliases: dict[str, str] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != 2 or not row[0].strip() or not row[1].strip():
            raise ZerosumError(f"{path}, line {number}: expected a name and its alias")
        aliases[row[0].strip()] = row[1].strip()
    doubled = {a for a in aliases.values() if list(aliases.values()).count(a) > 1}
    if doubled:
        raise ZerosumError(f"{path}: the alias {sorted(doubled)[0]!r} is given to two names")
    return aliases


def aliases_for(path: str | Path, names: Iterable[str]) -> dict[str, str]:
    """The alias of each of ``names`` from the file at ``path``, new pseudonyms added to
    the file (created if missing) for the names it lacks."""
    aliases = read_aliases(path)
    missing = [name for name in names if name not in aliases]
    if missing:
        for name in missing:
            aliases[name] = pseudonym(set(aliases.values()) | set(aliases))
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(HEADER)
        writer.writerows(aliases.items())
        text = out.getvalue()
        write_file(path, lambda f: f.write(text))
    return {name: aliases[name] for name in names}


def left_out_names(result: ArenaResult) -> list[str]:
    """The names the entries left out of ``result`` would have had: their files' names
    (``submissions/dan.py`` -> ``dan``)."""
    specs = result.settings.get("left_out")
    names = specs if isinstance(specs, dict | list) else []
    return [Path(str(spec).split(":")[0]).stem for spec in names]


def aliased(result: Result, aliases: Mapping[str, str]) -> Result:
    """``result`` with each entry's name replaced by its alias (names without one kept),
    in its tables, records, reasons, tracebacks and settings; ``aliases`` may also name
    the entries left out (:func:`left_out_names`), whose files the page lists."""
    names = tuple(aliases.get(name, name) for name in result.names)
    scrub = _scrubber({n: a for n, a in aliases.items() if n != a})
    games = tuple(_game(g, aliases, scrub) for g in result.games)
    settings = {key: _setting(key, value, aliases, scrub) for key, value in result.settings.items()}
    return replace(result, names=names, games=games, settings=settings)


def _scrubber(aliases: Mapping[str, str]) -> Any:
    """A function that replaces each name of ``aliases`` in a text where it stands as a
    name (not inside a longer word or file name), as in ``player 2 (ada)`` and
    ``submissions/ada.py``."""
    if not aliases:
        return lambda text: text
    words = "|".join(map(re.escape, sorted(aliases, key=len, reverse=True)))
    pattern = re.compile(rf"(?<![\w-])({words})(?=\.py\b|[^\w-]|$)")
    return lambda text: pattern.sub(lambda found: aliases[found[1]], text)


def _game(g: ArenaGame, aliases: Mapping[str, str], scrub: Any) -> ArenaGame:
    record = g.record
    if record is not None:
        players = (aliases.get(record.players[0], record.players[0]),
                   aliases.get(record.players[1], record.players[1]))  # fmt: skip
        record = replace(
            record, players=players, detail=scrub(record.detail), trace=scrub(record.trace)
        )
    return replace(g, record=record, note=scrub(g.note))


def _setting(key: str, value: Any, aliases: Mapping[str, str], scrub: Any) -> Any:
    if key == "agents" and isinstance(value, list):
        return [aliases.get(v, v) if isinstance(v, str) else v for v in value]
    if key == "left_out" and isinstance(value, dict):
        return {scrub(str(k)): scrub(str(v)) for k, v in value.items()}
    return value
