"""What the built-in games share: spec strings, reprs, equality and ``print_state``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from ..game import Game


class BuiltinGame:
    """Mixin for built-in games: a game is identified by its registry name and parameters.

    Subclasses set ``name`` and implement ``params()`` and ``render(state)``. Their fast
    paths (compiled rules, solvers, symmetries, keys) are registered for the exact class
    (:func:`zerosum.fast_paths.register_fast_paths`): a subclass gets the generic path
    unless it registers them too.
    """

    name: str = ""

    def params(self) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def spec(self) -> str:
        """The spec string that rebuilds this game, e.g. ``"connect4:width=5,height=4,k=4"``."""
        args = ",".join(f"{k}={v}" for k, v in self.params().items())
        return f"{self.name}:{args}" if args else self.name

    def render(self, state: Any) -> str:
        raise NotImplementedError

    def print_state(self, state: Any) -> None:
        print(self.render(state))

    def compiled_rules(self) -> Any:
        """The game's compiled rules (``kernels/rules.py``) when its board fits them, else
        None: the optional member the compiled kernels build on. Built once per game."""
        cached = self.__dict__.get("_compiled_rules", self)
        if cached is self:
            cached = self.__dict__["_compiled_rules"] = self._build_rules()
        return cached

    def _build_rules(self) -> Any:
        return None

    def playouts(self, state: Any, n: int, seed: int) -> float:
        """Total utility for player 1 of ``n`` uniformly random playouts from ``state``
        (compiled where the board allows): :func:`zerosum.kernels.playouts.playouts`, kept
        as a member for its callers (Monte-Carlo agents reach the same compiled playouts
        through the registered compiled rules)."""
        from ..kernels.playouts import playouts

        return playouts(cast("Game[Any, Any]", self), state, n, seed)  # a game's mixin

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params().items())
        return f"{type(self).__name__}({args})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.params() == self.params()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple(self.params().items())))

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuild from parameters: cheaper to send to worker processes than the tables.
        return (_rebuild, (type(self), self.params()))


def _rebuild(cls: type, params: dict[str, Any]) -> Any:
    return cls(**params)
