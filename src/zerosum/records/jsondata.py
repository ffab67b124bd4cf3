"""The type of JSON data: what ``json.loads`` returns and ``json.dumps`` takes.

One recursive alias for the payloads every layer builds or reads as JSON (the web API's
requests and answers, a sandboxed host's replies, exports), so that they are typed as
JSON rather than as anything at all.
"""

from __future__ import annotations

from typing import TypeAlias

__all__ = ["JSONValue", "JSONObject"]

#: Any JSON value: null, a boolean, a number, a string, an array or an object.
JSONValue: TypeAlias = "None | bool | int | float | str | list[JSONValue] | dict[str, JSONValue]"
#: A JSON object.
JSONObject: TypeAlias = "dict[str, JSONValue]"
