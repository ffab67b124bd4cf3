"""The type of JSON data, named once for the records floor and those above it.

A value :func:`json.loads` can return and :func:`json.dumps` can write: ``None``, a
bool, a number, a string, a list of values or an object of values by string keys.
"""

from __future__ import annotations

from typing import TypeAlias

__all__ = ["JSONValue", "JSONObject"]

#: Any JSON value (recursive: lists and objects hold JSON values).
JSONValue: TypeAlias = "None | bool | int | float | str | list[JSONValue] | dict[str, JSONValue]"
#: A JSON object: string keys to JSON values.
JSONObject: TypeAlias = "dict[str, JSONValue]"
