"""What the operator's own game raises, answered as the game's fault in one line.

A game served with ``zerosum serve --game FILE:Class`` is the operator's code: when one
of its methods raises while a request is played, the request gets 422 with what failed,
where (the deepest line outside zerosum and the installed libraries), instead of a 500
that says nothing. A built-in game's error stays a server error: that is a bug here.
"""

from __future__ import annotations

from pathlib import Path

from ..checked import users_frame
from ..game import ZerosumError

__all__ = ["fault_message"]


def fault_message(spec: str, exc: BaseException) -> str:
    """``"the game SPEC failed: ValueError: boom (nim.py, line 12)"``; a zerosum error
    (a game checked at every call names its method and line itself) as it is."""
    if isinstance(exc, ZerosumError):
        return f"the game {spec} failed: {exc}"
    text = str(exc).splitlines()[0] if str(exc).strip() else ""
    what = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    mine = users_frame(exc)
    where = f" ({Path(mine.filename).name}, line {mine.lineno})" if mine else ""
    return f"the game {spec} failed: {what}{where}"
