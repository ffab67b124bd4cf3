"""Game records as JSON and back, for journals and exports.

States and actions are encoded exactly when they are built of JSON scalars (any size of
int), tuples, lists, dicts, sets and frozensets — every built-in game's states and actions
are, and so are most user games'. Anything else (an object of a user's own class, a numpy
array) is stored as its ``repr`` and comes back as an :class:`Opaque` holding that text:
nothing the arena's summaries need (winner, utilities, reason, times, nodes) depends on it.

>>> decode(encode((1, [2, 3], {"a": frozenset({4})})))
(1, [2, 3], {'a': frozenset({4})})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NotRequired, TypedDict, cast

from .game import GameRecord, Reason
from .jsonvalue import JSONValue
from .search import Common, SearchInfo, from_details

__all__ = ["Opaque", "encode", "decode", "record_to_dict", "record_from_dict"]
__all__ += ["RecordJSON", "SearchJSON"]


class SearchJSON(TypedDict):
    """A search's summary as a journal and an export hold it."""

    value: float
    depth: int
    nodes: int
    seconds: float
    pv: JSONValue  # encoded
    extra: JSONValue  # the family's details, encoded
    note: NotRequired[str]


class _RecordTrace(TypedDict, total=False):
    trace: str  # a forfeit by exception: the frames of the agent's own code


class RecordJSON(_RecordTrace):
    """A game record as a journal and an export hold it (:func:`record_to_dict`)."""

    game: str
    players: list[str]
    initial_state: JSONValue  # encoded, as are the actions and the final state
    actions: list[JSONValue]
    final_state: JSONValue
    winner: int | None
    utilities: list[float]
    reason: str
    detail: str
    move_seconds: list[float]
    searches: list[SearchJSON | None]


@dataclass(frozen=True)
class Opaque:
    """A value that had no JSON form, kept as its ``repr`` text."""

    text: str

    def __repr__(self) -> str:
        return self.text


_TAGS = ("__tuple__", "__set__", "__frozenset__", "__dict__", "__repr__")


def encode(value: object) -> JSONValue:
    """``value`` as JSON-able data; tuples, sets and dicts are tagged so they come back as such."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple):
        return {"__tuple__": [encode(v) for v in value]}
    if isinstance(value, (set, frozenset)):
        tag = "__frozenset__" if isinstance(value, frozenset) else "__set__"
        return {tag: [encode(v) for v in sorted(value, key=repr)]}
    if isinstance(value, dict):
        return {"__dict__": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, Opaque):
        return {"__repr__": value.text}
    return {"__repr__": repr(value)}


def decode(data: object) -> object:
    """The value :func:`encode` encoded (an :class:`Opaque` for what it could only describe)."""
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        return data
    if len(data) != 1 or next(iter(data)) not in _TAGS:
        raise ValueError(f"not an encoded value: {data!r}")
    tag, body = next(iter(data.items()))
    if tag == "__repr__":
        return Opaque(body)
    if tag == "__dict__":
        return {_hashable(decode(k)): decode(v) for k, v in body}
    items = [decode(v) for v in body]
    if tag == "__tuple__":
        return tuple(items)
    return frozenset(items) if tag == "__frozenset__" else set(items)


def _hashable(key: object) -> object:
    return tuple(key) if isinstance(key, list) else key


def _search_to_dict(info: SearchInfo | None) -> SearchJSON | None:
    if info is None:
        return None
    return {
        "value": info.value,
        "depth": info.depth,
        "nodes": info.nodes,
        "seconds": info.seconds,
        "pv": encode(info.pv),
        "extra": encode(info.details()),
        "note": info.note,
    }


def _search_from_dict(data: SearchJSON | None) -> SearchInfo | None:
    if data is None:
        return None
    common: Common = {
        "value": data["value"],
        "depth": data["depth"],
        "nodes": data["nodes"],
        "seconds": data["seconds"],
        "pv": cast(tuple[object, ...], decode(data["pv"])),  # encoded from a tuple
        "note": data.get("note", ""),
    }
    details = cast(Mapping[str, object], decode(data["extra"]))  # encoded from a dict
    return from_details(common, details)  # the agent family's own result


def _search_of(agent_info: object) -> SearchInfo | None:
    """Searches of agents that report something other than a SearchInfo are not kept."""
    return agent_info if isinstance(agent_info, SearchInfo) else None


def record_to_dict(record: GameRecord) -> RecordJSON:
    """A game record as JSON-able data (see the module docstring for states and actions)."""
    data: RecordJSON = {
        "game": record.game,
        "players": list(record.players),
        "initial_state": encode(record.initial_state),
        "actions": [encode(a) for a in record.actions],
        "final_state": encode(record.final_state),
        "winner": record.winner,
        "utilities": [record.utilities[1], record.utilities[2]],
        "reason": record.reason.value,
        "detail": record.detail,
        "move_seconds": list(record.move_seconds),
        "searches": [_search_to_dict(_search_of(s)) for s in record.searches],
    }
    if record.trace:  # a forfeit by exception: the frames of the agent's own code
        data["trace"] = record.trace
    return data


def record_from_dict(data: RecordJSON) -> GameRecord:
    """The game record :func:`record_to_dict` made."""
    return GameRecord(
        game=data["game"],
        players=(data["players"][0], data["players"][1]),
        initial_state=decode(data["initial_state"]),
        actions=tuple(decode(a) for a in data["actions"]),
        final_state=decode(data["final_state"]),
        winner=data["winner"],
        utilities={1: data["utilities"][0], 2: data["utilities"][1]},
        reason=Reason(data["reason"]),
        detail=data["detail"],
        move_seconds=tuple(data["move_seconds"]),
        searches=tuple(_search_from_dict(s) for s in data["searches"]),
        trace=data.get("trace", ""),
    )
