"""What one search did: :class:`SearchInfo`, the value, depth, nodes, seconds and line every
searcher reports, and one subclass per agent family for what that family adds, in typed
fields.

An agent leaves its latest search as ``agent.last``; the page (:mod:`zerosum.web.views`),
``zerosum play``, ``zs.judge(..., thinking=True)`` and a match's journal read it. Each
family says its search in words through :func:`zerosum.agents.summary.search_summary`,
which picks the words by the result's type (a new family registers its own, no list to
edit). :meth:`SearchInfo.details` gives the family's fields as the plain dict the page's
JSON and the journal hold (``extra`` before the fields were typed, still readable, with a
:class:`DeprecationWarning`).

==========================  =====================================================
:class:`MinimaxInfo`        each root move's value (``rated``), searched to the end
:class:`AlphaBetaInfo`      and the tied best moves, whether it ran compiled
:class:`UnprovenInfo`       a perfect player's alpha-beta move when no proof finished
:class:`KeptInfo`           a perfect player's move proved to keep the value
:class:`SolvedInfo`         a perfect player's full proof (:class:`SolveResult`)
:class:`MonteCarloInfo`     each move's mean over random games
:class:`MCTSInfo`           each move's visits, mean and proof in the tree
==========================  =====================================================
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, NotRequired, TypedDict, cast

from . import show
from .solve import SolveResult

if TYPE_CHECKING:
    from .trace import Trace

__all__ = ["SearchInfo", "MinimaxInfo", "AlphaBetaInfo", "UnprovenInfo", "KeptInfo"]
__all__ += ["SolvedInfo", "MonteCarloInfo", "MCTSInfo", "Rated", "from_details", "typed"]
__all__ += ["Common", "Extra"]

#: A root move an alpha-beta or minimax search rated: the action, its value for the
#: mover, and whether that value is only an upper bound (alpha-beta learnt no more than
#: that it is no better than a move searched before it).
Rated = tuple[object, float, bool]


class Common(TypedDict):
    """The fields every search reports, by name: what :class:`SearchInfo` takes."""

    value: float
    depth: int
    nodes: int
    seconds: float
    pv: NotRequired[tuple[object, ...]]
    note: NotRequired[str]
    trace: NotRequired[Trace | None]


class Extra(TypedDict, total=False):
    """The ``extra`` dict a user's agent may give, read by the keys zerosum's own agents
    wrote (each family's :meth:`~SearchInfo.details`); a key may be missing."""

    rated: Sequence[Rated]
    to_end: bool
    ties: int
    compiled: bool
    proven: dict[str, float]  # an MCTS's (the perfect player's details say a bool, read by none)
    keeps: int
    solve: SolveResult
    means: dict[str, float]
    playouts: int | None
    visits: dict[str, int]
    values: dict[str, float]
    iterations: int
    reused: int


@dataclass(frozen=True, init=False)
class SearchInfo:
    """What one search did: its value for the player to move, the depth it reached, the nodes
    it visited, the seconds it took and the principal variation (actions, best first).

    ``note`` is set when the caller's deadline cut the search short of what the agent was
    asked to do (a depth, a number of playouts, a proof): it says how far it got and
    which move it played instead. ``trace`` is the tree the search explored, kept when the
    agent was asked for it (``AlphaBeta(trace=cap)``, ``Minimax(trace=cap)``).

    What an agent family adds is in its subclass's fields (see the module), given by
    name, as ``note`` and ``trace`` are (a subclass has no ``extra`` between ``pv`` and
    ``note``). A user's agent may still pass a dict as ``extra`` (the sixth argument) to
    this class: it is kept as given, shown as it was, and said in words as the family its
    keys name."""

    value: float
    depth: int
    nodes: int
    seconds: float
    pv: tuple[object, ...] = ()
    note: str = ""
    trace: Trace | None = field(default=None, repr=False, compare=False)
    #: The dict a user's agent gave as ``extra``; empty for zerosum's own agents.
    _given: Mapping[str, object] = field(default_factory=dict, repr=False)

    #: The families in the order a user's ``extra`` dict is matched against them.
    _families: ClassVar[list[type[SearchInfo]]] = []

    def __init__(
        self,
        value: float,
        depth: int,
        nodes: int,
        seconds: float,
        pv: tuple[object, ...] = (),
        extra: Mapping[str, object] | None = None,
        note: str = "",
        trace: Trace | None = None,
        *,
        _given: Mapping[str, object] | None = None,
    ) -> None:
        given = dict(extra or _given or {})
        held = {"value": value, "depth": depth, "nodes": nodes, "seconds": seconds, "pv": pv}
        held |= {"note": note, "trace": trace, "_given": given}
        for name, it in held.items():
            object.__setattr__(self, name, it)  # frozen: set as dataclasses' own __init__ does

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "claims" in cls.__dict__:
            SearchInfo._families.append(cls)

    @classmethod
    def claims(cls, given: Mapping[str, object]) -> bool:
        """Whether a user's ``extra`` dict ``given`` is one of this family's reports (the
        first family that claims it says it in words)."""
        return False

    @classmethod
    def from_extra(cls, base: SearchInfo, given: Extra) -> SearchInfo:
        """This family's result with ``base``'s common fields and what ``given`` holds
        of its own (what is missing takes its default)."""
        return base

    def details(self) -> dict[str, object]:
        """What the family adds, as the plain dict the page's JSON (``extra``) and a
        match's journal hold, keys in the order the agents always wrote them."""
        return dict(self._given)

    @property
    def extra(self) -> dict[str, object]:
        """:meth:`details`, under its old name (deprecated: read the typed fields)."""
        warnings.warn(
            "SearchInfo.extra is deprecated: read the result's typed fields "
            "(zerosum.records.search), or details() for them all as a dict",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.details()

    @property
    def cut_short(self) -> bool:
        """Whether the caller's deadline stopped the search before it finished."""
        return bool(self.note)

    def _repr_html_(self) -> str:
        """Jupyter's drawing (:func:`zerosum.report.display.search_html`)."""
        return show.html(self)


def _common(info: SearchInfo) -> Common:
    """The fields every search reports, to build another family's result from."""
    return {
        "value": info.value,
        "depth": info.depth,
        "nodes": info.nodes,
        "seconds": info.seconds,
        "pv": info.pv,
        "note": info.note,
        "trace": info.trace,
    }


@dataclass(frozen=True, kw_only=True)
class MinimaxInfo(SearchInfo):
    """A depth-first search's (minimax's): each root move it rated (:data:`Rated`; none
    where it rated none), and whether every line ended (``to_end``), which makes its
    value the game's."""

    rated: tuple[Rated, ...] = ()
    to_end: bool = False

    @classmethod
    def from_extra(cls, base: SearchInfo, given: Extra) -> SearchInfo:
        rated = given.get("rated") or ()
        return cls(**_common(base), rated=tuple(rated), to_end=bool(given.get("to_end")))

    def details(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.rated:
            out["rated"] = self.rated
        if self.to_end:
            out["to_end"] = True
        return out


@dataclass(frozen=True, kw_only=True)
class AlphaBetaInfo(MinimaxInfo):
    """An alpha-beta search's: what minimax reports, and ``ties``, how many root moves
    shared the best value, and ``compiled``, whether the compiled kernel searched."""

    ties: int = 1
    compiled: bool = False

    def details(self) -> dict[str, object]:
        return {"ties": self.ties, "compiled": self.compiled, **super().details()}


@dataclass(frozen=True, kw_only=True)
class UnprovenInfo(AlphaBetaInfo):
    """A perfect player's move when no proof finished in time: its alpha-beta search's
    (``proven`` is False)."""

    proven: ClassVar[bool] = False

    @classmethod
    def instead(cls, info: AlphaBetaInfo, seconds: float, note: str) -> UnprovenInfo:
        """The alpha-beta search ``info`` reported as a perfect player's move: its
        ``seconds`` and ``note`` the player's."""
        own = {f.name: getattr(info, f.name) for f in dataclasses.fields(AlphaBetaInfo)}
        return cls(**{**own, "seconds": seconds, "note": note})

    def details(self) -> dict[str, object]:
        return {**super().details(), "proven": False}


@dataclass(frozen=True, kw_only=True)
class SolvedInfo(SearchInfo):
    """A perfect player's move from a full proof: ``solve``, the :class:`SolveResult`."""

    solve: SolveResult

    @classmethod
    def claims(cls, given: Mapping[str, object]) -> bool:
        return isinstance(given.get("solve"), SolveResult)

    @classmethod
    def from_extra(cls, base: SearchInfo, given: Extra) -> SearchInfo:
        return cls(**_common(base), solve=given["solve"])

    def details(self) -> dict[str, object]:
        return {"solve": self.solve}


@dataclass(frozen=True, kw_only=True)
class MCTSInfo(SearchInfo):
    """A Monte-Carlo tree search's, per root move in its human format: ``visits``, its
    mean result for the mover (``values``), and for those the solver proved, the proven
    value (``proven``); ``iterations`` run, ``reused`` visits kept from the search
    before, and whether the compiled tree ran (``compiled``)."""

    visits: dict[str, int] = field(default_factory=dict)
    values: dict[str, float] = field(default_factory=dict)
    proven: dict[str, float] = field(default_factory=dict)
    iterations: int = 0
    reused: int = 0
    compiled: bool = False

    @classmethod
    def claims(cls, given: Mapping[str, object]) -> bool:
        return isinstance(given.get("values"), dict)

    @classmethod
    def from_extra(cls, base: SearchInfo, given: Extra) -> SearchInfo:
        return cls(
            **_common(base),
            visits=dict(given.get("visits") or {}),
            values=dict(given["values"]),
            proven=dict(given.get("proven") or {}),
            iterations=int(given.get("iterations") or 0),
            reused=int(given.get("reused") or 0),
            compiled=bool(given.get("compiled")),
        )

    def details(self) -> dict[str, object]:
        return {
            "visits": self.visits,
            "values": self.values,
            "proven": self.proven,
            "iterations": self.iterations,
            "reused": self.reused,
            "compiled": self.compiled,
        }


@dataclass(frozen=True, kw_only=True)
class MonteCarloInfo(SearchInfo):
    """A flat Monte-Carlo search's: each move's mean result for the mover over its random
    games (``means``, actions in their human format), and the ``playouts`` asked per move
    (None: not said)."""

    means: dict[str, float] = field(default_factory=dict)
    playouts: int | None = None

    @classmethod
    def claims(cls, given: Mapping[str, object]) -> bool:
        return isinstance(given.get("means"), dict)

    @classmethod
    def from_extra(cls, base: SearchInfo, given: Extra) -> SearchInfo:
        return cls(**_common(base), means=dict(given["means"]), playouts=given.get("playouts"))

    def details(self) -> dict[str, object]:
        out: dict[str, object] = {"means": self.means}
        if self.playouts is not None:
            out["playouts"] = self.playouts
        return out


@dataclass(frozen=True, kw_only=True)
class KeptInfo(SearchInfo):
    """A perfect player's move proved to keep the position's value ``keeps`` (1, 0 or
    -1 for the mover), with no time left to rate the other moves."""

    keeps: int = 0
    proven: ClassVar[bool] = True

    @classmethod
    def claims(cls, given: Mapping[str, object]) -> bool:
        return given.get("keeps") in (-1, 0, 1)

    @classmethod
    def from_extra(cls, base: SearchInfo, given: Extra) -> SearchInfo:
        return cls(**_common(base), keeps=int(given["keeps"]))

    def details(self) -> dict[str, object]:
        return {"proven": True, "keeps": self.keeps}


#: Every family, the last the most specific of its line, for :func:`from_details`.
_ALL: tuple[type[SearchInfo], ...] = (
    SolvedInfo,
    MCTSInfo,
    MonteCarloInfo,
    KeptInfo,
    UnprovenInfo,
    AlphaBetaInfo,
    MinimaxInfo,
)


def typed(info: SearchInfo) -> SearchInfo:
    """``info`` as its family's result: itself, unless a user's agent built it with an
    ``extra`` dict, then the first family that claims that dict (a depth-first search's
    when none does), built from what it holds. Its words are then that family's."""
    if type(info) is not SearchInfo or not info._given:
        return info
    for family in SearchInfo._families:
        if family.claims(info._given):
            return family.from_extra(info, cast(Extra, info._given))
    return MinimaxInfo.from_extra(info, cast(Extra, info._given))


def from_details(common: Common, details: Mapping[str, object]) -> SearchInfo:
    """The result with the fields every search has (``common``: value, depth, nodes,
    seconds, pv, note) and a family's ``details`` (a journal's ``extra``): the family's
    result whose :meth:`~SearchInfo.details` give back exactly ``details``, else a
    :class:`SearchInfo` keeping them as given."""
    base = SearchInfo(**common)
    if not details:
        return base
    for family in _ALL:
        try:
            found = _from_details(family, base, details)
        except (KeyError, TypeError, ValueError):
            continue
        if found is not None:
            return found
    return SearchInfo(**common, _given=details)


def _from_details(
    family: type[SearchInfo], base: SearchInfo, details: Mapping[str, object]
) -> SearchInfo | None:
    if family in (MinimaxInfo, AlphaBetaInfo, UnprovenInfo):
        kind: type[MinimaxInfo] = family  # type: ignore[assignment]
        extra = cast(Extra, details)  # a journal's lists, read back as tuples
        rated = cast(tuple[Rated, ...], tuple(tuple(r) for r in extra.get("rated") or ()))
        to_end = bool(extra.get("to_end"))
        found: SearchInfo
        if issubclass(kind, AlphaBetaInfo):
            ties, compiled = extra["ties"], extra["compiled"]
            found = kind(**_common(base), rated=rated, to_end=to_end, ties=ties, compiled=compiled)
        else:
            found = kind(**_common(base), rated=rated, to_end=to_end)
    else:
        found = family.from_extra(base, cast(Extra, details))
    shown = found.details()
    same = list(shown) == list(details) and all(
        type(shown[k]) is type(details[k]) and shown[k] == details[k] for k in details
    )
    return found if same else None
