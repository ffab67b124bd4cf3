"""Which of a game's optional fast paths may be trusted: :func:`own_hook`.

A built-in game carries faster twins of its rules: compiled rules, solvers, an opening
book, symmetries, state-space counters, transposition keys. A subclass inherits them,
but they stay true only for the rules they were written for: ``class Misere(TicTacToe)``
that negates ``utility`` would otherwise be solved as tic-tac-toe. So every place that
uses such a member asks :func:`own_hook` for it, and gets it only when the game's rules
are those of the class that defined it; otherwise it gets None and takes the generic
path over the game's own methods.
"""

from __future__ import annotations

from functools import cache
from typing import Any

__all__ = ["RULE_MEMBERS", "own_hook"]

#: The members that make the rules (``evaluate`` too: compiled twins carry the heuristic).
RULE_MEMBERS = ("initial_state", "player", "actions", "result", "is_terminal", "utility",
                "evaluate")  # fmt: skip

#: Hooks whose answer another member builds: overriding that member brings a new twin.
_BUILT_BY = {
    "compiled_rules": ("_build_rules",),
    "search_kernel": ("compiled_rules", "_build_rules"),
    "playouts": ("compiled_rules", "_build_rules"),
}


def own_hook(game: Any, name: str) -> Any:
    """``getattr(game, name, None)``, or None when a subclass of the built-in class that
    defines that member changed the rules under it (overrode one of :data:`RULE_MEMBERS`
    or the class's ``rule_helpers``) without overriding the member too.

    A member set on the game itself, or defined outside zerosum (a user's own twin), is
    always the game's own.

    >>> import zerosum as zs
    >>> class Misere(zs.games.TicTacToe):
    ...     def utility(self, state, player):
    ...         return -super().utility(state, player)
    >>> own_hook(Misere(), "compiled_rules") is None, own_hook(Misere(), "key") is None
    (True, True)
    >>> class Mine(zs.games.TicTacToe):
    ...     pass
    >>> own_hook(Mine(), "compiled_rules") is not None
    True
    """
    cls: type = type(game)
    if name in getattr(game, "__dict__", ()) or _trusted(cls, name):
        return getattr(game, name, None)
    return None


@cache
def _trusted(cls: type, name: str) -> bool:
    mro = cls.__mro__

    def home(member: str) -> int:
        """Where in the method resolution order ``member`` is defined (past the end: nowhere)."""
        return next((i for i, c in enumerate(mro) if member in vars(c)), len(mro))

    owner = min(home(member) for member in (name, *_BUILT_BY.get(name, ())))
    if owner == len(mro) or not mro[owner].__module__.startswith("zerosum."):
        return True
    rules = RULE_MEMBERS + tuple(getattr(cls, "rule_helpers", ()))
    return all(home(member) >= owner for member in rules)
